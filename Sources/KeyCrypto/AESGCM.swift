internal import COpenSSL

/// AES-GCM with a 16-byte tag, as SecKey's ECIES and RSA-OAEP-AESGCM algorithms use it
/// (AES-128 or AES-256 by the key's length; the IV is whatever length the algorithm gives).
public enum AESGCM {
  public static let tagByteCount = 16

  /// `ciphertext || tag`.
  public static func seal(_ plaintext: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8] = [])
    throws(KeyCryptoError) -> [UInt8]
  {
    let context = try start(key: key, iv: iv, encrypt: true)
    defer { EVP_CIPHER_CTX_free(context) }
    var length: Int32 = 0
    if !aad.isEmpty {
      guard EVP_EncryptUpdate(context, nil, &length, aad, Int32(aad.count)) == 1 else {
        throw OpenSSL.failure("EVP_EncryptUpdate(aad)")
      }
    }
    var output = [UInt8](repeating: 0, count: plaintext.count + tagByteCount)
    var written: Int32 = 0
    if !plaintext.isEmpty {
      guard EVP_EncryptUpdate(context, &output, &written, plaintext, Int32(plaintext.count)) == 1
      else { throw OpenSSL.failure("EVP_EncryptUpdate") }
    }
    var tag = [UInt8](repeating: 0, count: tagByteCount)
    guard EVP_EncryptFinal_ex(context, &tag, &length) == 1,
      copenssl_gcm_get_tag(context, &tag, Int32(tagByteCount)) == 1
    else { throw OpenSSL.failure("EVP_EncryptFinal_ex") }
    output.replaceSubrange(plaintext.count..., with: tag)
    return output
  }

  /// Opens `ciphertext || tag`; a wrong key or tampered bytes throw `decryptionFailed`.
  public static func open(_ sealed: [UInt8], key: [UInt8], iv: [UInt8], aad: [UInt8] = [])
    throws(KeyCryptoError) -> [UInt8]
  {
    guard sealed.count >= tagByteCount else { throw .decryptionFailed("Input data too short") }
    let context = try start(key: key, iv: iv, encrypt: false)
    defer { EVP_CIPHER_CTX_free(context) }
    let bodyCount = sealed.count - tagByteCount
    var length: Int32 = 0
    if !aad.isEmpty {
      guard EVP_DecryptUpdate(context, nil, &length, aad, Int32(aad.count)) == 1 else {
        throw OpenSSL.failure("EVP_DecryptUpdate(aad)")
      }
    }
    var output = [UInt8](repeating: 0, count: max(bodyCount, 1))
    if bodyCount > 0 {
      guard EVP_DecryptUpdate(context, &output, &length, sealed, Int32(bodyCount)) == 1 else {
        throw OpenSSL.failure("EVP_DecryptUpdate")
      }
    }
    var tag = Array(sealed[bodyCount...])
    var finalBytes = [UInt8](repeating: 0, count: 16)
    guard copenssl_gcm_set_tag(context, &tag, Int32(tagByteCount)) == 1,
      EVP_DecryptFinal_ex(context, &finalBytes, &length) == 1
    else {
      OpenSSL.clearErrors()
      OpenSSL.cleanse(&output)
      throw .decryptionFailed("Failed to aes-gcm decrypt data")
    }
    return Array(output[0..<bodyCount])
  }

  private static func start(key: [UInt8], iv: [UInt8], encrypt: Bool) throws(KeyCryptoError)
    -> OpaquePointer
  {
    let cipher: OpaquePointer
    switch key.count {
    case 16: cipher = EVP_aes_128_gcm()
    case 24: cipher = EVP_aes_192_gcm()
    case 32: cipher = EVP_aes_256_gcm()
    default: throw .invalidInput("AES keys are 16, 24 or 32 bytes, got \(key.count)")
    }
    guard let context = EVP_CIPHER_CTX_new() else { throw OpenSSL.failure("EVP_CIPHER_CTX_new") }
    let initialise = encrypt ? EVP_EncryptInit_ex : EVP_DecryptInit_ex
    guard initialise(context, cipher, nil, nil, nil) == 1,
      copenssl_gcm_set_iv_length(context, Int32(iv.count)) == 1,
      initialise(context, nil, nil, key, iv) == 1
    else {
      EVP_CIPHER_CTX_free(context)
      throw OpenSSL.failure("EVP_CipherInit_ex(AES-GCM)")
    }
    return context
  }
}
