import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// The size limits the parser applies a line at a time (`StatementCutter`), before the rest of
/// the source is lexed: each is a located error, masked as any other, and parsing goes on after
/// the statement where it can. The memory they bound is measured by the executable's test
/// (CLITests, BoundedMemoryTests).
@Suite struct SourceLimitTests {
  static let lineLimit = StatementCutter.maximumLineLength
  static let statementLimit = StatementCutter.maximumStatementLength
  static let nestingLimit = StatementParser.nestingLimit

  func parse(_ source: String) -> ParseResult {
    var parser = ScenarioParser(file: "big.scenario")
    return parser.parse(source)
  }

  @Test func aLineLongerThanTheLimitIsRefusedWhereItPassesIt() throws {
    // Two-byte characters: the column counts characters, the limit bytes.
    let long = "say \"" + String(repeating: "é", count: Self.lineLimit) + "\""
    let result = parse("say \"before\"\n\(long)\nsay \"after\"\nthis is not parsed")
    #expect(result.statements.count == 1)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.kind == .lineTooLong(limit: Self.lineLimit))
    #expect(diagnostic.location.line == 2)
    #expect(diagnostic.location.column == 6 + (Self.lineLimit - 5) / 2)
    #expect(diagnostic.sourceLine == nil)
    #expect(diagnostic.message.contains("64 KiB (65536 bytes of UTF-8)"))
  }

  @Test func aLineJustUnderTheLimitParses() throws {
    let text = String(repeating: "x", count: Self.lineLimit - "say \"\"".count)
    let result = parse("say \"\(text)\"")
    #expect(result.diagnostics.isEmpty)
    #expect(result.statements.count == 1)
  }

  @Test func aStatementLongerThanTheLimitIsSkippedAndTheNextOneParses() throws {
    let entry = "  \"k\": \"" + String(repeating: "v", count: 1000) + "\",\n"
    let entries = Self.statementLimit / entry.utf8.count + 2
    let source =
      "say \"before\"\nlet big = [\n" + String(repeating: entry, count: entries)
      + "  \"end\": 1]\nsay \"after\""
    let result = parse(source)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.kind == .statementTooLong(limit: Self.statementLimit, firstLine: 2))
    // The entry line where the statement, counted from `let`, passes 1 MiB.
    let passed = (Self.statementLimit - "let big = [\n".utf8.count) / entry.utf8.count
    #expect(diagnostic.location.line == 3 + passed)
    #expect(result.statements.map(\.sourceText) == ["say \"before\"", "say \"after\""])
  }

  @Test func bracketsNestedPastTheLimitAcrossLinesAreRefusedAndSkipped() throws {
    let depth = 5_000
    let source =
      "let a = " + String(repeating: "[\n", count: depth) + String(repeating: "]\n", count: depth)
      + "say \"after\""
    let result = parse(source)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.kind == .nestingTooDeep(limit: Self.nestingLimit))
    #expect(diagnostic.location.line == Self.nestingLimit + 1)
    #expect(diagnostic.location.column == 1)
    #expect(result.statements.map(\.sourceText) == ["say \"after\""])
  }

  /// A refused `let` poisons its name, as a statement that fails to parse does: its uses
  /// report nothing more.
  @Test func aRefusedBindingsNameReportsNoFurtherError() throws {
    let deep = String(repeating: "[", count: Self.nestingLimit + 1)
    let result = parse(
      "let deep = \(deep)\(String(repeating: "]", count: Self.nestingLimit + 1))\n"
        + "SecItemAdd deep\nsay \"after\"")
    #expect(result.diagnostics.map(\.kind) == [.nestingTooDeep(limit: Self.nestingLimit)])
    #expect(result.statements.count == 2)
  }

  @Test func anInputNestedPastTheLimitIsCompleteForTheREPL() {
    let deep = [String(repeating: "[", count: Self.nestingLimit + 1)]
    #expect(ScenarioParser.inputStatus(of: deep) == .complete)
    let open = [String(repeating: "[", count: Self.nestingLimit)]
    #expect(
      ScenarioParser.inputStatus(of: open)
        == .needsMore(bracket: "[", line: 1, column: Self.nestingLimit))
  }

  @Test func refusalsMaskTheSecretsOfTheLineTheyEcho() throws {
    let nested =
      #"SecItemAdd [kSecValueData: "hunter2", kSecAttrAccount: "#
      + String(repeating: "[", count: Self.nestingLimit + 1)
    let entry = "  kSecAttrLabel: \"" + String(repeating: "l", count: 1000) + "\",\n"
    let long =
      "SecItemAdd [\n"
      + String(repeating: entry, count: Self.statementLimit / entry.utf8.count - 1)
      + #"  kSecValueData: "hunter2", kSecAttrService: "# + String(repeating: "s", count: 2000)
      + "]"
    // The limit is passed on the last line, which holds the secret.
    for source in [nested, long] {
      let diagnostic = try #require(parse(source).diagnostics.first)
      // The whole echoed line, not only the window `rendered()` shows around the caret.
      let echoed = (diagnostic.sourceLine ?? "") + diagnostic.message
      #expect(
        diagnostic.sourceLine?.contains(StatementEcho.mask) == true,
        "\(diagnostic.location) \(diagnostic.sourceLine?.prefix(80) ?? "")")
      #expect(!echoed.contains("hunter2"), "\(echoed.suffix(200))")
    }
  }
}
