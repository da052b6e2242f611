/// `SecKeyOperationType`, with Apple's raw values (SecKey.h).
public enum KeyOperation: Int, Sendable, CaseIterable {
  case sign = 0
  case verify = 1
  case encrypt = 2
  case decrypt = 3
  case keyExchange = 4
}
