import Testing

@testable import Scenario

/// A dictionary literal's duplicate-key check is one set lookup per entry: a literal with tens of
/// thousands of entries parses (the check used to compare every pair: 20,000 entries took 55 s in
/// a debug build, so 30,000 run past the one-minute limit; now the test takes under two seconds).
/// One entry a line: a line holds at most 64 KiB, a statement 1 MiB (`StatementCutter`).
@Suite(.timeLimit(.minutes(1))) struct DictionaryLiteralScaleTests {
  static let entries = 30_000

  static func literal(duplicateAt index: Int?) -> String {
    var parts = (0..<entries).map { "  \"k\($0)\": \($0)" }
    if let index { parts.append("  \"k\(index)\": 0") }
    return "let big = [\n" + parts.joined(separator: ",\n") + "]"
  }

  @Test func aLargeLiteralWithoutDuplicatesParses() throws {
    guard
      case .bind(_, .dictionary(let entries)) = try ParsingTestSupport.kind(
        Self.literal(duplicateAt: nil))
    else {
      Issue.record("not a dictionary binding")
      return
    }
    #expect(entries.count == Self.entries)
  }

  @Test func aDuplicateAtTheEndOfALargeLiteralIsFound() throws {
    let source = Self.literal(duplicateAt: 17)
    let result = ParsingTestSupport.parse(source)
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.kind == .duplicateKey("\"k17\""))
    // The repeated key, after every other entry.
    #expect(diagnostic.location.line == Self.entries + 2)
    #expect(diagnostic.location.column == 3)
  }
}
