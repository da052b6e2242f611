import Testing

@testable import KeyCrypto

@Suite struct AsymmetricKeyTests {
  @Test(arguments: EllipticCurve.allCases)
  func ecExternalRepresentationsHaveApplesSizesAndRoundTrip(curve: EllipticCurve) throws {
    let key = try AsymmetricKey.generate(curve: curve)
    let privateBytes = try key.externalRepresentation()
    let publicBytes = try key.publicKey().externalRepresentation()
    #expect(privateBytes.count == curve.privateKeyByteCount)
    #expect(publicBytes.count == curve.publicKeyByteCount)
    #expect(privateBytes.first == 0x04 && publicBytes.first == 0x04)
    // 04 || X || Y || K: the public point is the private representation's prefix.
    #expect(Array(privateBytes[0..<publicBytes.count]) == publicBytes)
    let reimported = try AsymmetricKey.ellipticCurve(x963: privateBytes, isPrivate: true)
    #expect(reimported.isPrivate && reimported.family == .ellipticCurve(curve))
    #expect(try reimported.externalRepresentation() == privateBytes)
  }

  @Test func rsaUsesPKCS1AndAcceptsSubjectPublicKeyInfoForPublicKeys() throws {
    let key = try AsymmetricKey.generateRSA(bits: 2048)
    #expect(key.family == .rsa(bits: 2048))
    #expect(key.blockByteCount == 256)
    let privateDER = try key.externalRepresentation()
    let publicDER = try key.publicKey().externalRepresentation()
    // PKCS#1 RSAPrivateKey starts SEQUENCE { INTEGER 0 (version), ... }.
    #expect(Array(privateDER[0..<1]) == [0x30])
    #expect(try AsymmetricKey.rsa(der: privateDER, isPrivate: true).externalRepresentation()
      == privateDER)
    let fromSPKI = try AsymmetricKey.rsa(der: key.subjectPublicKeyInfo(), isPrivate: false)
    #expect(try fromSPKI.externalRepresentation() == publicDER)
  }

  @Test func malformedKeyDataIsRefusedWithAReason() throws {
    #expect(throws: KeyCryptoError.self) { try AsymmetricKey.ellipticCurve(x963: [0x04, 1, 2], isPrivate: false) }
    // Right length, not on the curve.
    var offCurve = [UInt8](repeating: 0x11, count: 65)
    offCurve[0] = 0x04
    #expect(throws: KeyCryptoError.self) { try AsymmetricKey.ellipticCurve(x963: offCurve, isPrivate: false) }
    // A private representation whose scalar does not belong to its point.
    let one = try AsymmetricKey.generate(curve: .p256).externalRepresentation()
    let other = try AsymmetricKey.generate(curve: .p256).externalRepresentation()
    let mixed = Array(one[0..<65]) + Array(other[65...])
    #expect(throws: KeyCryptoError.self) { try AsymmetricKey.ellipticCurve(x963: mixed, isPrivate: true) }
    #expect(throws: KeyCryptoError.self) {
      try AsymmetricKey.rsa(der: [0x30, 0x03, 0x02, 0x01, 0x00], isPrivate: true)
    }
  }

  @Test func descriptionNeverShowsKeyBytes() throws {
    let key = try AsymmetricKey.generate(curve: .p256)
    #expect(key.description == "<private ellipticCurve(KeyCrypto.EllipticCurve.p256) key>")
  }
}
