import Foundation
import KeychainEngine
import Testing

@testable import KeyEngine

@Suite struct KeyOperationTests {
  static let ecKey = try! KeyGeneration(parameters: ["type": .string("73"), "bsiz": .number(256)])
  static let rsaKey = try! KeyGeneration(parameters: ["type": .string("42"), "bsiz": .number(2048)])

  func algorithm(_ name: String) throws -> KeyAlgorithm {
    try #require(KeyAlgorithm.all.first { $0.name == name })
  }

  @Test func theCatalogHasApplesRawStringsOnce() throws {
    #expect(Set(KeyAlgorithm.all.map(\.rawValue)).count == KeyAlgorithm.all.count)
    #expect(Set(KeyAlgorithm.all.map(\.name)).count == KeyAlgorithm.all.count)
    #expect(
      try algorithm("ecdsaSignatureMessageX962SHA256").rawValue
        == "algid:sign:ECDSA:message-X962:SHA256")
    #expect(
      try algorithm("rsaSignatureMessagePSSSHA512").rawValue
        == "algid:sign:RSA:message-PSS:SHA512:SHA512:64")
    #expect(
      try algorithm("eciesEncryptionCofactorVariableIVX963SHA256AESGCM").rawValue
        == "algid:encrypt:ECIES:ECDHC:KDFX963:SHA256:AESGCM-KDFIV")
    #expect(try algorithm("ecdhKeyExchangeStandardX963SHA1").rawValue
      == "algid:keyexchange:ECDH:KDFX963:SHA1")
    #expect(KeyAlgorithm(rawValue: "algid:sign:ECDSA:message-X962:SHA256") != nil)
    #expect(KeyAlgorithm(rawValue: "algid:sign:ECDSA:message-X962:MD5") == nil)
  }

  @Test func supportFollowsTheKeysTypeAndClass() throws {
    let sign = try algorithm("ecdsaSignatureMessageX962SHA256")
    let ecies = try algorithm("eciesEncryptionStandardVariableIVX963SHA256AESGCM")
    let privateKey = Self.ecKey.privateKey
    let publicKey = Self.ecKey.publicKey
    #expect(privateKey.supports(.sign, sign) && !privateKey.supports(.verify, sign))
    #expect(publicKey.supports(.verify, sign) && !publicKey.supports(.sign, sign))
    #expect(publicKey.supports(.encrypt, ecies) && privateKey.supports(.decrypt, ecies))
    #expect(!Self.rsaKey.privateKey.supports(.sign, sign))
    #expect(privateKey.supports(.keyExchange, try algorithm("ecdhKeyExchangeStandard")))
  }

  @Test func signVerifyAndApplesFailures() throws {
    let message = Data("device binding challenge".utf8)
    for name in ["ecdsaSignatureMessageX962SHA256", "ecdsaSignatureMessageRFC4754SHA384"] {
      let alg = try algorithm(name)
      let signature = try Self.ecKey.privateKey.signature(alg, of: message)
      try Self.ecKey.publicKey.verify(alg, signature: signature, of: message)
      do {
        try Self.ecKey.publicKey.verify(alg, signature: signature, of: message + Data([0]))
        Issue.record("a signature of other data must not verify")
      } catch {
        #expect(error.status.rawValue == -67808)  // errSecVerifyFailed
      }
    }
    for name in [
      "rsaSignatureMessagePKCS1v15SHA256", "rsaSignatureMessagePSSSHA256",
      "rsaSignatureDigestPKCS1v15SHA1",
    ] {
      let alg = try algorithm(name)
      let input = name.contains("Digest") ? Data(repeating: 1, count: 20) : message
      let signature = try Self.rsaKey.privateKey.signature(alg, of: input)
      try Self.rsaKey.publicKey.verify(alg, signature: signature, of: input)
    }
    // A digest algorithm given the wrong length.
    #expect(
      throws: KeyFailure(
        .errSecParam, "bad digest size for signing with algorithm algid:sign:ECDSA:digest-X962:SHA256")
    ) {
      try Self.ecKey.privateKey.signature(try algorithm("ecdsaSignatureDigestX962SHA256"), of: message)
    }
    // Signing with a public key.
    let sign = try algorithm("ecdsaSignatureMessageX962SHA256")
    do {
      _ = try Self.ecKey.publicKey.signature(sign, of: message)
      Issue.record("a public key must not sign")
    } catch {
      #expect(error.status == .errSecParam)
      #expect(error.message.contains("algorithm not supported by the key"))
    }
  }

  @Test func encryptionRoundTripsAndAWrongKeyIsErrSecParam() throws {
    let plaintext = Data("refresh-token-r1".utf8)
    for (key, name) in [
      (Self.ecKey, "eciesEncryptionStandardX963SHA256AESGCM"),
      (Self.ecKey, "eciesEncryptionCofactorVariableIVX963SHA384AESGCM"),
      (Self.rsaKey, "rsaEncryptionOAEPSHA256"),
      (Self.rsaKey, "rsaEncryptionPKCS1"),
      (Self.rsaKey, "rsaEncryptionOAEPSHA256AESGCM"),
    ] {
      let alg = try algorithm(name)
      let ciphertext = try key.publicKey.encrypt(alg, plaintext)
      #expect(try key.privateKey.decrypt(alg, ciphertext) == plaintext)
      var tampered = ciphertext
      tampered[tampered.count - 1] ^= 1
      do {
        _ = try key.privateKey.decrypt(alg, tampered)
        Issue.record("\(name): tampered ciphertext must not decrypt")
      } catch {
        #expect(error.status == .errSecParam)
      }
    }
    // RSA-OAEP-SHA256 on a 2048-bit key takes at most 190 bytes.
    let oaep = try algorithm("rsaEncryptionOAEPSHA256")
    do {
      _ = try Self.rsaKey.publicKey.encrypt(oaep, Data(repeating: 0, count: 191))
      Issue.record("191 bytes are too long for OAEP-SHA256 with 2048 bits")
    } catch {
      #expect(error.status == .errSecParam)
    }
  }

  @Test func keyExchangeNeedsItsRequestedSize() throws {
    let peer = try KeyGeneration(parameters: ["type": .string("73"), "bsiz": .number(256)])
    let raw = try Self.ecKey.privateKey.keyExchange(
      try algorithm("ecdhKeyExchangeStandard"), with: peer.publicKey, requestedSize: nil,
      sharedInfo: nil)
    #expect(raw.count == 32)
    #expect(
      raw
        == (try peer.privateKey.keyExchange(
          try algorithm("ecdhKeyExchangeCofactor"), with: Self.ecKey.publicKey,
          requestedSize: nil, sharedInfo: nil)))
    #expect(throws: KeyFailure(.errSecParam, "kSecKeyKeyExchangeParameterRequestedSize is missing")) {
      try Self.ecKey.privateKey.keyExchange(
        try algorithm("ecdhKeyExchangeStandardX963SHA256"), with: peer.publicKey,
        requestedSize: nil, sharedInfo: nil)
    }
    let derived = try Self.ecKey.privateKey.keyExchange(
      try algorithm("ecdhKeyExchangeStandardX963SHA256"), with: peer.publicKey,
      requestedSize: 42, sharedInfo: Data("info".utf8))
    #expect(derived.count == 42)
  }
}
