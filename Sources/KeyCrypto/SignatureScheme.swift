/// How a signature is made from a digest: the padding and encoding SecKey's signature
/// algorithms stand for once their hashing is done (the message variants hash first).
public enum SignatureScheme: Equatable, Sendable {
  /// ECDSA; the signature is X9.62 DER `SEQUENCE { r, s }`.
  case ecdsaX962
  /// ECDSA; the signature is RFC 4754's `r || s`, each padded to the curve's size.
  case ecdsaRFC4754
  /// RSA PKCS#1 v1.5 signature padding over a DigestInfo for `digest`, or over the raw input
  /// when `digest` is nil (`rsaSignatureDigestPKCS1v15Raw`).
  case rsaPKCS1v15(DigestAlgorithm?)
  /// RSA-PSS with MGF1 over `digest` and a salt as long as the digest (Apple's choice).
  case rsaPSS(DigestAlgorithm)
  /// Textbook RSA on a block-sized input (`rsaSignatureRaw`).
  case rsaRaw
}
