/// What kind of asymmetric key: an elliptic-curve key on one of the NIST curves, or RSA with
/// its modulus size.
public enum KeyFamily: Equatable, Hashable, Sendable {
  case ellipticCurve(EllipticCurve)
  case rsa(bits: Int)

  /// `kSecAttrKeySizeInBits`.
  public var bits: Int {
    switch self {
    case .ellipticCurve(let curve): curve.bits
    case .rsa(let bits): bits
    }
  }
}
