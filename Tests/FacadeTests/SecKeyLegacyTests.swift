import Foundation
import KeychainSimulatorTesting
import Testing

@testable import Security

/// The deprecated raw functions older wrappers still call on iOS (SecKey.m's legacy mapping).
@Suite struct SecKeyLegacyTests {
  /// SecKeyGeneratePair's status and the pair it made.
  @available(*, deprecated)
  func pair(_ type: CFString, bits: Int) -> (status: OSStatus, public: SecKey?, private: SecKey?) {
    var publicKey: SecKey?
    var privateKey: SecKey?
    let status = SecKeyGeneratePair(
      [kSecAttrKeyType: type, kSecAttrKeySizeInBits: bits] as CFDictionary, &publicKey,
      &privateKey)
    return (status, publicKey, privateKey)
  }

  @available(*, deprecated)
  @Test func rawSignAndVerifyMapPaddingsAndAnswerErrSSLCrypto() throws {
    try onFreshPhone { _ in
      let made = pair(kSecAttrKeyTypeRSA, bits: 2048)
      #expect(made.status == errSecSuccess)
      let signer = try #require(made.private)
      let verifier = try #require(made.public)
      var digest = [UInt8](repeating: 7, count: 32)
      var signature = [UInt8](repeating: 0, count: 256)
      var length = signature.count
      #expect(SecKeyRawSign(signer, .PKCS1SHA256, &digest, digest.count, &signature, &length) == errSecSuccess)
      #expect(length == 256)
      #expect(SecKeyRawVerify(verifier, .PKCS1SHA256, &digest, digest.count, &signature, length) == errSecSuccess)
      digest[0] ^= 1
      #expect(SecKeyRawVerify(verifier, .PKCS1SHA256, &digest, digest.count, &signature, length) == errSSLCrypto)
      var small = [UInt8](repeating: 0, count: 16)
      var smallLength = small.count
      #expect(SecKeyRawSign(signer, .PKCS1SHA256, &digest, digest.count, &small, &smallLength) == errSecParam)
      #expect(SecKeyRawSign(signer, .OAEP, &digest, digest.count, &signature, &length) == errSecParam)
    }
  }

  @available(*, deprecated)
  @Test func rawEncryptAndDecryptWithPKCS1AndOAEP() throws {
    try onFreshPhone { _ in
      let made = pair(kSecAttrKeyTypeRSA, bits: 2048)
      let encrypter = try #require(made.public)
      let decrypter = try #require(made.private)
      for padding in [SecPadding.PKCS1, .OAEP] {
        var message = Array("secret".utf8)
        var cipher = [UInt8](repeating: 0, count: 256)
        var cipherLength = cipher.count
        #expect(
          SecKeyEncrypt(encrypter, padding, &message, message.count, &cipher, &cipherLength)
            == errSecSuccess)
        var plain = [UInt8](repeating: 0, count: 256)
        var plainLength = plain.count
        #expect(
          SecKeyDecrypt(decrypter, padding, &cipher, cipherLength, &plain, &plainLength)
            == errSecSuccess)
        #expect(Array(plain[0..<plainLength]) == message)
      }
    }
  }

  @available(*, deprecated)
  @Test func anECKeySignsX962WhateverThePaddingButSigRaw() throws {
    try onFreshPhone { _ in
      let signer = try #require(pair(kSecAttrKeyTypeEC, bits: 256).private)
      var digest = [UInt8](repeating: 3, count: 32)
      var signature = [UInt8](repeating: 0, count: 128)
      var length = signature.count
      #expect(SecKeyRawSign(signer, [], &digest, 32, &signature, &length) == errSecSuccess)
      #expect(signature[0] == 0x30)  // DER
      length = signature.count
      #expect(SecKeyRawSign(signer, .sigRaw, &digest, 32, &signature, &length) == errSecSuccess)
      #expect(length == 64)  // r || s
    }
  }
}
