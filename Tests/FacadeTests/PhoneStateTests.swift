import Foundation
import KeychainSimulatorTesting
import Security
import Testing

/// The same wrapper code on a locked, rebooted, re-enrolled and backgrounded phone.
@Suite struct PhoneStateTests {
  @Test func aWhenUnlockedItemIsUnreadableOnceTheLockGraceEnds() throws {
    try onFreshPhone { phone in
      let store = CredentialStore(service: "api")
      try store.set("token", for: "refresh")
      try phone.lock()
      #expect(try store.get("refresh") == "token")  // within the 10 s class A grace
      try phone.wait(.seconds(11))
      #expect(throws: CredentialStore.KeychainError(status: errSecInteractionNotAllowed)) {
        try store.get("refresh")
      }
      let call = try #require(phone.transcript.last)
      #expect(call.function == "SecItemCopyMatching")
      #expect(call.statusName == "errSecInteractionNotAllowed")
      #expect(call.why?.contains("locked") == true)
      try phone.unlock()
      #expect(try store.get("refresh") == "token")
    }
  }

  @Test func afterFirstUnlockSurvivesTheLockButNotAReboot() throws {
    try onFreshPhone { phone in
      var store = CredentialStore(service: "api")
      store.accessible = kSecAttrAccessibleAfterFirstUnlock
      try store.set("token", for: "refresh")
      try phone.lock()
      try phone.wait(.seconds(3 * 3600))
      #expect(try store.get("refresh") == "token")
      try phone.reboot()
      #expect(phone.isLocked)
      #expect(throws: CredentialStore.KeychainError(status: errSecInteractionNotAllowed)) {
        try store.get("refresh")
      }
      try phone.unlock()
      #expect(try store.get("refresh") == "token")
    }
  }

  @Test func aWrongPasscodeIsAClearErrorForTheTest() throws {
    try onFreshPhone { phone in
      try phone.lock()
      #expect(throws: PhoneError.self) { try phone.unlock(passcode: "000000") }
      #expect(phone.isLocked)
    }
  }

  @Test func biometryCurrentSetItemsDieWithANewEnrolment() throws {
    try onFreshPhone { phone in
      var error: Unmanaged<CFError>?
      let access = try #require(
        SecAccessControlCreateWithFlags(
          kCFAllocatorDefault, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
          .biometryCurrentSet, &error))
      let item: [String: AnyHashable] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrAccount as String: "pin",
        kSecAttrAccessControl as String: access,
        kSecValueData as String: Data("1234".utf8),
      ]
      #expect(SecItemAdd(item as CFDictionary, nil) == errSecSuccess)
      let read: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "pin",
        kSecReturnData as String: true, kSecUseOperationPrompt as String: "Unlock your PIN",
      ]
      var result: AnyObject?
      #expect(SecItemCopyMatching(read as CFDictionary, &result) == errSecSuccess)
      #expect(result as? Data == Data("1234".utf8))
      #expect(phone.transcript.last?.prompts.first?.contains("Unlock your PIN") == true)
      try phone.enrollBiometry("Second face")
      #expect(SecItemCopyMatching(read as CFDictionary, &result) == errSecAuthFailed)
      #expect(phone.transcript.last?.prompts.isEmpty == true)
    }
  }

  @Test func inTheBackgroundNoPromptCanBeShown() throws {
    try onFreshPhone { phone in
      var error: Unmanaged<CFError>?
      let access = try #require(
        SecAccessControlCreateWithFlags(
          nil, kSecAttrAccessibleWhenUnlocked, .userPresence, &error))
      let item: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "guarded",
        kSecAttrAccessControl as String: access, kSecValueData as String: Data("s".utf8),
      ]
      #expect(SecItemAdd(item as CFDictionary, nil) == errSecSuccess)
      let read: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "guarded",
        kSecReturnData as String: true,
      ]
      phone.moveToBackground()
      #expect(SecItemCopyMatching(read as CFDictionary, nil) == errSecInteractionNotAllowed)
      phone.moveToForeground()
      #expect(SecItemCopyMatching(read as CFDictionary, nil) == errSecSuccess)
    }
  }

  @Test func queuedAnswersComeBeforeTheCooperativeUser() throws {
    try onFreshPhone { phone in
      var error: Unmanaged<CFError>?
      let access = try #require(
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .biometryAny, &error))
      let item: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "face",
        kSecAttrAccessControl as String: access, kSecValueData as String: Data("s".utf8),
      ]
      #expect(SecItemAdd(item as CFDictionary, nil) == errSecSuccess)
      let read: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "face",
        kSecReturnData as String: true,
      ]
      phone.queue(.cancel)
      #expect(SecItemCopyMatching(read as CFDictionary, nil) == errSecUserCanceled)
      #expect(SecItemCopyMatching(read as CFDictionary, nil) == errSecSuccess)
      phone.userBehaviour = .absent
      #expect(SecItemCopyMatching(read as CFDictionary, nil) == errSecAuthFailed)
      #expect(phone.unusedAnswers.isEmpty)
    }
  }

  @Test func aPhoneWithoutPasscodeRefusesPasscodeOnlyItems() throws {
    try onFreshPhone(passcode: nil) { phone in
      var store = CredentialStore(service: "api")
      store.accessible = kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
      #expect(throws: CredentialStore.KeychainError(status: errSecNotAvailable)) {
        try store.set("x", for: "a")
      }
      try phone.setPasscode("2468")
      try store.set("x", for: "a")
      try phone.removePasscode(current: "2468")
      #expect(try store.get("a") == nil)
    }
  }

  @Test func aLockScreenPromptIsNotPinnedOnTheNextCall() throws {
    try onFreshPhone { phone in
      try phone.lock()
      try phone.unlockWithBiometry()
      #expect(!phone.isLocked)
      _ = SecItemCopyMatching([kSecClass as String: kSecClassGenericPassword] as CFDictionary, nil)
      #expect(phone.transcript.last?.prompts == [])
    }
  }

  @Test func passcodeChangesAndBiometryChangesAreFollowed() throws {
    try onFreshPhone { phone in
      try phone.changePasscode(from: SimulatedPhone.defaultPasscode, to: "975310")
      try phone.lock()
      try phone.unlock()  // with the passcode set through the phone
      #expect(!phone.isLocked)
      try phone.setBiometry(.touchID)
      try phone.enrollBiometry("Right thumb")
      try phone.lock()
      try phone.unlockWithBiometry()
      #expect(!phone.isLocked)
      try phone.removeBiometry("Right thumb")
      #expect(throws: PhoneError.self) { try phone.removeBiometry("Right thumb") }
    }
  }

  @Test func resetGivesAFreshPhone() throws {
    try onFreshPhone { phone in
      try CredentialStore(service: "api").set("v", for: "a")
      try phone.lock()
      phone.queue(.fail)
      #expect(try phone.itemCount() == 1)
      try phone.reset()
      #expect(try phone.itemCount() == 0)
      #expect(!phone.isLocked)
      #expect(phone.transcript.isEmpty)
      #expect(phone.unusedAnswers.isEmpty)
    }
  }

  @Test func theTranscriptExplainsWithoutRevealingSecrets() throws {
    try onFreshPhone { phone in
      try CredentialStore(service: "api").set("hunter2-secret", for: "a")
      #expect(throws: CredentialStore.KeychainError.self) {
        try CredentialStore(service: "api", accessGroup: "OTHERTEAM.shared").get("a")
      }
      let text = phone.transcriptText
      #expect(text.contains("SecItemAdd [kSecClass: kSecClassGenericPassword"))
      #expect(text.contains("kSecValueData: <14 bytes>"))
      #expect(text.contains("errSecMissingEntitlement (-34018)"))
      #expect(text.contains("fix:"))
      #expect(!text.contains("hunter2"))
    }
  }
}
