import Foundation
import KeychainSimulatorTesting
import LocalAuthentication
import Security
import Testing

/// Many tasks calling SecItem at once on one phone: securityd serialises them, so must the
/// phone. Run under `swift test --sanitize=thread --filter ConcurrencyTests`.
@Suite struct ConcurrencyTests {
  @Test func concurrentCallsFromManyTasksAllSucceed() async throws {
    let phone = try SimulatedPhone(app: PhoneApp(bundleID: "com.acme.stress", teamID: "TEAM123456"))
    await phone.use {
      await withTaskGroup(of: Int.self) { group in
        for worker in 0..<8 {
          group.addTask {
            var failures = 0
            for index in 0..<25 {
              let account = "t\(worker)-\(index)"
              let base: [String: Any] = [
                kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
              ]
              var add = base
              add[kSecValueData as String] = Data(account.utf8)
              var read = base
              read[kSecReturnData as String] = true
              var result: AnyObject?
              if SecItemAdd(add as CFDictionary, nil) != errSecSuccess { failures += 1 }
              if SecItemCopyMatching(read as CFDictionary, &result) != errSecSuccess
                || result as? Data != Data(account.utf8)
              {
                failures += 1
              }
              if index % 5 == 0, SecItemDelete(base as CFDictionary) != errSecSuccess {
                failures += 1
              }
            }
            return failures
          }
        }
        var total = 0
        for await failures in group { total += failures }
        #expect(total == 0)
      }
    }
    #expect(try phone.itemCount() == 8 * 20)
    #expect(phone.transcript.count == 8 * (25 * 2 + 5))
  }

  @Test func deviceOperationsLocalAuthenticationAndReadsFromManyTasks() async throws {
    let phone = try SimulatedPhone(app: PhoneApp(bundleID: "com.acme.stress", teamID: "TEAM123456"))
    try await phone.use {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for worker in 0..<4 {
          group.addTask {
            for _ in 0..<10 {
              if worker == 0 {
                try phone.lock()
                try phone.unlock()
              } else {
                _ = phone.transcriptText
                _ = LAContext().canEvaluatePolicy(.deviceOwnerAuthentication, error: nil)
                _ = SecItemCopyMatching(
                  [kSecClass as String: kSecClassGenericPassword] as CFDictionary, nil)
              }
            }
          }
        }
        try await group.waitForAll()
      }
    }
    #expect(!phone.isLocked)
  }
}
