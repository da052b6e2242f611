import Testing

@testable import KeyCrypto

@Suite struct SigningTests {
  @Test(arguments: [SignatureScheme.ecdsaX962, .ecdsaRFC4754])
  func ecdsaSignaturesVerifyAndATamperedOneDoesNot(scheme: SignatureScheme) throws {
    for curve in EllipticCurve.allCases {
      let key = try AsymmetricKey.generate(curve: curve)
      let digest = try DigestAlgorithm.sha256.digest(Array("hello".utf8))
      let signature = try key.sign(digest: digest, scheme: scheme)
      if scheme == .ecdsaRFC4754 { #expect(signature.count == 2 * curve.fieldByteCount) }
      if scheme == .ecdsaX962 { #expect(signature.first == 0x30) }
      try key.publicKey().verify(signature: signature, digest: digest, scheme: scheme)
      var tampered = signature
      tampered[tampered.count - 1] ^= 0x01
      #expect(throws: KeyCryptoError.self) {
        try key.publicKey().verify(signature: tampered, digest: digest, scheme: scheme)
      }
      let otherDigest = try DigestAlgorithm.sha256.digest(Array("hellO".utf8))
      #expect(throws: KeyCryptoError.self) {
        try key.publicKey().verify(signature: signature, digest: otherDigest, scheme: scheme)
      }
    }
  }

  @Test func rsaSchemesRoundTrip() throws {
    let key = try AsymmetricKey.generateRSA(bits: 2048)
    let digest = try DigestAlgorithm.sha384.digest(Array("message".utf8))
    for scheme in [SignatureScheme.rsaPKCS1v15(.sha384), .rsaPKCS1v15(nil), .rsaPSS(.sha384)] {
      let signature = try key.sign(digest: digest, scheme: scheme)
      #expect(signature.count == 256)
      try key.publicKey().verify(signature: signature, digest: digest, scheme: scheme)
    }
    // PKCS#1 v1.5 is deterministic; PSS is salted, so two signatures differ.
    #expect(
      try key.sign(digest: digest, scheme: .rsaPKCS1v15(.sha384))
        == key.sign(digest: digest, scheme: .rsaPKCS1v15(.sha384)))
    #expect(
      try key.sign(digest: digest, scheme: .rsaPSS(.sha384))
        != key.sign(digest: digest, scheme: .rsaPSS(.sha384)))
  }

  @Test func x963KDFMatchesTheNISTVector() throws {
    // NIST CAVS ansx963_2001, SHA-256, 192-bit Z, no SharedInfo, 128-bit key data.
    let z = hex("96c05619d56c328ab95fe84b18264b08725b85e33fd34f08")
    let derived = try X963KeyDerivation.derive(
      secret: z, sharedInfo: [], byteCount: 16, digest: .sha256)
    #expect(derived == hex("443024c3dae66b95e6f5670601558f71"))
  }

  @Test func digestsHaveTheirLengths() throws {
    for digest in DigestAlgorithm.allCases {
      #expect(try digest.digest([1, 2, 3]).count == digest.byteCount)
    }
    #expect(
      try DigestAlgorithm.sha256.digest(Array("abc".utf8))
        == hex("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"))
  }
}

func hex(_ text: String) -> [UInt8] {
  var bytes: [UInt8] = []
  var index = text.startIndex
  while index < text.endIndex {
    let next = text.index(index, offsetBy: 2)
    bytes.append(UInt8(text[index..<next], radix: 16)!)
    index = next
  }
  return bytes
}
