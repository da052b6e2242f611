/// ECIES as SecKey implements it (`SecKeyAdaptors.m`, `SecKeyECIESCopyEncryptedData`):
/// an ephemeral key pair on the recipient's curve, ECDH, the X9.63 KDF with the ephemeral
/// public key (then the caller's shared info) as shared info, and AES-GCM with a 16-byte tag.
/// The AES key is 16 bytes for curves up to 256 bits, 32 above. The legacy algorithms use an
/// all-zero 16-byte IV; the "VariableIV" ones take 16 more KDF bytes as the IV.
/// The ciphertext is `ephemeral public key (X9.63) || AES-GCM ciphertext || tag`.
public struct IntegratedEncryption: Sendable {
  public var digest: DigestAlgorithm
  public var variableIV: Bool

  public init(digest: DigestAlgorithm, variableIV: Bool) {
    self.digest = digest
    self.variableIV = variableIV
  }

  static let ivByteCount = 16

  public func encrypt(_ plaintext: [UInt8], to recipient: AsymmetricKey) throws(KeyCryptoError)
    -> [UInt8]
  {
    guard case .ellipticCurve(let curve) = recipient.family, !recipient.isPrivate else {
      throw .invalidInput("ECIES encrypts to an elliptic-curve public key")
    }
    let ephemeral = try AsymmetricKey.generate(curve: curve)
    let ephemeralPublic = try ephemeral.publicKeyBytes()
    var (key, iv) = try keyAndIV(
      secret: try ephemeral.sharedSecret(with: recipient), ephemeralPublic: ephemeralPublic,
      curve: curve)
    defer { OpenSSL.cleanse(&key) }
    return ephemeralPublic + (try AESGCM.seal(plaintext, key: key, iv: iv))
  }

  public func decrypt(_ ciphertext: [UInt8], with recipient: AsymmetricKey) throws(KeyCryptoError)
    -> [UInt8]
  {
    guard case .ellipticCurve(let curve) = recipient.family, recipient.isPrivate else {
      throw .invalidInput("ECIES decrypts with an elliptic-curve private key")
    }
    let pointLength = curve.publicKeyByteCount
    guard ciphertext.count >= pointLength else {
      throw .decryptionFailed("too small input packet for ECIES decrypt")
    }
    let ephemeralPublic = Array(ciphertext[0..<pointLength])
    let ephemeral: AsymmetricKey
    do {
      ephemeral = try AsymmetricKey.ellipticCurve(x963: ephemeralPublic, isPrivate: false)
    } catch {
      throw .decryptionFailed("ECIES: the ephemeral public key is not a point on the curve")
    }
    var (key, iv) = try keyAndIV(
      secret: try recipient.sharedSecret(with: ephemeral), ephemeralPublic: ephemeralPublic,
      curve: curve)
    defer { OpenSSL.cleanse(&key) }
    do {
      return try AESGCM.open(Array(ciphertext[pointLength...]), key: key, iv: iv)
    } catch {
      throw .decryptionFailed("ECIES: Failed to aes-gcm decrypt data")
    }
  }

  private func keyAndIV(secret: [UInt8], ephemeralPublic: [UInt8], curve: EllipticCurve)
    throws(KeyCryptoError) -> (key: [UInt8], iv: [UInt8])
  {
    var secret = secret
    defer { OpenSSL.cleanse(&secret) }
    let keyByteCount = curve.bits > 256 ? 32 : 16
    var derived = try X963KeyDerivation.derive(
      secret: secret, sharedInfo: ephemeralPublic,
      byteCount: keyByteCount + (variableIV ? Self.ivByteCount : 0), digest: digest)
    defer { OpenSSL.cleanse(&derived) }
    let key = Array(derived[0..<keyByteCount])
    let iv =
      variableIV
      ? Array(derived[keyByteCount...]) : [UInt8](repeating: 0, count: Self.ivByteCount)
    return (key, iv)
  }
}
