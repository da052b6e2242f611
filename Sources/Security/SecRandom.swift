// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Apple's C names, spelled as Apple spells them.
import Foundation

/// `SecRandomRef`: only the default generator exists.
public typealias SecRandomRef = OpaquePointer

/// `kSecRandomDefault`: `NULL`, the system's generator.
nonisolated(unsafe) public let kSecRandomDefault: SecRandomRef? = nil

/// Fills `bytes` with `count` cryptographically secure random bytes (the system generator,
/// getrandom on Linux). Returns errSecSuccess, or errSecParam for a negative count or a
/// generator other than ``kSecRandomDefault``.
@discardableResult
public func SecRandomCopyBytes(
  _ rnd: SecRandomRef?, _ count: Int, _ bytes: UnsafeMutableRawPointer
) -> Int32 {
  guard rnd == nil, count >= 0 else { return errSecParam }
  var generator = SystemRandomNumberGenerator()
  let buffer = UnsafeMutableRawBufferPointer(start: bytes, count: count)
  var index = 0
  while index < count {
    let word = generator.next()
    withUnsafeBytes(of: word) { wordBytes in
      for byte in wordBytes where index < count {
        buffer[index] = byte
        index += 1
      }
    }
  }
  return errSecSuccess
}
