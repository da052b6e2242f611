import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// Deep nesting is refused with a located error before it can exhaust the stack, and a long
/// `+` chain evaluates without recursing per term.
@Suite struct NestingLimitTests {
  static let limit = StatementParser.nestingLimit

  /// The one diagnostic of `source`; records an issue when there is not exactly one.
  func diagnostic(_ source: String) throws -> ScenarioDiagnostic {
    var parser = ScenarioParser(file: "deep.scenario", bindings: ParsingTestSupport.bindings)
    let result = parser.parse(source)
    #expect(result.diagnostics.count == 1)
    return try #require(result.diagnostics.first)
  }

  @Test(arguments: [("[", "]", 1_500), ("(", ")", 2_900), ("[", "]", limit + 1)])
  func nestingPastTheLimitIsALocatedError(_ open: String, _ close: String, _ depth: Int) throws {
    let prefix = "let x = "
    let source =
      "say \"before\"\n" + prefix + String(repeating: open, count: depth) + "token"
      + String(repeating: close, count: depth)
    let diagnostic = try diagnostic(source)
    #expect(diagnostic.kind == .nestingTooDeep(limit: Self.limit))
    #expect(diagnostic.location.file == "deep.scenario")
    #expect(diagnostic.location.line == 2)
    // The bracket one past the limit.
    #expect(diagnostic.location.column == prefix.count + Self.limit + 1)
  }

  @Test func nestingUpToTheLimitParses() throws {
    let source =
      "let x = " + String(repeating: "(", count: Self.limit) + "token"
      + String(repeating: ")", count: Self.limit)
    _ = try ParsingTestSupport.kind(source)
  }

  @Test func deeplyNestedTypesAndStringKeysAreLimitedToo() throws {
    let type =
      String(repeating: "[", count: 3_000) + "String" + String(repeating: "]", count: 3_000)
    #expect(try diagnostic("let x: \(type) = token").kind == .nestingTooDeep(limit: Self.limit))
    let key =
      String(repeating: "String(", count: 3_000) + "kSecAttrAccount"
      + String(repeating: ")", count: 3_000)
    #expect(
      try diagnostic("SecItemAdd [\(key): \"a\"]").kind == .nestingTooDeep(limit: Self.limit))
    // 10,000 `try`s: a line holds 64 KiB.
    let tries = String(repeating: "try ", count: 10_000) + "SecItemDelete token"
    #expect(try diagnostic(tries).kind == .nestingTooDeep(limit: Self.limit))
  }

  @Test func aLongMergeChainParsesAsOneListAndEvaluates() throws {
    let terms = 16_000  // `a + ` each: the longest chain a line (64 KiB) holds
    let chain = Array(repeating: "a", count: terms).joined(separator: " + ")
    var parser = ScenarioParser(file: "t")
    let result = parser.parse("let a = [kSecAttrAccount: \"x\"]\nlet b = \(chain)")
    #expect(result.diagnostics.isEmpty)
    guard case .bind(_, .merge(let operands))? = result.statements.last?.kind else {
      Issue.record("not a merge: \(String(describing: result.statements.last?.kind))")
      return
    }
    #expect(operands.count == terms)
    let report = ScenarioRunner(options: .init(kdfProfile: .fast)).run(
      source: "let a = [kSecAttrAccount: \"x\"]\nlet b = \(chain)\nSecItemAdd b + [kSecClass: "
        + "kSecClassGenericPassword]\nexpect errSecSuccess",
      name: "t.scenario")
    #expect(report.failures.isEmpty)
  }
}
