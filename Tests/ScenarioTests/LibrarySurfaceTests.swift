import Keychain
import Scenario
import Testing

/// The Scenario library as a user of the `KeychainSimulator` product sees it (no `@testable`):
/// parse a text into statements, play them one by one on a session, or run a whole file.
/// The syntax tree itself is internal; statements are parsed and executed whole.
@Suite struct LibrarySurfaceTests {
  @Test func parseThenExecuteStatementByStatement() throws {
    var parser = ScenarioParser(file: "lib.scenario")
    let parsed = parser.parse(
      """
      device passcode 123456
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecValueData: "s"]
      expect errSecSuccess
      """)
    #expect(parsed.diagnostics.isEmpty)
    #expect(parsed.statements.map(\.location.line) == [1, 2, 3])
    var session = try ScenarioSession(options: .init(kdfProfile: .fast))
    var verdicts: [ExpectationReport] = []
    for statement in parsed.statements {
      if let verdict = try session.execute(statement).expectation { verdicts.append(verdict) }
    }
    #expect(verdicts == [.held])
  }

  @Test func runAFileAndReadItsReport() {
    let report = ScenarioRunner(options: .init(kdfProfile: .fast)).run(
      source: "user will match\nSecItemDelete [kSecClass: kSecClassGenericPassword]\n"
        + "expect errSecItemNotFound",
      name: "lib.scenario")
    #expect(report.status == .passed)
    #expect(
      report.warnings == [
        .unusedAnswers(file: "lib.scenario", line: 1, total: 1, entries: ["match"])
      ])
  }
}
