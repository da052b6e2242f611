import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// `backup create|restore|list` and `transfer from`: parsing, echo, history, transcripts.
@Suite struct BackupStatementTests {
  typealias Case = ParseCase<StatementKind>

  static let forms: [Case] = [
    Case(
      #"backup create monday encrypted password "correct horse""#,
      .backup(.create(name: "monday", kind: .encrypted, password: "correct horse"))),
    Case(
      "backup create monday encrypted password hunter2",
      .backup(.create(name: "monday", kind: .encrypted, password: "hunter2"))),
    Case(
      "backup create b1 unencrypted",
      .backup(.create(name: "b1", kind: .unencrypted, password: nil))),
    Case(
      "backup create nightly icloud",
      .backup(.create(name: "nightly", kind: .icloud, password: nil))),
    Case(
      #"backup restore monday password "pw""#, .backup(.restore(name: "monday", password: "pw"))),
    Case("backup restore b1", .backup(.restore(name: "b1", password: nil))),
    Case("backup list", .backup(.list)),
    Case("transfer from iPhone", .backup(.transfer(from: "iPhone"))),
  ]

  @Test(arguments: forms)
  func parses(_ test: Case) throws {
    #expect(try ParsingTestSupport.kind(test.source) == test.expected)
  }

  @Test(arguments: [
    (
      "backup craete b encrypted",
      ParseMessage.unknown("`backup` command", "craete", suggestion: "create")
    ),
    ("backup create b encryptd", .unknown("backup kind", "encryptd", suggestion: "encrypted")),
  ])
  func refusesToParse(source: String, kind: ParseMessage) {
    let result = ParsingTestSupport.parse(source)
    #expect(result.diagnostics.map(\.kind) == [kind])
  }

  @Test func aMisspelledPasswordKeywordStillHidesThePassword() throws {
    var parser = ScenarioParser(file: "t")
    let source = #"backup restore b pasword "hunter2""#
    let diagnostic = try #require(parser.parse(source).diagnostics.first)
    #expect(!diagnostic.rendered().contains("hunter2"))
  }

  @Test(arguments: [
    (#"backup create b encrypted password "hunter2""#, "backup create b encrypted password ••••"),
    ("backup restore b password hunter2", "backup restore b password ••••"),
    ("backup create b unencrypted", "backup create b unencrypted"),
  ])
  func historyAndEchoMaskThePassword(source: String, expected: String) throws {
    var parser = ScenarioParser(file: "<repl>")
    let parsed = parser.parse(source)
    #expect(REPL.historyEntry(for: source, parsed: parsed) == expected)
    let statement = try #require(parsed.statements.first)
    #expect(StatementEcho().text(for: statement) == expected)
  }

  func play(_ source: String) -> ScenarioFileReport {
    ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "test.scenario")
  }

  @Test func theTranscriptSaysWhatMovedAndWhatStayedBehind() {
    let report = play(
      """
      device passcode 123456
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "tdo", kSecValueData: "s3cret-1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly]
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "moves", kSecValueData: "s3cret-2"]
      backup create b encrypted password "hunter2"
      device add newPhone
      device use newPhone
      backup restore b password "hunter2"
      backup list
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    let transcript = report.transcript
    #expect(transcript.contains("· restored: item `moves` (genp) [kSecAttrAccessibleWhenUnlocked]"))
    #expect(transcript.contains("· stayed behind: item `tdo` (genp)"))
    #expect(transcript.contains("ThisDeviceOnly: it stays sealed to the UID of 'iPhone'"))
    #expect(transcript.contains("b: encrypted backup of iPhone, 2 item(s), 0 left out"))
    for secret in ["hunter2", "s3cret-1", "s3cret-2"] { #expect(!transcript.contains(secret)) }
  }

  @Test func refusalsAreOutcomesAndUnknownBackupsStopTheScenario() {
    let refused = play(
      """
      backup create b encrypted
      expect refused
      """)
    #expect(refused.failures.isEmpty, "\(refused.transcript)")
    let unknown = play("backup create a unencrypted\nbackup restore monday")
    #expect(unknown.failures.first?.line == 2)
    #expect(unknown.transcript.contains("no backup named 'monday' (backups: a)"))
    let password = play("backup create a unencrypted password \"x\"")
    #expect(password.failures.first?.line == 1)
    #expect(!password.transcript.contains("\"x\""))
  }
}
