internal import COpenSSL

extension AsymmetricKey {
  /// Signs `digest` (already hashed; for `.rsaRaw` a block-sized input) with this private key.
  public func sign(digest: [UInt8], scheme: SignatureScheme) throws(KeyCryptoError) -> [UInt8] {
    let context = try operationContext()
    defer { EVP_PKEY_CTX_free(context) }
    guard EVP_PKEY_sign_init(context) == 1 else { throw OpenSSL.failure("EVP_PKEY_sign_init") }
    try configureSignature(context, scheme)
    var length = 0
    guard EVP_PKEY_sign(context, nil, &length, digest, digest.count) == 1 else {
      throw signingFailure(scheme, digest: digest)
    }
    var signature = [UInt8](repeating: 0, count: length)
    guard EVP_PKEY_sign(context, &signature, &length, digest, digest.count) == 1 else {
      throw signingFailure(scheme, digest: digest)
    }
    signature.removeSubrange(length...)
    guard case .ellipticCurve(let curve) = family, scheme == .ecdsaRFC4754 else {
      return signature
    }
    return try ECDSASignatureEncoding.rawFromDER(signature, fieldByteCount: curve.fieldByteCount)
  }

  /// Whether `signature` is this public key's signature of `digest`; a signature that is not
  /// well formed is a mismatch too (``KeyCryptoError/verificationFailed(_:)``).
  public func verify(signature: [UInt8], digest: [UInt8], scheme: SignatureScheme)
    throws(KeyCryptoError)
  {
    var signature = signature
    if case .ellipticCurve(let curve) = family, scheme == .ecdsaRFC4754 {
      guard signature.count == 2 * curve.fieldByteCount else {
        throw .verificationFailed("Wrong ECDSA RFC4754 signature")
      }
      signature = try ECDSASignatureEncoding.derFromRaw(signature)
    }
    let context = try operationContext()
    defer { EVP_PKEY_CTX_free(context) }
    guard EVP_PKEY_verify_init(context) == 1 else {
      throw OpenSSL.failure("EVP_PKEY_verify_init")
    }
    try configureSignature(context, scheme)
    let result = EVP_PKEY_verify(context, signature, signature.count, digest, digest.count)
    OpenSSL.clearErrors()
    guard result == 1 else {
      let kind =
        switch family {
        case .ellipticCurve: "EC"
        case .rsa: "RSA"
        }
      throw .verificationFailed("\(kind) signature verification failed, no match")
    }
  }

  func operationContext() throws(KeyCryptoError) -> OpaquePointer {
    guard let context = EVP_PKEY_CTX_new_from_pkey(nil, handle, nil) else {
      throw OpenSSL.failure("EVP_PKEY_CTX_new_from_pkey")
    }
    return context
  }

  private func configureSignature(_ context: OpaquePointer, _ scheme: SignatureScheme)
    throws(KeyCryptoError)
  {
    let configured: Bool
    switch scheme {
    case .ecdsaX962, .ecdsaRFC4754:
      configured = true
    case .rsaPKCS1v15(let digest):
      configured =
        EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING) == 1
        && (digest.map { EVP_PKEY_CTX_set_signature_md(context, $0.evpDigest) == 1 } ?? true)
    case .rsaPSS(let digest):
      configured =
        EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PSS_PADDING) == 1
        && EVP_PKEY_CTX_set_signature_md(context, digest.evpDigest) == 1
        && EVP_PKEY_CTX_set_rsa_mgf1_md(context, digest.evpDigest) == 1
        && EVP_PKEY_CTX_set_rsa_pss_saltlen(context, Int32(digest.byteCount)) == 1
    case .rsaRaw:
      configured = EVP_PKEY_CTX_set_rsa_padding(context, RSA_NO_PADDING) == 1
    }
    guard configured else { throw OpenSSL.failure("configuring the signature (\(scheme))") }
  }

  private func signingFailure(_ scheme: SignatureScheme, digest: [UInt8]) -> KeyCryptoError {
    let reasons = OpenSSL.queuedReasons()
    if case .rsaRaw = scheme, digest.count != blockByteCount {
      return .invalidInput(
        "raw RSA signs exactly \(blockByteCount) bytes, got \(digest.count)")
    }
    if case .rsa = family, digest.count > blockByteCount - 11 {
      return .invalidInput("\(digest.count) bytes are too long to sign with this RSA key")
    }
    return .libraryFailure("EVP_PKEY_sign failed" + reasons)
  }
}
