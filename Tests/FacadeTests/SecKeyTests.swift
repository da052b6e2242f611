import Foundation
import KeychainSimulatorTesting
import Testing

@testable import Security

/// SecKey as iOS code calls it: the same statements compile here and on a device.
@Suite struct SecKeyTests {
  /// Apple's sample from "Generating New Cryptographic Keys", with a software key.
  func makeSigningKey(permanent: Bool, tag: String = "com.acme.bank.device-binding") throws
    -> SecKey
  {
    let attributes: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
      kSecAttrKeySizeInBits as String: 256,
      kSecPrivateKeyAttrs as String: [
        kSecAttrIsPermanent as String: permanent,
        kSecAttrApplicationTag as String: tag.data(using: .utf8)!,
      ],
    ]
    var error: Unmanaged<CFError>?
    guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
      throw error!.takeRetainedValue() as Error
    }
    return key
  }

  @Test func signAndVerifyAsAppCodeDoes() throws {
    try onFreshPhone { _ in
      let privateKey = try makeSigningKey(permanent: false)
      let publicKey = try #require(SecKeyCopyPublicKey(privateKey))
      let algorithm: SecKeyAlgorithm = .ecdsaSignatureMessageX962SHA256
      #expect(SecKeyIsAlgorithmSupported(privateKey, .sign, algorithm))
      #expect(!SecKeyIsAlgorithmSupported(publicKey, .sign, algorithm))
      let message = "challenge-42".data(using: .utf8)!
      var error: Unmanaged<CFError>?
      let signature = try #require(
        SecKeyCreateSignature(privateKey, algorithm, message as CFData, &error) as Data?)
      #expect(SecKeyVerifySignature(publicKey, algorithm, message as CFData, signature as CFData, &error))
      let forged = Data(message.reversed())
      #expect(!SecKeyVerifySignature(publicKey, algorithm, forged as CFData, signature as CFData, &error))
      let failure = try #require(error?.takeRetainedValue())
      #expect(CFErrorGetDomain(failure) as String == "NSOSStatusErrorDomain")
      #expect(CFErrorGetCode(failure) == -67808)
      #expect(kSecKeyAlgorithmECDSASignatureMessageX962SHA256 == algorithm)
    }
  }

  @Test func signingWithAPublicKeyIsErrSecParam() throws {
    try onFreshPhone { phone in
      let publicKey = try #require(SecKeyCopyPublicKey(try makeSigningKey(permanent: false)))
      var error: Unmanaged<CFError>?
      let signature = SecKeyCreateSignature(
        publicKey, .ecdsaSignatureMessageX962SHA256, Data([1]) as CFData, &error)
      #expect(signature == nil)
      let failure = try #require(error?.takeRetainedValue())
      #expect(CFErrorGetCode(failure) == Int(errSecParam))
      #expect((CFErrorCopyDescription(failure) as String).contains("algorithm not supported"))
      // The transcript records the call and why it failed.
      let last = try #require(phone.transcript.last)
      #expect(last.function == "SecKeyCreateSignature" && last.status == errSecParam)
    }
  }

  @Test func externalRepresentationsRoundTripThroughSecKeyCreateWithData() throws {
    try onFreshPhone { _ in
      let privateKey = try makeSigningKey(permanent: false)
      var error: Unmanaged<CFError>?
      let publicKey = try #require(SecKeyCopyPublicKey(privateKey))
      let bytes = try #require(SecKeyCopyExternalRepresentation(publicKey, &error) as Data?)
      #expect(bytes.count == 65 && bytes.first == 0x04)
      let options: [String: Any] = [
        kSecAttrKeyType as String: kSecAttrKeyTypeEC,
        kSecAttrKeyClass as String: kSecAttrKeyClassPublic,
      ]
      let imported = try #require(SecKeyCreateWithData(bytes as CFData, options as CFDictionary, &error))
      #expect(imported == publicKey)
      let attributes = try #require(SecKeyCopyAttributes(imported) as? [String: Any])
      #expect(attributes[kSecAttrKeySizeInBits as String] as? Int == 256)
      #expect(attributes[kSecAttrKeyClass as String] as? String == kSecAttrKeyClassPublic as String)
      #expect((attributes[kSecAttrApplicationLabel as String] as? Data)?.count == 20)
      #expect(SecKeyGetBlockSize(imported) > 0)

      let bad = SecKeyCreateWithData(Data([0x04, 1, 2]) as CFData, options as CFDictionary, &error)
      #expect(bad == nil)
      #expect(CFErrorGetCode(try #require(error?.takeRetainedValue())) == Int(errSecParam))
    }
  }

  @Test func rsaOAEPAndECIESEncryptRoundTrip() throws {
    try onFreshPhone { _ in
      var error: Unmanaged<CFError>?
      let rsa = try #require(
        SecKeyCreateRandomKey(
          [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits: 2048] as CFDictionary,
          &error))
      let ec = try makeSigningKey(permanent: false)
      let secret = "refresh-token".data(using: .utf8)!
      for (key, algorithm) in [
        (rsa, SecKeyAlgorithm.rsaEncryptionOAEPSHA256),
        (ec, .eciesEncryptionStandardVariableIVX963SHA256AESGCM),
      ] {
        let publicKey = try #require(SecKeyCopyPublicKey(key))
        let sealed = try #require(
          SecKeyCreateEncryptedData(publicKey, algorithm, secret as CFData, &error) as Data?)
        let opened = SecKeyCreateDecryptedData(key, algorithm, sealed as CFData, &error) as Data?
        #expect(opened == secret)
      }
    }
  }

  @Test func keyExchangeNeedsItsRequestedSize() throws {
    try onFreshPhone { _ in
      let alice = try makeSigningKey(permanent: false)
      let bob = try makeSigningKey(permanent: false)
      let bobPublic = try #require(SecKeyCopyPublicKey(bob))
      var error: Unmanaged<CFError>?
      let parameters: [String: Any] = [SecKeyKeyExchangeParameter.requestedSize.rawValue as String: 32]
      let shared = SecKeyCopyKeyExchangeResult(
        alice, .ecdhKeyExchangeStandardX963SHA256, bobPublic, parameters as CFDictionary, &error)
      #expect((shared as Data?)?.count == 32)
      let missing = SecKeyCopyKeyExchangeResult(
        alice, .ecdhKeyExchangeStandardX963SHA256, bobPublic, [:] as CFDictionary, &error)
      #expect(missing == nil)
      #expect(CFErrorGetCode(try #require(error?.takeRetainedValue())) == Int(errSecParam))
    }
  }

  @Test func aPermanentPrivateKeyIsAKeychainItemTheAppCanFindByTag() throws {
    try onFreshPhone { _ in
      _ = try makeSigningKey(permanent: true, tag: "com.acme.bank.k1")
      let query: [String: Any] = [
        kSecClass as String: kSecClassKey,
        kSecAttrApplicationTag as String: "com.acme.bank.k1".data(using: .utf8)!,
        kSecReturnAttributes as String: true,
      ]
      var result: CFTypeRef?
      #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
      let attributes = try #require(result as? [String: Any])
      // The keychain stores kcls and type as numbers (securityd's schema).
      #expect(attributes[kSecAttrKeyClass as String] as? Int == 1)
      #expect(attributes[kSecAttrKeyType as String] as? Int == 73)
      #expect((attributes[kSecAttrApplicationLabel as String] as? Data)?.count == 20)
      // A second key with the same tag is another item (another application label).
      _ = try makeSigningKey(permanent: true, tag: "com.acme.bank.k1")
      var all: CFTypeRef?
      var everything = query
      everything[kSecMatchLimit as String] = kSecMatchLimitAll
      #expect(SecItemCopyMatching(everything as CFDictionary, &all) == errSecSuccess)
      #expect((all as? [[String: Any]])?.count == 2)
    }
  }

  @Test func everyGeneratedAlgorithmNameIsTheCatalogs() {
    #expect(secKeyAlgorithmMembers.count == 86)
    for (name, algorithm) in secKeyAlgorithmMembers {
      #expect(algorithm.engineAlgorithm?.name == name, "\(name)")
    }
  }

  /// A signature made through SecKey, by a software key or inside the simulated Secure Enclave,
  /// verifies with the `openssl` command line: the simulator's cryptography is the real thing,
  /// not a stand-in.
  @Test(arguments: [
    ("ecdsaSignatureMessageX962SHA256", "software"), ("rsaSignatureMessagePKCS1v15SHA256", "software"),
    ("ecdsaSignatureMessageX962SHA256", "secureEnclave"),
  ])
  func opensslVerifiesOurSignature(algorithmName: String, keyKind: String) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-openssl-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try onFreshPhone { _ in
      let isRSA = algorithmName.hasPrefix("rsa")
      var error: Unmanaged<CFError>?
      var parameters: [String: Any] = [
        kSecAttrKeyType as String: isRSA ? kSecAttrKeyTypeRSA : kSecAttrKeyTypeECSECPrimeRandom,
        kSecAttrKeySizeInBits as String: isRSA ? 2048 : 256,
      ]
      if keyKind == "secureEnclave" {
        // Signed inside the simulated Secure Enclave, after Face ID.
        parameters[kSecAttrTokenID as String] = kSecAttrTokenIDSecureEnclave
        parameters[kSecPrivateKeyAttrs as String] = [
          kSecAttrAccessControl as String: SecAccessControlCreateWithFlags(
            nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, [.privateKeyUsage, .biometryAny],
            nil)!
        ]
      }
      let key = try #require(SecKeyCreateRandomKey(parameters as CFDictionary, &error))
      let algorithm = try #require(secKeyAlgorithmMembers.first { $0.name == algorithmName }).algorithm
      let message = Data("sign me on a simulated phone".utf8)
      let signature = try #require(
        SecKeyCreateSignature(key, algorithm, message as CFData, &error) as Data?)
      let publicKey = try #require(SecKeyCopyPublicKey(key))
      let spki = try publicKey.engineKey.material.subjectPublicKeyInfo()
      try message.write(to: folder.appendingPathComponent("message"))
      try signature.write(to: folder.appendingPathComponent("signature"))
      try Data(spki).write(to: folder.appendingPathComponent("public.der"))

      let verify = { (messageFile: String) throws -> (Int32, String) in
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
          "openssl", "dgst", "-sha256", "-verify", "public.der", "-keyform", "DER",
          "-signature", "signature", messageFile,
        ]
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return (process.terminationStatus, output)
      }
      let (status, output) = try verify("message")
      #expect(status == 0 && output.contains("Verified OK"), "openssl said: \(output)")
      try Data("another message".utf8).write(to: folder.appendingPathComponent("other"))
      let (otherStatus, _) = try verify("other")
      #expect(otherStatus != 0)
    }
  }
}
