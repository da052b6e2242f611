/// RSA encryption paddings SecKey's `rsaEncryption...` algorithms stand for.
public enum RSAPadding: Equatable, Sendable {
  /// Textbook RSA on a block-sized input (`rsaEncryptionRaw`).
  case none
  /// PKCS#1 v1.5 type 2 (`rsaEncryptionPKCS1`): at most block - 11 bytes.
  case pkcs1
  /// OAEP with MGF1, both over `digest`, and no label: at most block - 2·hLen - 2 bytes.
  case oaep(DigestAlgorithm)

  /// The longest plaintext this padding takes for a key of `blockByteCount` bytes.
  public func maximumPlaintextByteCount(blockByteCount: Int) -> Int {
    switch self {
    case .none: blockByteCount
    case .pkcs1: blockByteCount - 11
    case .oaep(let digest): blockByteCount - 2 * digest.byteCount - 2
    }
  }
}
