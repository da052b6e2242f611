import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// The parser records where a statement holds a secret; what echoes the statement masks those
/// ranges of the text as written.
@Suite struct ParserSecretRangesTests {
  typealias Case = ParseCase<String>

  static let cases: [Case] = [
    Case("device passcode change 1234 \"ab cd\"", "device passcode change •••• ••••"),
    Case("user will enter 1234 3 times", "user will enter •••• 3 times"),
    Case(
      "SecItemAdd [kSecClass: kSecClassGenericPassword,   # the class\n"
        + "            kSecValueData: Data(\"x\".utf8)]",
      "SecItemAdd [kSecClass: kSecClassGenericPassword,\n            kSecValueData: ••••]"),
    Case(
      "  let q = [kSecAttrGeneric: \"g\".data(using: .utf8)!, kSecValueData: [1, 2]]",
      "let q = [kSecAttrGeneric: ••••.data(using: .utf8)!, kSecValueData: ••••]"),
    Case(
      "expect result [kSecAttrAccount: \"a\", kSecAttrGeneric: Data(\"g\".utf8)]",
      "expect result [kSecAttrAccount: ••••, kSecAttrGeneric: Data(••••)]"),
    Case("device lock", "device lock"),
  ]

  @Test(arguments: cases)
  func maskedSourceText(_ test: Case) throws {
    var parser = ScenarioParser(file: "t")
    let result = parser.parse(test.source)
    #expect(result.diagnostics.isEmpty)
    #expect(result.statements.map(\.maskedSourceText) == [test.expected])
  }

  @Test func aLiteralLaterUsedAsItemDataIsMaskedWhereItWasBound() throws {
    let source = """
      let pw = "hunter2"   # the item's password
      let account = "alice"
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: account, kSecValueData: pw]
      expect errSecSuccess
      """
    var parser = ScenarioParser(file: "t")
    let statements = parser.parse(source).statements
    #expect(
      statements.map(\.maskedSourceText).prefix(2) == ["let pw = ••••", "let account = \"alice\""])
    let report = ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "t")
    #expect(report.failures.isEmpty)
    #expect(report.transcript.contains("let pw = ••••"))
    #expect(!report.transcript.contains("hunter2"))
  }

  @Test func theREPLHistoryKeepsTheInputsLayout() {
    let input = "SecItemAdd [kSecClass: kSecClassGenericPassword,\n  kSecValueData: \"s3cret\"]"
    var parser = ScenarioParser(file: "<repl>")
    let entry = REPL.historyEntry(for: input, parsed: parser.parse(input))
    #expect(entry == "SecItemAdd [kSecClass: kSecClassGenericPassword,\n  kSecValueData: ••••]")
  }

  @Test func aParseErrorMasksWhatTheParserFoundSecretBeforeFailing() throws {
    var parser = ScenarioParser(file: "t")
    let source = #"SecItemAdd [kSecAttrGeneric: "g3n".data(using: .utf8)!] extra"#
    let diagnostic = try #require(parser.parse(source).diagnostics.first)
    #expect(diagnostic.kind == .extraText("`extra`"))
    #expect(
      diagnostic.sourceLine == "SecItemAdd [kSecAttrGeneric: ••••.data(using: .utf8)!] extra")
  }
}
