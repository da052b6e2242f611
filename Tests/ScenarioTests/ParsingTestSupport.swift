import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// One row of a parsing table: the source and what it must produce, named after the source.
struct ParseCase<Expected: Sendable>: CustomTestStringConvertible, Sendable {
  let source: String
  let expected: Expected
  var testDescription: String { source }
  init(_ source: String, _ expected: Expected) {
    self.source = source
    self.expected = expected
  }
}

/// Helpers shared by the parsing tests.
enum ParsingTestSupport {
  /// Bindings most cases can refer to.
  static let bindings: [String: BindingKind] = [
    "token": .dictionary, "attributes": .dictionary, "ctx": .context, "access": .accessControl,
    "account": .value,
  ]

  /// A statement as the parser's splitter reads it: its chunk and its text.
  struct SplitStatement {
    var chunk: StatementSplitter.Chunk
    var sourceText: String
    var firstLine: Int { chunk.firstLine }
  }

  /// The statements the parser's cutter hands on for `source`, as the parser's splitter reads
  /// them, and the innermost bracket left open at its end (whose statement is not among them).
  static func split(_ source: String, firstLine: Int)
    -> (chunks: [SplitStatement], unclosed: StatementSplitter.OpenBracket?)
  {
    var chunks: [SplitStatement] = []
    var splitter = StatementSplitter()
    let unclosed = StatementCutter.cut(
      source, file: "", firstLine: firstLine, nestingLimit: StatementParser.nestingLimit
    ) { piece in
      guard case .statement(let lexed, unclosed: nil) = piece else { return }
      let (chunk, text) = splitter.chunk(ofStatement: lexed)
      chunks.append(SplitStatement(chunk: chunk, sourceText: text))
    }
    return (chunks, unclosed)
  }

  /// Parses `source` with the usual bindings.
  static func parse(_ source: String, file: String = "test.scenario") -> ParseResult {
    var parser = ScenarioParser(file: file, bindings: bindings)
    return parser.parse(source)
  }

  /// The one statement `source` holds; records an issue when it does not parse.
  static func kind(_ source: String) throws -> StatementKind {
    let result = parse(source)
    #expect(result.diagnostics == [], "\(source)")
    return try #require(result.statements.count == 1 ? result.statements.first : nil).kind
  }

  /// Removes the marker `1️⃣` from `text` and returns where it was (1-based, in characters).
  static func marked(_ text: String) -> (source: String, line: Int, column: Int) {
    var line = 1
    var column = 1
    var source = ""
    var found: (Int, Int)?
    for character in text {
      if character == "1️⃣" {
        found = (line, column)
        continue
      }
      source.append(character)
      if character.isNewline {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    precondition(found != nil, "test input without a 1️⃣ marker")
    return (source, found?.0 ?? 0, found?.1 ?? 0)
  }

  static func constant(_ name: String) -> Expr {
    guard let value = SecConstants.values[name] else { preconditionFailure("no \(name)") }
    return .constant(name: name, value: value)
  }

  static func key(_ name: String) -> DictionaryKey {
    guard let raw = SecConstants.keys[name] else { preconditionFailure("no \(name)") }
    return DictionaryKey(raw: raw, appleName: name)
  }

  /// A dictionary whose entries' locations are not compared.
  static func entries(_ expr: Expr) -> [(String, Expr)]? {
    guard case .dictionary(let entries) = expr else { return nil }
    return entries.map { ($0.key.description, $0.value) }
  }

  /// `expr` with every entry location set to one value, so ASTs compare by shape.
  static func normalized(_ expr: Expr) -> Expr {
    let here = SourceLocation(file: "", line: 0, column: 0)
    switch expr {
    case .dictionary(let entries):
      return .dictionary(
        entries.map { DictionaryEntry(key: $0.key, value: normalized($0.value), location: here) })
    case .merge(let operands): return .merge(operands.map(normalized))
    case .array(let elements): return .array(elements.map(normalized))
    default: return expr
    }
  }

  static func normalized(_ kind: StatementKind) -> StatementKind {
    switch kind {
    case .secItem(.add(let query)): .secItem(.add(normalized(query)))
    case .secItem(.copyMatching(let query)): .secItem(.copyMatching(normalized(query)))
    case .secItem(.delete(let query)): .secItem(.delete(normalized(query)))
    case .secItem(.update(let query, let attributes)):
      .secItem(.update(query: normalized(query), attributes: normalized(attributes)))
    case .bind(let name, let value): .bind(name: name, value: normalized(value))
    case .expect(.result(let value)): .expect(.result(normalized(value)))
    default: kind
    }
  }

  /// A dictionary literal for expected ASTs: `dict(("kSecClass", constant(...)))`.
  static func dict(_ pairs: (String, Expr)...) -> Expr { dict(pairs) }

  /// The same, from an array of pairs (for helpers that forward their variadic arguments).
  static func dict(_ pairs: [(String, Expr)]) -> Expr {
    let here = SourceLocation(file: "", line: 0, column: 0)
    return .dictionary(
      pairs.map { name, value in
        let key =
          SecConstants.keys[name].map { DictionaryKey(raw: $0, appleName: name) }
          ?? DictionaryKey(raw: name, appleName: SecConstants.name(forKey: name))
        return DictionaryEntry(key: key, value: value, location: here)
      })
  }
}
