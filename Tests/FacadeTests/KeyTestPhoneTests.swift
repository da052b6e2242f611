import Foundation
import KeychainSimulatorTesting
import Testing

@testable import Security

/// What a key test needs of the phone (issue 25): queued answers cleared, prompts counted,
/// Face ID re-enrolled in one step, the move to a new phone.
@Suite struct KeyTestPhoneTests {
  func enclaveKey(tag: String, flags: SecAccessControlCreateFlags) throws -> SecKey {
    var error: Unmanaged<CFError>?
    let access = try #require(
      SecAccessControlCreateWithFlags(
        nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, &error))
    let attributes: [String: Any] = [
      kSecAttrKeyType as String: kSecAttrKeyTypeECSECPrimeRandom,
      kSecAttrKeySizeInBits as String: 256,
      kSecAttrTokenID as String: kSecAttrTokenIDSecureEnclave,
      kSecPrivateKeyAttrs as String: [
        kSecAttrIsPermanent as String: true, kSecAttrApplicationTag as String: Data(tag.utf8),
        kSecAttrAccessControl as String: access,
      ],
    ]
    return try #require(SecKeyCreateRandomKey(attributes as CFDictionary, &error))
  }

  func sign(_ key: SecKey) -> CFError? {
    var error: Unmanaged<CFError>?
    _ = SecKeyCreateSignature(key, .ecdsaSignatureMessageX962SHA256, Data([1]) as CFData, &error)
    return error?.takeRetainedValue()
  }

  @Test func queuedAnswersCanBeClearedWithoutAReset() throws {
    try onFreshPhone { phone in
      let key = try enclaveKey(tag: "k", flags: [.privateKeyUsage, .biometryAny])
      phone.queue(.cancel, .cancel)
      phone.clearQueuedAnswers()
      #expect(phone.unusedAnswers.isEmpty)
      #expect(sign(key) == nil)  // the cooperative user answered
      #expect(try phone.itemCount() == 1)  // nothing was reset
    }
  }

  @Test func aSignatureCountsItsPrompts() throws {
    try onFreshPhone { phone in
      let key = try enclaveKey(tag: "k", flags: [.privateKeyUsage, .biometryAny, .and, .devicePasscode])
      phone.clearTranscript()
      #expect(sign(key) == nil)
      let call = try #require(phone.transcript.last)
      #expect(call.function == "SecKeyCreateSignature")
      #expect(call.prompts.count == 2)  // Face ID, then the passcode sheet
    }
  }

  @Test func reenrollingFaceIDInOneStepKillsCurrentSetKeysOnly() throws {
    try onFreshPhone { phone in
      let bound = try enclaveKey(tag: "bound", flags: [.privateKeyUsage, .biometryCurrentSet])
      let any = try enclaveKey(tag: "any", flags: [.privateKeyUsage, .biometryAny])
      try phone.reenrollBiometry(as: "New face")
      #expect(sign(bound).map(CFErrorGetCode) == -1)
      #expect(sign(any) == nil)
    }
  }

  @Test func onANewPhoneTheEnclaveKeyIsGoneAndTheSoftwareKeyIsThere() throws {
    try onFreshPhone { phone in
      _ = try enclaveKey(tag: "binding", flags: [.privateKeyUsage])
      var error: Unmanaged<CFError>?
      _ = try #require(
        SecKeyCreateRandomKey(
          [
            kSecAttrKeyType: kSecAttrKeyTypeECSECPrimeRandom, kSecAttrKeySizeInBits: 256,
            kSecPrivateKeyAttrs: [kSecAttrIsPermanent: true, kSecAttrApplicationTag: Data("soft".utf8)],
          ] as CFDictionary, &error))
      let lines = try phone.moveToNewPhone()
      #expect(lines.contains { $0.contains("Secure Enclave key") })
      func find(_ tag: String) -> OSStatus {
        let query: [String: Any] = [
          kSecClass as String: kSecClassKey, kSecAttrApplicationTag as String: Data(tag.utf8),
          kSecReturnRef as String: true,
        ]
        var item: CFTypeRef?
        return SecItemCopyMatching(query as CFDictionary, &item)
      }
      #expect(find("binding") == errSecItemNotFound)
      #expect(find("soft") == errSecSuccess)
      // The new phone has its own enclave: the app registers a new key there.
      _ = try enclaveKey(tag: "binding", flags: [.privateKeyUsage])
      #expect(find("binding") == errSecSuccess)
    }
  }

  @Test func theUserCanAnswerAsAParticularFace() throws {
    try onFreshPhone { phone in
      try phone.enrollBiometry("Bob")
      let key = try enclaveKey(tag: "k", flags: [.privateKeyUsage, .biometryAny])
      phone.queue(.face("Bob"))
      #expect(sign(key) == nil)  // Bob is enrolled: a match
      #expect(phone.unusedAnswers.isEmpty)
      // Mallory is not: two failed scans, then Cancel.
      phone.queue(.face("Mallory"), .face("Mallory"), .cancel)
      let failure = try #require(sign(key))
      #expect(CFErrorGetDomain(failure) as String == "com.apple.LocalAuthentication")
      #expect(phone.unusedAnswers.isEmpty)
      let call = try #require(phone.transcript.last)
      #expect(call.prompts.count >= 2)
      // A face removed since is no longer a match.
      try phone.removeBiometry("Bob")
      phone.queue(.face("Bob"), .cancel)
      #expect(sign(key) != nil)
    }
  }
}
