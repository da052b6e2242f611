internal import COpenSSL

extension AsymmetricKey {
  /// RSA-encrypts `plaintext` with this public key.
  public func rsaEncrypt(_ plaintext: [UInt8], padding: RSAPadding) throws(KeyCryptoError)
    -> [UInt8]
  {
    let limit = padding.maximumPlaintextByteCount(blockByteCount: blockByteCount)
    if padding == .none, plaintext.count != blockByteCount {
      throw .invalidInput("raw RSA encrypts exactly \(blockByteCount) bytes, got \(plaintext.count)")
    }
    guard plaintext.count <= limit else {
      throw .invalidInput(
        "\(plaintext.count) bytes are too long for this \(family.bits)-bit RSA key and padding "
          + "(at most \(limit))")
    }
    return try rsaCipher(plaintext, padding: padding, encrypt: true)
  }

  /// RSA-decrypts `ciphertext` with this private key.
  public func rsaDecrypt(_ ciphertext: [UInt8], padding: RSAPadding) throws(KeyCryptoError)
    -> [UInt8]
  {
    guard ciphertext.count == blockByteCount else {
      throw .decryptionFailed("RSAdecrypt wrong input (err -23)")
    }
    return try rsaCipher(ciphertext, padding: padding, encrypt: false)
  }

  private func rsaCipher(_ input: [UInt8], padding: RSAPadding, encrypt: Bool)
    throws(KeyCryptoError) -> [UInt8]
  {
    let context = try operationContext()
    defer { EVP_PKEY_CTX_free(context) }
    let started = encrypt ? EVP_PKEY_encrypt_init(context) : EVP_PKEY_decrypt_init(context)
    guard started == 1 else { throw OpenSSL.failure("EVP_PKEY_encrypt/decrypt_init") }
    let configured: Bool
    switch padding {
    case .none: configured = EVP_PKEY_CTX_set_rsa_padding(context, RSA_NO_PADDING) == 1
    case .pkcs1: configured = EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_PADDING) == 1
    case .oaep(let digest):
      configured =
        EVP_PKEY_CTX_set_rsa_padding(context, RSA_PKCS1_OAEP_PADDING) == 1
        && EVP_PKEY_CTX_set_rsa_oaep_md(context, digest.evpDigest) == 1
        && EVP_PKEY_CTX_set_rsa_mgf1_md(context, digest.evpDigest) == 1
    }
    guard configured else { throw OpenSSL.failure("configuring RSA padding") }
    var length = 0
    var output = [UInt8](repeating: 0, count: blockByteCount)
    length = output.count
    let done =
      encrypt
      ? EVP_PKEY_encrypt(context, &output, &length, input, input.count)
      : EVP_PKEY_decrypt(context, &output, &length, input, input.count)
    guard done == 1 else {
      if encrypt { throw OpenSSL.failure("EVP_PKEY_encrypt") }
      OpenSSL.clearErrors()
      throw .decryptionFailed("RSAdecrypt wrong input (err -27)")
    }
    output.removeSubrange(length...)
    return output
  }

  /// The raw ECDH shared secret of this private key and `peer`'s public key: the x coordinate,
  /// as long as the curve's field (`ecdhKeyExchangeStandard`; on the NIST curves the cofactor is
  /// 1, so the cofactor variant gives the same bytes).
  public func sharedSecret(with peer: AsymmetricKey) throws(KeyCryptoError) -> [UInt8] {
    guard case .ellipticCurve(let curve) = family, case .ellipticCurve(let peerCurve) = peer.family
    else { throw .invalidInput("ECDH needs two elliptic-curve keys") }
    guard curve == peerCurve else {
      throw .invalidInput("ECDH needs keys on the same curve (\(curve.bits) and \(peerCurve.bits) bits)")
    }
    let context = try operationContext()
    defer { EVP_PKEY_CTX_free(context) }
    guard EVP_PKEY_derive_init(context) == 1, EVP_PKEY_derive_set_peer(context, peer.handle) == 1
    else { throw OpenSSL.failure("EVP_PKEY_derive_init/set_peer") }
    var length = curve.fieldByteCount
    var secret = [UInt8](repeating: 0, count: length)
    guard EVP_PKEY_derive(context, &secret, &length) == 1 else {
      throw OpenSSL.failure("EVP_PKEY_derive")
    }
    return Array(secret[0..<length])
  }
}
