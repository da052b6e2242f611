import Foundation
import Testing

@testable import Scenario

/// "No kSecUseDataProtectionKeychain on a Mac": a SecItemAdd that lands in the login keychain
/// because nothing in the query asks for the data protection keychain is a pitfall; an add
/// that asks for it, a Catalyst app, a daemon and an iPhone are not.
@Suite struct MacLoginKeychainPitfallTests {
  static let mac = """
    device add mac mac
    device use mac
    app install com.example.app team ABCDE12345
    app use com.example.app
    let token = [kSecClass: kSecClassGenericPassword, kSecAttrService: "s", kSecAttrAccount: "a"]
    """

  @Test(arguments: [
    (#"SecItemAdd token + [kSecValueData: "t"]"#, "", true),
    (#"SecItemAdd token + [kSecValueData: "t", kSecUseDataProtectionKeychain: true]"#, "", false),
    (#"SecItemAdd token + [kSecValueData: "t", kSecAttrSynchronizable: true]"#, "", false),
    // Said on purpose: the file-based keychain was asked for.
    (#"SecItemAdd token + [kSecValueData: "t", kSecUseDataProtectionKeychain: false]"#, "", false),
    (#"SecItemAdd token + [kSecValueData: "t"]"#, "mac app com.example.app catalyst", false),
    (#"SecItemAdd token + [kSecValueData: "t"]"#, "mac app com.example.app daemon", false),
  ])
  func anAddIsJudgedByWhereItLands(add: String, setup: String, fires: Bool) {
    let report = ScenarioRunner(options: .init(kdfProfile: .fast))
      .run(source: Self.mac + "\n" + setup + "\n" + add + "\nexpect errSecSuccess", name: "m")
    #expect(report.failures.isEmpty, "\(report.transcript)")
    let kinds = report.warnings.compactMap { warning -> Pitfall.Kind? in
      if case .pitfall(_, let pitfall) = warning { return pitfall.kind }
      return nil
    }
    #expect(kinds.contains(.macLoginKeychain) == fires, "\(kinds)")
    if fires {
      #expect(report.transcript.contains("`keychain-sim lessons devices/mac-login-keychain`"))
    }
  }

  @Test func anIPhoneAddIsNoMacPitfall() {
    let report = ScenarioRunner(options: .init(kdfProfile: .fast))
      .run(
        source: """
          let token = [kSecClass: kSecClassGenericPassword, kSecAttrService: "s", kSecAttrAccount: "a"]
          SecItemAdd token + [kSecValueData: "t", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]
          expect errSecSuccess
          """, name: "i")
    #expect(report.warnings.isEmpty)
  }

  @Test func strictFailsOnIt() {
    let report = ScenarioRunner(options: .init(kdfProfile: .fast), strict: true)
      .run(source: Self.mac + "\n" + #"SecItemAdd token + [kSecValueData: "t"]"#, name: "m")
    #expect(report.failures.contains { $0.kind == .pitfall })
  }
}
