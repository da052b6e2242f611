import Foundation
import KeychainSimulatorTesting
import Security
import Testing

/// The transcript explains a result with what the test did to the phone between the calls
/// (issue 26): the grace period after a lock, a wait that discards class A keys, a
/// background move that changes no data protection. No passcode reaches it.
@Suite struct TranscriptDeviceEventTests {
  @Test func aReadRightAfterLockIsExplainedByTheGracePeriod() throws {
    try onFreshPhone { phone in
      let store = CredentialStore(service: "api")
      try store.set("token", for: "refresh")
      phone.clearTranscript()
      try phone.lock()
      #expect(try store.get("refresh") == "token")  // the 10 s grace: right, and explained
      try phone.wait(.seconds(11))
      #expect(throws: CredentialStore.KeychainError(status: errSecInteractionNotAllowed)) {
        try store.get("refresh")
      }
      let kinds = phone.transcriptEntries.map { entry -> String in
        switch entry {
        case .call(let call): call.function
        case .device(let event): "phone." + event.operation
        case .warning: "warning"
        }
      }
      #expect(
        kinds == [
          "phone.lock", "SecItemCopyMatching", "phone.wait(11.0 seconds)", "SecItemCopyMatching",
        ])
      let text = phone.transcriptText
      let lines = text.split(separator: "\n").map(String.init)
      let lockLine = try #require(lines.firstIndex { $0.hasPrefix("phone.lock → ") })
      #expect(lines[lockLine].contains("class A keys are discarded in 10s (grace period)"))
      #expect(
        lines[lockLine + 1].hasPrefix("  note: class A items (kSecAttrAccessibleWhenUnlocked"))
      #expect(lines[lockLine + 1].contains("stay readable for the 10s grace period"))
      #expect(text.contains("phone.wait(11.0 seconds) → clock advanced by"))
      #expect(text.contains("unreadable until the next unlock: kSecAttrAccessibleWhenUnlocked"))
      // The calls keep their own lines and fields.
      #expect(
        phone.transcript.map(\.function) == [
          "SecItemCopyMatching", "SecItemCopyMatching",
        ])
      #expect(text.contains("→ errSecInteractionNotAllowed (-25308)"))
    }
  }

  @Test func everyDeviceOperationIsRecordedWithoutItsPasscode() throws {
    try onFreshPhone { phone in
      try phone.changePasscode(from: SimulatedPhone.defaultPasscode, to: "918273")
      try phone.enrollBiometry("Bob")
      try phone.removeBiometry("Bob")
      phone.moveToBackground()
      phone.moveToForeground()
      try phone.reboot()
      try phone.unlock()
      try phone.removePasscode(current: "918273")
      try phone.setPasscode("564738")
      let operations = phone.transcriptEntries.compactMap { entry -> String? in
        if case .device(let event) = entry { return event.operation }
        return nil
      }
      #expect(
        operations == [
          "changePasscode", "enrollBiometry(\"Bob\")", "removeBiometry(\"Bob\")",
          "moveToBackground", "moveToForeground", "reboot", "unlock", "removePasscode",
          "setPasscode",
        ])
      let text = phone.transcriptText
      #expect(text.contains("phone.changePasscode → passcode changed"))
      #expect(text.contains("phone.reboot → device restarted, before first unlock"))
      #expect(text.contains("phone.removePasscode → passcode removed"))
      #expect(text.contains("  why: with no passcode, every class key is protected"))
      for secret in ["123456", "918273", "564738"] {
        #expect(!text.contains(secret))
      }
      // Device operations are not calls: the calls-only transcript is empty.
      #expect(phone.transcript.isEmpty)
    }
  }

  @Test func aRefusedOperationIsRecordedWithTheEnginesWhy() throws {
    try onFreshPhone { phone in
      try phone.lock()
      #expect(throws: PhoneError.self) { try phone.unlock(passcode: "000000") }
      let event = try #require(
        phone.transcriptEntries.compactMap { entry -> PhoneEvent? in
          if case .device(let event) = entry, event.operation == "unlock" { return event }
          return nil
        }.first)
      #expect(event.refused)
      #expect(event.summary == "device still locked")
      #expect(event.why != nil)
      #expect(phone.transcriptText.contains("phone.unlock → refused: device still locked"))
      #expect(!phone.transcriptText.contains("000000"))
    }
  }

  @Test func theBackgroundChangesNoDataProtectionAndTheTranscriptSaysSo() throws {
    try onFreshPhone { phone in
      let store = CredentialStore(service: "api")  // kSecAttrAccessibleWhenUnlocked, no access control
      try store.set("token", for: "refresh")
      phone.moveToBackground()
      #expect(try store.get("refresh") == "token")
      try phone.lock()
      try phone.wait(.seconds(11))
      phone.moveToForeground()
      #expect(throws: CredentialStore.KeychainError(status: errSecInteractionNotAllowed)) {
        try store.get("refresh")
      }
      let text = phone.transcriptText
      #expect(text.contains("phone.moveToBackground → com.acme.bank is in the background"))
      #expect(text.contains("data protection follows the lock state, not the app state"))
      #expect(text.contains("phone.moveToForeground → com.acme.bank is in the foreground"))
    }
  }

  @Test func clearingForgetsDeviceOperationsToo() throws {
    try onFreshPhone { phone in
      try phone.lock()
      phone.clearTranscript()
      #expect(phone.transcriptEntries.isEmpty)
      #expect(phone.transcriptText.isEmpty)
    }
  }
}
