import Foundation
import KeychainSimulatorTesting
import LocalAuthentication
import Testing

@testable import Security

/// Secure Enclave keys as device-binding code writes them (Apple's "Protecting keys with the
/// Secure Enclave"): the same statements compile on iOS.
@Suite struct SecureEnclaveKeyTests {
  let tag = "com.acme.bank.device-binding".data(using: .utf8)!

  func makeEnclaveKey(
    flags: SecAccessControlCreateFlags = [.privateKeyUsage, .biometryCurrentSet],
    protection: CFString = kSecAttrAccessibleWhenUnlockedThisDeviceOnly, permanent: Bool = true
  ) throws -> SecKey {
    var error: Unmanaged<CFError>?
    let access = try #require(
      SecAccessControlCreateWithFlags(kCFAllocatorDefault, protection, flags, &error))
    let attributes: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
      kSecAttrKeySizeInBits as String: 256,
      kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
      kSecPrivateKeyAttrs as String: [
        kSecAttrIsPermanent as String: permanent,
        kSecAttrApplicationTag as String: tag,
        kSecAttrAccessControl as String: access,
      ],
    ]
    guard let key = SecKeyCreateRandomKey(attributes as CFDictionary, &error) else {
      throw error!.takeRetainedValue() as Error
    }
    return key
  }

  /// The app's later launch: find the key by its tag, as wrappers do.
  func findKey() throws -> SecKey? {
    let query: [String: Any] = [
      kSecClass as String: kSecClassKey,
      kSecAttrApplicationTag as String: tag,
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
      kSecReturnRef as String: true,
    ]
    var item: CFTypeRef?
    let status = SecItemCopyMatching(query as CFDictionary, &item)
    guard status == errSecSuccess else { return nil }
    return (item as! SecKey)
  }

  func sign(_ key: SecKey) -> (Data?, CFError?) {
    var error: Unmanaged<CFError>?
    let signature = SecKeyCreateSignature(
      key, .ecdsaSignatureMessageX962SHA256, Data("challenge".utf8) as CFData, &error)
    return (signature as Data?, error?.takeRetainedValue())
  }

  @Test func aFoundKeySignsAfterFaceIDAndTheSignatureVerifies() throws {
    try onFreshPhone { phone in
      _ = try makeEnclaveKey()
      let key = try #require(try findKey())
      phone.clearTranscript()
      let (signature, error) = sign(key)
      #expect(error == nil)
      let publicKey = try #require(SecKeyCopyPublicKey(key))
      var verifyError: Unmanaged<CFError>?
      #expect(
        SecKeyVerifySignature(
          publicKey, .ecdsaSignatureMessageX962SHA256, Data("challenge".utf8) as CFData,
          try #require(signature) as CFData, &verifyError))
      // Authentication happens at use: the signature showed Face ID, the lookup did not.
      let signCall = try #require(phone.transcript.first { $0.function == "SecKeyCreateSignature" })
      #expect(signCall.prompts.count == 1)
      let attributes = try #require(SecKeyCopyAttributes(key) as? [String: Any])
      #expect(attributes[kSecAttrTokenID as String] as? String == "com.apple.setoken")
    }
  }

  @Test func thePrivateKeyNeverLeavesTheEnclave() throws {
    try onFreshPhone { _ in
      let key = try makeEnclaveKey(permanent: false)
      var error: Unmanaged<CFError>?
      #expect(SecKeyCopyExternalRepresentation(key, &error) == nil)
      #expect(CFErrorGetCode(try #require(error?.takeRetainedValue())) == Int(errSecUnimplemented))
      // The public key exports as 65-byte X9.63.
      let publicKey = try #require(SecKeyCopyPublicKey(key))
      #expect((SecKeyCopyExternalRepresentation(publicKey, &error) as Data?)?.count == 65)
    }
  }

  @Test func enrollingASecondFaceKillsABiometryCurrentSetKey() throws {
    try onFreshPhone { phone in
      _ = try makeEnclaveKey()
      try phone.enrollBiometry("Second face")
      // The row is still there (its pdmn is dk; the ACL lives in the token object)...
      let key = try #require(try findKey())
      // ...but the enclave refuses to use it.
      let (signature, error) = sign(key)
      #expect(signature == nil)
      let failure = try #require(error)
      #expect(CFErrorGetDomain(failure) as String == "com.apple.LocalAuthentication")
      #expect(CFErrorGetCode(failure) == LAError.Code.authenticationFailed.rawValue)
    }
  }

  @Test func aCancelledSheetIsLocalAuthenticationsUserCancelNotErrSecUserCanceled() throws {
    try onFreshPhone { phone in
      let key = try makeEnclaveKey(permanent: false)
      phone.queue(.cancel)
      let (_, error) = sign(key)
      let failure = try #require(error)
      #expect(CFErrorGetDomain(failure) as String == "com.apple.LocalAuthentication")
      #expect(CFErrorGetCode(failure) == -2)
    }
  }

  @Test func aWhenUnlockedKeyCannotSignOnALockedPhoneButCanBeFound() throws {
    try onFreshPhone { phone in
      _ = try makeEnclaveKey(flags: [.privateKeyUsage])
      try phone.lock()
      try phone.wait(.seconds(11))
      let key = try #require(try findKey())
      let (_, error) = sign(key)
      #expect(CFErrorGetCode(try #require(error)) == Int(errSecInteractionNotAllowed))
      try phone.unlock()
      #expect(sign(key).1 == nil)
    }
  }

  @Test func aBackgroundPushHandlerCannotShowFaceID() throws {
    try onFreshPhone { phone in
      let key = try makeEnclaveKey(flags: [.privateKeyUsage, .userPresence])
      phone.moveToBackground()
      let (_, error) = sign(key)
      let failure = try #require(error)
      #expect(CFErrorGetDomain(failure) as String == "com.apple.LocalAuthentication")
      #expect(CFErrorGetCode(failure) == LAError.Code.notInteractive.rawValue)
      // A key without a user-presence constraint signs in the background.
      let quiet = try makeEnclaveKey(flags: [.privateKeyUsage], permanent: false)
      #expect(sign(quiet).1 == nil)
    }
  }

  @Test func constraintsWithoutPrivateKeyUsageAllowNoSignature() throws {
    try onFreshPhone { _ in
      let key = try makeEnclaveKey(flags: [.userPresence], permanent: false)
      let failure = try #require(sign(key).1)
      #expect(CFErrorGetCode(failure) == -1009)
      #expect((CFErrorCopyDescription(failure) as String).contains("'osgn'"))
    }
  }

  @Test func anEvaluatedContextSpareASecondPrompt() throws {
    try onFreshPhone { phone in
      _ = try makeEnclaveKey()
      let context = LAContext()
      var laError: NSError?
      #expect(context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &laError))
      let semaphore = DispatchSemaphore(value: 0)
      nonisolated(unsafe) var granted = false
      context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in") {
        success, _ in
        granted = success
        semaphore.signal()
      }
      semaphore.wait()
      #expect(granted)
      let query: [String: Any] = [
        kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: tag,
        kSecReturnRef as String: true, kSecUseAuthenticationContext as String: context,
      ]
      var item: CFTypeRef?
      #expect(SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess)
      phone.clearTranscript()
      #expect(sign(item as! SecKey).1 == nil)
      let signCall = try #require(phone.transcript.first { $0.function == "SecKeyCreateSignature" })
      #expect(signCall.prompts.isEmpty)
    }
  }

  @Test func aPhoneWithoutASecureEnclaveAnswersErrSecUnimplemented() throws {
    try onFreshPhone { phone in
      phone.hasSecureEnclave = false
      do {
        _ = try makeEnclaveKey()
        Issue.record("a phone without a Secure Enclave made an enclave key")
      } catch {
        #expect((error as NSError).code == Int(errSecUnimplemented))
      }
    }
  }

  @Test func aSoftwareKeyAddedByRefComesBackAsARefWithAttributes() throws {
    try onFreshPhone { _ in
      var error: Unmanaged<CFError>?
      let key = try #require(
        SecKeyCreateRandomKey(
          [kSecAttrKeyType: kSecAttrKeyTypeRSA, kSecAttrKeySizeInBits: 2048] as CFDictionary,
          &error))
      let add: [String: Any] = [
        kSecClass as String: kSecClassKey, kSecValueRef as String: key,
        kSecAttrApplicationTag as String: "rsa".data(using: .utf8)!,
      ]
      #expect(SecItemAdd(add as CFDictionary, nil) == errSecSuccess)
      #expect(SecItemAdd(add as CFDictionary, nil) == errSecDuplicateItem)
      let query: [String: Any] = [
        kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: "rsa".data(using: .utf8)!,
        kSecReturnRef as String: true, kSecReturnAttributes as String: true,
      ]
      var item: CFTypeRef?
      #expect(SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess)
      let dictionary = try #require(item as? [String: Any])
      let found = try #require(dictionary[kSecValueRef as String] as? SecKey)
      #expect(found == key)
      #expect(dictionary[kSecValueData as String] == nil)
      #expect(dictionary[kSecAttrKeySizeInBits as String] as? Int == 2048)
    }
  }

  /// The shape of key-pair wrappers (a label per key, the key class as the string constant in
  /// the query, the public key stored beside the enclave's private key): the class matches
  /// the number the keychain stores.
  @Test func aLabelledPairIsFoundByClassAndLabel() throws {
    try onFreshPhone { _ in
      var error: Unmanaged<CFError>?
      let access = try #require(
        SecAccessControlCreateWithFlags(
          nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, [.userPresence, .privateKeyUsage],
          &error))
      let parameters: [String: Any] = [
        kSecAttrKeyType as String: kSecAttrKeyTypeEC, kSecAttrKeySizeInBits as String: 256,
        kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
        kSecPrivateKeyAttrs as String: [
          kSecAttrLabel as String: "pair.private", kSecAttrIsPermanent as String: true,
          kSecAttrAccessControl as String: access,
        ],
        kSecPublicKeyAttrs as String: [
          kSecAttrLabel as String: "pair.public", kSecAttrIsPermanent as String: true,
          kSecAttrAccessible as String: kSecAttrAccessibleAlwaysThisDeviceOnly,
        ],
      ]
      var publicKey: SecKey?
      var privateKey: SecKey?
      #expect(SecKeyGeneratePair(parameters as CFDictionary, &publicKey, &privateKey) == errSecSuccess)
      for (label, keyClass) in [
        ("pair.public", kSecAttrKeyClassPublic), ("pair.private", kSecAttrKeyClassPrivate),
      ] {
        let query: [String: Any] = [
          kSecClass as String: kSecClassKey, kSecAttrKeyClass as String: keyClass,
          kSecAttrLabel as String: label, kSecReturnRef as String: true,
        ]
        var item: CFTypeRef?
        #expect(SecItemCopyMatching(query as CFDictionary, &item) == errSecSuccess, "\(label)")
        #expect(item is SecKey)
      }
      let message = Data("pay 42".utf8) as CFData
      let signer = try #require(privateKey)
      let verifier = try #require(publicKey)
      let signature = try #require(
        SecKeyCreateSignature(signer, .ecdsaSignatureMessageX962SHA256, message, &error))
      #expect(
        SecKeyVerifySignature(verifier, .ecdsaSignatureMessageX962SHA256, message, signature, &error))
    }
  }
}
