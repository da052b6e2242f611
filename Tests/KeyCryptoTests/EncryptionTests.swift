import Testing

@testable import KeyCrypto

@Suite struct EncryptionTests {
  @Test func rsaPaddingsRoundTripAndRespectTheirLimits() throws {
    let key = try AsymmetricKey.generateRSA(bits: 2048)
    let publicKey = try key.publicKey()
    for padding in [RSAPadding.pkcs1, .oaep(.sha1), .oaep(.sha256), .oaep(.sha512)] {
      let limit = padding.maximumPlaintextByteCount(blockByteCount: 256)
      let message = [UInt8](repeating: 7, count: limit)
      let ciphertext = try publicKey.rsaEncrypt(message, padding: padding)
      #expect(ciphertext.count == 256)
      #expect(try key.rsaDecrypt(ciphertext, padding: padding) == message)
      #expect(throws: KeyCryptoError.self) {
        try publicKey.rsaEncrypt(message + [0], padding: padding)
      }
    }
    #expect(RSAPadding.oaep(.sha256).maximumPlaintextByteCount(blockByteCount: 256) == 190)
    let ciphertext = try publicKey.rsaEncrypt([1, 2, 3], padding: .oaep(.sha256))
    let other = try AsymmetricKey.generateRSA(bits: 2048)
    #expect(throws: KeyCryptoError.self) { try other.rsaDecrypt(ciphertext, padding: .oaep(.sha256)) }
  }

  @Test(arguments: [false, true])
  func eciesRoundTripsWithApplesLayout(variableIV: Bool) throws {
    for curve in EllipticCurve.allCases {
      let key = try AsymmetricKey.generate(curve: curve)
      let scheme = IntegratedEncryption(digest: .sha256, variableIV: variableIV)
      let message = Array("refresh token".utf8)
      let ciphertext = try scheme.encrypt(message, to: key.publicKey())
      // ephemeral public key || ciphertext || 16-byte tag
      #expect(ciphertext.count == curve.publicKeyByteCount + message.count + 16)
      #expect(try scheme.decrypt(ciphertext, with: key) == message)
      var tampered = ciphertext
      tampered[curve.publicKeyByteCount] ^= 1
      #expect(throws: KeyCryptoError.self) { try scheme.decrypt(tampered, with: key) }
      let other = try AsymmetricKey.generate(curve: curve)
      #expect(throws: KeyCryptoError.self) { try scheme.decrypt(ciphertext, with: other) }
    }
  }

  @Test func eciesDecryptsWhatAnIndependentCompositionEncrypted() throws {
    // The layout read from SecKeyAdaptors.m, composed by hand from the primitives: if the
    // scheme's KDF input, key length or IV differ from it, decryption fails.
    let recipient = try AsymmetricKey.generate(curve: .p256)
    let ephemeral = try AsymmetricKey.generate(curve: .p256)
    let ephemeralPublic = try ephemeral.publicKeyBytes()
    let secret = try ephemeral.sharedSecret(with: recipient.publicKey())
    let derived = try X963KeyDerivation.derive(
      secret: secret, sharedInfo: ephemeralPublic, byteCount: 32, digest: .sha256)
    let sealed = try AESGCM.seal(
      Array("hi".utf8), key: Array(derived[0..<16]), iv: Array(derived[16...]))
    let scheme = IntegratedEncryption(digest: .sha256, variableIV: true)
    #expect(try scheme.decrypt(ephemeralPublic + sealed, with: recipient) == Array("hi".utf8))
  }

  @Test func ecdhIsSymmetric() throws {
    let alice = try AsymmetricKey.generate(curve: .p384)
    let bob = try AsymmetricKey.generate(curve: .p384)
    let ab = try alice.sharedSecret(with: bob.publicKey())
    #expect(ab.count == 48)
    #expect(ab == (try bob.sharedSecret(with: alice.publicKey())))
    let p256 = try AsymmetricKey.generate(curve: .p256)
    #expect(throws: KeyCryptoError.self) { try alice.sharedSecret(with: p256.publicKey()) }
  }
}
