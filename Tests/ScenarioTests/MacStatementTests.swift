import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// `mac app <bundleID> <personality>` and the Mac's `show items` (docs/scenario-language.md
/// §13, "The Mac").
@Suite struct MacStatementTests {
  typealias Case = ParseCase<StatementKind>

  static let forms: [Case] = [
    Case(
      "mac app com.example.app daemon", .mac(.personality(bundleID: "com.example.app", .daemon))),
    Case("mac app com.example.app ad-hoc", .mac(.personality(bundleID: "com.example.app", .adHoc))),
    Case(
      "mac app com.example.app catalyst",
      .mac(.personality(bundleID: "com.example.app", .catalyst))),
    Case(
      "mac app com.example.app signed", .mac(.personality(bundleID: "com.example.app", .signed))),
  ]

  @Test(arguments: forms)
  func parses(_ test: Case) throws {
    #expect(try ParsingTestSupport.kind(test.source) == test.expected)
  }

  @Test(arguments: [
    (
      "mac ap com.example.app daemon",
      ParseMessage.unknown("`mac` command", "ap", suggestion: "app")
    ),
    (
      "mac app com.example.app deamon",
      .unknown("how the app runs on the Mac", "deamon", suggestion: "daemon")
    ),
  ])
  func refusesToParse(source: String, kind: ParseMessage) {
    let result = ParsingTestSupport.parse(source)
    #expect(result.diagnostics.map(\.kind) == [kind])
  }

  @Test func theWordsAreInTheVocabulary() {
    for word in ["mac", "app", "daemon", "ad-hoc", "catalyst", "signed"] {
      #expect(Vocabulary.allWords.contains(word), "\(word)")
    }
    let completion = CompletionContext(boundNames: [], contextNames: [])
    #expect(completion.candidates(line: "mac ", wordStart: 4) == ["app"])
    #expect(
      completion.candidates(line: "mac app com.example.app ", wordStart: 24)
        == ["signed", "ad-hoc", "catalyst", "daemon"])
  }

  func play(_ source: String) -> ScenarioFileReport {
    ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "test.scenario")
  }

  @Test func showItemsNamesEachItemsKeychain() {
    let report = play(
      """
      device add mac mac
      device use mac
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "file", kSecAttrAccessGroup: "ABCDE12345.com.example.app", kSecValueData: Data("x".utf8)]
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "dp", kSecUseDataProtectionKeychain: true, kSecValueData: Data("x".utf8)]
      show items
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    // The transcript wraps long lines: compare with its whitespace collapsed.
    let flat = report.transcript.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.contains("login keychain · has data"))
    #expect(
      flat.contains(
        "data protection keychain · group ABCDE12345.com.example.app · "
          + "kSecAttrAccessibleWhenUnlocked"))
    #expect(flat.contains("the file-based keychain silently ignores kSecAttrAccessGroup"))
  }

  @Test func showAppsSaysHowEachAppRunsOnAMacOnly() {
    let report = play(
      """
      show apps
      device add mac mac
      device use mac
      mac app com.example.app daemon
      show apps
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    let flat = report.transcript.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(flat.contains("com.example.app: team ABCDE12345, making the calls"), "the iPhone")
    #expect(flat.contains("com.example.app: team ABCDE12345, runs as a launchd daemon, making"))
  }

  @Test func thePersonalityChangesWhereCallsGoAndRefusalsAreOutcomes() {
    let report = play(
      """
      device add mac mac
      device use mac
      mac app com.example.app daemon
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecUseDataProtectionKeychain: true, kSecValueData: Data("x".utf8)]
      expect errSecNotAvailable
      mac app com.example.app signed
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecUseDataProtectionKeychain: true, kSecValueData: Data("x".utf8)]
      expect errSecSuccess
      device use iPhone
      mac app com.example.app daemon
      expect refused
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(report.transcript.contains("com.example.app runs as a launchd daemon"))
    #expect(report.transcript.contains("this device is an iPhone"))
  }

  @Test func anIPhonesListingNamesNoKeychain() {
    let report = play(
      """
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecValueData: Data("x".utf8)]
      show items
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(!report.transcript.contains("keychain ·"))
    #expect(!report.transcript.contains("on this Mac"))
  }
}
