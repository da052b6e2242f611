import KeyCrypto

/// `rsaEncryptionOAEP…AESGCM` (`SecKeyAdaptors.m`, `SecKeyRSAAESGCMCopyEncryptedData`): a random
/// AES session key (16 bytes below 4096-bit RSA, 32 from 4096) wrapped with RSA-OAEP, then
/// AES-GCM with an all-zero 16-byte IV and the recipient's PKCS#1 public key as additional
/// data. The ciphertext is `wrapped session key || AES-GCM ciphertext || 16-byte tag`.
struct RSAKeyWrap {
  let digest: DigestAlgorithm
  private static let iv = [UInt8](repeating: 0, count: 16)

  func encrypt(_ plaintext: [UInt8], to key: AsymmetricKey) throws -> [UInt8] {
    var sessionKey = try KeyRandom.bytes(key.family.bits >= 4096 ? 32 : 16)
    defer { KeyRandom.wipe(&sessionKey) }
    let wrapped = try key.rsaEncrypt(sessionKey, padding: .oaep(digest))
    let sealed = try AESGCM.seal(
      plaintext, key: sessionKey, iv: Self.iv, aad: key.externalRepresentation())
    return wrapped + sealed
  }

  func decrypt(_ ciphertext: [UInt8], with key: AsymmetricKey) throws -> [UInt8] {
    let wrappedCount = key.blockByteCount
    guard ciphertext.count >= wrappedCount + AESGCM.tagByteCount else {
      throw KeyFailure.param("RSA-WRAP too short input data")
    }
    var sessionKey = try key.rsaDecrypt(Array(ciphertext[0..<wrappedCount]), padding: .oaep(digest))
    defer { KeyRandom.wipe(&sessionKey) }
    guard sessionKey.count == (key.family.bits >= 4096 ? 32 : 16) else {
      throw KeyFailure.param("RSA-WRAP bad ciphertext, unexpected session key size")
    }
    do {
      return try AESGCM.open(
        Array(ciphertext[wrappedCount...]), key: sessionKey, iv: Self.iv,
        aad: key.publicKey().externalRepresentation())
    } catch {
      throw KeyFailure.param("RSA-WRAP: Failed to aes-gcm decrypt data")
    }
  }
}
