import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// `app defaults set|remove` and `backup inspect`: an app's preferences (UserDefaults) travel in
/// backups as files, readable in an unencrypted one; the keychain never is.
@Suite struct PreferencesStatementTests {
  typealias Case = ParseCase<StatementKind>

  static let forms: [Case] = [
    Case(
      #"app defaults set refresh-token "r1""#,
      .app(.setDefault(key: "refresh-token", value: "r1"))),
    Case("app defaults set theme dark", .app(.setDefault(key: "theme", value: "dark"))),
    Case("app defaults remove refresh-token", .app(.removeDefault(key: "refresh-token"))),
    Case("backup inspect monday", .backup(.inspect(name: "monday"))),
  ]

  @Test(arguments: forms)
  func parses(_ test: Case) throws {
    #expect(try ParsingTestSupport.kind(test.source) == test.expected)
  }

  @Test func theValueIsMaskedInEchoAndHistory() throws {
    let source = #"app defaults set refresh-token "Zq9Xw7Kp""#
    var parser = ScenarioParser(file: "<repl>")
    let parsed = parser.parse(source)
    let statement = try #require(parsed.statements.first)
    #expect(StatementEcho().text(for: statement) == "app defaults set refresh-token ••••")
    #expect(REPL.historyEntry(for: source, parsed: parsed) == "app defaults set refresh-token ••••")
  }

  @Test func aLineThatDoesNotParseHidesTheValue() throws {
    var parser = ScenarioParser(file: "t")
    for source in [
      #"app defaults set refresh-token "Zq9Xw7Kp" more"#, "app defualts set k Zq9Xw7Kp x",
    ] {
      let diagnostic = try #require(parser.parse(source).diagnostics.first, "\(source)")
      #expect(!diagnostic.rendered().contains("Zq9Xw7Kp"), "\(diagnostic.rendered())")
    }
  }

  func play(_ source: String) -> ScenarioFileReport {
    ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "test.scenario")
  }

  @Test func anUnencryptedBackupGivesThePreferencesAwayButNotTheKeychain() {
    let report = play(
      """
      device passcode 123456
      app defaults set refresh-token "Zq9Xw7Kp"
      app defaults set theme "dark"
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "t", kSecValueData: "k3ych41n"]
      backup create plain unencrypted
      backup inspect plain
      expect result ["Zq9Xw7Kp", "dark"]
      expect count 2
      backup create locked encrypted password "hunter2"
      backup inspect locked
      expect result []
      app defaults remove refresh-token
      backup create later unencrypted
      backup inspect later
      expect result ["dark"]
      backup inspect plain
      expect result ["Zq9Xw7Kp", "dark"]
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    let transcript = report.transcript
    #expect(
      transcript.contains(
        "readable in plaintext: com.example.app's preferences, `refresh-token` (8 bytes)"))
    #expect(transcript.contains("encrypted with the backup password: com.example.app's preferences"))
    #expect(transcript.contains("[kSecAttrAccessibleWhenUnlocked], under the UID of 'iPhone'"))
    // The keychain's data is in no output; the preference is only in the result it asserts.
    #expect(!transcript.contains("k3ych41n"))
    #expect(!transcript.contains("hunter2"))
  }

  @Test func inspectingAnUnknownBackupStopsTheScenario() {
    let report = play("backup inspect monday")
    #expect(report.failures.first?.line == 1)
    #expect(report.transcript.contains("no backup named 'monday' (backups: none)"))
  }
}
