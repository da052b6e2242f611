/// `kSecAttrKeyType`: Apple's values are strings of numbers (`SecItemConstants.c`), and
/// `kSecAttrKeyTypeEC` and `kSecAttrKeyTypeECSECPrimeRandom` are the same `"73"`.
public enum KeyType: String, Sendable, CaseIterable {
  case rsa = "42"
  case ellipticCurve = "73"

  /// The type a `kSecAttrKeyType` value names: the string constant, or the number the
  /// keychain stores (`SecKeyCreateWithData` takes either).
  public init?(attributeValue text: String) {
    self.init(rawValue: text)
  }

  /// The name a developer reads.
  public var constantName: String {
    switch self {
    case .rsa: "kSecAttrKeyTypeRSA"
    case .ellipticCurve: "kSecAttrKeyTypeECSECPrimeRandom"
    }
  }
}
