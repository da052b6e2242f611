import Foundation
import KeychainSimulatorTesting
import Security
import Testing

/// A scenario file played against the same phone the code under test uses.
@Suite struct ScenarioPlaybackTests {
  @Test func aScenarioSeesWhatTheCodeStoredAndActsOnTheSamePhone() throws {
    try onFreshPhone { phone in
      try CredentialStore(service: "api").set("r1", for: "refresh")
      let playback = phone.play(
        scenario: """
          let token = [kSecClass: kSecClassGenericPassword, kSecAttrService: "api", kSecAttrAccount: "refresh"]
          SecItemCopyMatching token + [kSecReturnData: true]
          expect errSecSuccess
          expect result "r1"
          device lock
          wait 1m
          SecItemCopyMatching token + [kSecReturnData: true]
          expect errSecInteractionNotAllowed
          """, name: "night.scenario")
      #expect(playback.passed, "\(playback.failures)")
      #expect(playback.transcript.contains("errSecInteractionNotAllowed"))
      // The data read is masked as `keychain-sim run` masks it; the expectation saw it.
      #expect(playback.transcript.contains("result: <2 bytes: ••••>"), "\(playback.transcript)")
      #expect(!playback.transcript.contains(#"<2 bytes: "r1">"#))
      // The scenario locked the test's phone.
      #expect(phone.isLocked)
      #expect(throws: CredentialStore.KeychainError(status: errSecInteractionNotAllowed)) {
        try CredentialStore(service: "api").get("refresh")
      }
    }
  }

  @Test func failedExpectationsAreReported() throws {
    try onFreshPhone { phone in
      let playback = phone.play(
        scenario: """
          SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "none"]
          expect errSecSuccess
          """)
      #expect(!playback.passed)
      #expect(playback.failures.count == 1)
      #expect(playback.failures.first?.contains("<scenario>:2") == true)
    }
  }

  @Test func theScenariosUserAnswersItsPromptsThenThePhonesUserIsBack() throws {
    try onFreshPhone { phone in
      let playback = phone.play(
        scenario: """
          let ac = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .biometryAny, nil)
          let item = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "face"]
          SecItemAdd item + [kSecAttrAccessControl: ac, kSecValueData: "s"]
          user will cancel
          SecItemCopyMatching item + [kSecReturnData: true]
          expect errSecUserCanceled
          """)
      #expect(playback.passed, "\(playback.failures)")
      // Back on the phone's cooperative user.
      let read: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "face",
        kSecReturnData as String: true,
      ]
      var result: AnyObject?
      #expect(SecItemCopyMatching(read as CFDictionary, &result) == errSecSuccess)
      #expect(result as? Data == Data("s".utf8))
    }
  }

  @Test func anUnreadableFileIsAPhoneError() throws {
    try onFreshPhone { phone in
      #expect(throws: PhoneError.self) {
        try phone.play(scenarioFile: "/nonexistent/file.scenario")
      }
    }
  }
}
