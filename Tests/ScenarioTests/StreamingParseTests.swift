import Testing

@testable import ScenarioLanguage

/// A file played while it parses (ScenarioRunner's two passes) sees the same statements,
/// masked the same way, as a file parsed at once.
@Suite struct StreamingParseTests {
  static let source = """
    let pw = "HUNTER2SECRET"
    say "between"
    let query = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
    SecItemAdd query + [kSecValueData: pw]
    device passcode 123456
    let other = "not a secret"
    say "end"
    """

  @Test func theStreamHandsOnWhatParseReturnsWithLateSecretsMasked() throws {
    let whole = try ScenarioParser.parse(file: "f", source: Self.source)
    let plan = ScenarioParser.check(file: "f", source: Self.source)
    #expect(plan.diagnostics.isEmpty)
    var streamed: [Statement] = []
    ScenarioParser.stream(file: "f", source: Self.source, plan: plan) { streamed.append($0) }
    #expect(streamed == whole)
    // The literal bound first and used as item data three statements later is masked.
    #expect(streamed[0].maskedSourceText == "let pw = ••••")
    #expect(!streamed[5].maskedSourceText.contains("••••"))
  }

  @Test func theCheckFindsEveryErrorAndKeepsNoStatement() {
    let plan = ScenarioParser.check(
      file: "f", source: "wait 3 lightyears\nsay \"ok\"\ndevice fly\n")
    #expect(plan.diagnostics.map(\.location.line) == [1, 3])
  }
}
