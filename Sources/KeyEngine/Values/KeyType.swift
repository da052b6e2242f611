/// `kSecAttrKeyType`: Apple's values are strings of numbers (`SecItemConstants.c`), and
/// `kSecAttrKeyTypeEC` and `kSecAttrKeyTypeECSECPrimeRandom` are the same `"73"`.
public enum KeyType: String, Sendable, CaseIterable {
  case rsa = "42"
  case ellipticCurve = "73"

  /// The name a developer reads.
  public var constantName: String {
    switch self {
    case .rsa: "kSecAttrKeyTypeRSA"
    case .ellipticCurve: "kSecAttrKeyTypeECSECPrimeRandom"
    }
  }
}
