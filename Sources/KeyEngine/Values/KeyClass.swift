/// `kSecAttrKeyClass`: `"0"` public, `"1"` private (symmetric keys are not modelled).
public enum KeyClass: String, Sendable {
  case `public` = "0"
  case `private` = "1"

  public var constantName: String {
    switch self {
    case .public: "kSecAttrKeyClassPublic"
    case .private: "kSecAttrKeyClassPrivate"
    }
  }
}
