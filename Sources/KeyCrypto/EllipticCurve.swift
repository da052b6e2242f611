/// The NIST prime curves SecKey generates software keys on (`kSecAttrKeyTypeECSECPrimeRandom`
/// with 256, 384 or 521 bits); the Secure Enclave has P-256 only.
public enum EllipticCurve: Int, CaseIterable, Sendable {
  case p256 = 256
  case p384 = 384
  case p521 = 521

  /// The key size Apple reports (`kSecAttrKeySizeInBits`).
  public var bits: Int { rawValue }

  /// Bytes of one coordinate or of the private scalar: X9.63 pads each to this size.
  public var fieldByteCount: Int { (bits + 7) / 8 }

  /// Length of the X9.63 uncompressed public point `04 || X || Y`.
  public var publicKeyByteCount: Int { 1 + 2 * fieldByteCount }

  /// Length of Apple's X9.63 private representation `04 || X || Y || K`.
  public var privateKeyByteCount: Int { 1 + 3 * fieldByteCount }

  /// libcrypto's group name.
  var groupName: String {
    switch self {
    case .p256: "P-256"
    case .p384: "P-384"
    case .p521: "P-521"
    }
  }

  /// The curve whose X9.63 representation, public or private, has `count` bytes: how
  /// SecKeyCreateWithData tells the curve from the data and the key class.
  public static func forRepresentation(byteCount count: Int, isPrivate: Bool) -> EllipticCurve? {
    allCases.first {
      (isPrivate ? $0.privateKeyByteCount : $0.publicKeyByteCount) == count
    }
  }
}
