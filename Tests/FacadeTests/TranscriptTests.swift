import Foundation
import KeychainSimulatorTesting
import LocalAuthentication
import Security
import Testing

/// What the transcript keeps of each call, in the order the calls ran, whatever kind of call
/// it was, and what clearing it forgets.
@Suite struct TranscriptTests {
  @Test func callsOfEveryKindKeepTheirOrderAndDetails() async throws {
    try await onFreshPhone { phone in
      let add: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "a",
        kSecValueData as String: Data("s".utf8),
      ]
      #expect(SecItemAdd(add as CFDictionary, nil) == errSecSuccess)
      #expect(SecItemAdd(add as CFDictionary, nil) == errSecDuplicateItem)
      let context = LAContext()
      _ = try await context.evaluatePolicy(
        .deviceOwnerAuthenticationWithBiometrics, localizedReason: "Check")
      let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "a",
      ]
      let change: [String: Any] = [kSecAttrLabel as String: "L"]
      #expect(SecItemUpdate(query as CFDictionary, change as CFDictionary) == errSecSuccess)

      let calls = phone.transcript
      #expect(
        calls.map(\.function) == [
          "SecItemAdd", "SecItemAdd", "LAContext.evaluatePolicy", "SecItemUpdate",
        ])
      #expect(
        calls.map(\.statusName) == [
          "errSecSuccess", "errSecDuplicateItem", "true", "errSecSuccess",
        ])
      #expect(calls[0].why == nil && calls[0].prompts.isEmpty)
      #expect(calls[1].why != nil && calls[1].fix != nil)
      #expect(calls[2].prompts.first?.contains("Check") == true)
      #expect(calls[3].arguments.contains("kSecAttrAccount: \"a\""))
      #expect(calls[3].arguments.contains("kSecAttrLabel: \"L\""))
      // Secrets appear as a byte count only.
      #expect(!calls[0].arguments.contains("\"s\""))
    }
  }

  @Test func clearingForgetsEarlierCallsAndKeepsRecording() throws {
    try onFreshPhone { phone in
      let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "none",
      ]
      #expect(SecItemDelete(query as CFDictionary) == errSecItemNotFound)
      phone.clearTranscript()
      #expect(phone.transcript.isEmpty)
      #expect(SecItemCopyMatching(query as CFDictionary, nil) == errSecItemNotFound)
      #expect(phone.transcript.map(\.function) == ["SecItemCopyMatching"])
      #expect(phone.transcript.first?.why != nil)
    }
  }
}
