/// The deprecated SecKeyRawSign / SecKeyRawVerify / SecKeyEncrypt / SecKeyDecrypt name a
/// `SecPadding`, not an algorithm; SecKey.m maps one to the other
/// (`SecKeyGetSignatureAlgorithmForPadding`, `SecKeyGetEncryptionAlgorithmForPadding`, iOS).
public enum LegacyPadding {
  public static let none: UInt32 = 0
  public static let pkcs1: UInt32 = 1
  public static let oaep: UInt32 = 2
  public static let sigRaw: UInt32 = 0x4000

  /// `errSSLCrypto` (SecureTransport.h): what the legacy verification answers where the new API
  /// answers errSecVerifyFailed (SecKey.m `SecKeyPerformLegacyOperation`).
  public static let sslCryptoStatus: Int32 = -9809

  /// The signature algorithm for `padding` on a key of `type`; `nil` (errSecParam) for a
  /// padding the key type has none for.
  public static func signatureAlgorithm(_ padding: UInt32, keyType: KeyType, digestSize: Int)
    -> KeyAlgorithm?
  {
    switch keyType {
    case .rsa:
      let digests: [UInt32: String] = [
        0x8002: "SHA1", 0x8003: "SHA224", 0x8004: "SHA256", 0x8005: "SHA384", 0x8006: "SHA512",
      ]
      if padding == none { return KeyAlgorithm(rawValue: "algid:sign:RSA:raw") }
      if padding == pkcs1 { return KeyAlgorithm(rawValue: "algid:sign:RSA:digest-PKCS1v15") }
      guard let digest = digests[padding] else { return nil }
      return KeyAlgorithm(rawValue: "algid:sign:RSA:digest-PKCS1v15:\(digest)")
    case .ellipticCurve:
      if padding == sigRaw { return KeyAlgorithm(rawValue: "algid:sign:ECDSA:digest-RFC4754") }
      // "previous SecECKey implementation really considered anything else than SigRaw (incl.
      // None!) as PKCS1 (i.e. x962)"; PKCS1 with a digest of a known size names that hash.
      let sized: [Int: String] = [20: "SHA1", 28: "SHA224", 32: "SHA256", 48: "SHA384", 64: "SHA512"]
      if padding == pkcs1, let digest = sized[digestSize] {
        return KeyAlgorithm(rawValue: "algid:sign:ECDSA:digest-X962:\(digest)")
      }
      return KeyAlgorithm(rawValue: "algid:sign:ECDSA:digest-X962")
    }
  }

  /// The encryption algorithm for `padding`: RSA only (none, PKCS#1, OAEP with SHA-1).
  public static func encryptionAlgorithm(_ padding: UInt32, keyType: KeyType) -> KeyAlgorithm? {
    guard keyType == .rsa else { return nil }
    switch padding {
    case none: return KeyAlgorithm(rawValue: "algid:encrypt:RSA:raw")
    case pkcs1: return KeyAlgorithm(rawValue: "algid:encrypt:RSA:PKCS1")
    case oaep: return KeyAlgorithm(rawValue: "algid:encrypt:RSA:OAEP:SHA1")
    default: return nil
    }
  }
}
