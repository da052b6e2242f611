import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// Tokens, string escapes, durations and comments (docs/scenario-language.md §1).
@Suite struct ParsingLexerTests {
  /// The tokens' kinds, each with its payload (a name, a literal's value) made from the source:
  /// a token holds only its place and shape (issue 29).
  private func kinds(_ text: String) throws -> [TokenKind] {
    let lexed = Lexer.lex(text, file: "<input>")
    let tokens = try Lexer.tokenize(text)
    #expect(tokens == lexed.tokens)
    return tokens.map(lexed.kind(of:))
  }

  struct StringCase: CustomTestStringConvertible, Sendable {
    let literal: String
    let value: String
    var testDescription: String { literal }
  }

  static let strings: [StringCase] = [
    StringCase(literal: #""plain""#, value: "plain"),
    StringCase(literal: #""""#, value: ""),
    StringCase(literal: #""say \"hi\"""#, value: "say \"hi\""),
    StringCase(literal: #""back\\slash""#, value: "back\\slash"),
    StringCase(literal: #""two\nlines""#, value: "two\nlines"),
    StringCase(literal: #""a\tb""#, value: "a\tb"),
    StringCase(literal: #""\u{1F511} key""#, value: "🔑 key"),
    StringCase(literal: #""\u{e9}""#, value: "é"),
    StringCase(literal: ##""# not a comment""##, value: "# not a comment"),
    StringCase(literal: #""// nor this""#, value: "// nor this"),
    StringCase(literal: #""[(unbalanced""#, value: "[(unbalanced"),
    StringCase(literal: #""naïve 🔐""#, value: "naïve 🔐"),
  ]

  @Test(arguments: strings)
  func stringLiteral(_ test: StringCase) throws {
    #expect(try kinds(test.literal) == [.string(test.value), .end])
  }

  struct DurationCase: CustomTestStringConvertible, Sendable {
    let text: String
    let milliseconds: Int64
    var testDescription: String { text }
  }

  static let durations: [DurationCase] = [
    DurationCase(text: "500ms", milliseconds: 500),
    DurationCase(text: "10s", milliseconds: 10_000),
    DurationCase(text: "5m", milliseconds: 300_000),
    DurationCase(text: "3h", milliseconds: 10_800_000),
    DurationCase(text: "2d", milliseconds: 172_800_000),
    DurationCase(text: "1h30m", milliseconds: 5_400_000),
    DurationCase(text: "1d2h3m4s5ms", milliseconds: 93_784_005),
    DurationCase(text: "0s", milliseconds: 0),
    DurationCase(text: "90m", milliseconds: 5_400_000),
  ]

  @Test(arguments: durations)
  func duration(_ test: DurationCase) throws {
    #expect(
      try kinds(test.text) == [.duration(SimulatedDuration(milliseconds: test.milliseconds)), .end])
  }

  @Test func integersKeepTheirSpelling() throws {
    #expect(
      try kinds("10 -25308 0000") == [.integer("10"), .integer("-25308"), .integer("0000"), .end])
  }

  @Test func booleansAndIdentifiers() throws {
    #expect(
      try kinds("true false kSecClass _x ctx2")
        == [
          .boolean(true), .boolean(false), .identifier("kSecClass"), .identifier("_x"),
          .identifier("ctx2"), .end,
        ])
  }

  @Test func everyPunctuation() throws {
    let text = Punctuation.allCases.map { String($0.rawValue) }.joined(separator: " ")
    #expect(try kinds(text) == Punctuation.allCases.map { .punctuation($0) } + [.end])
  }

  /// The lexer finds a mark from its byte: every byte gives the mark whose character it is.
  @Test func everyByteGivesItsMark() {
    for byte in UInt8.min...UInt8.max {
      let mark = Punctuation.allCases.first { $0.rawValue.asciiValue == byte }
      #expect(Punctuation(byte: byte) == mark, "\(byte)")
    }
  }

  @Test func commentsEndTheLineOutsideStrings() throws {
    #expect(
      try kinds("device lock # comment \"x") == [.identifier("device"), .identifier("lock"), .end])
    #expect(
      try kinds("device lock // comment") == [.identifier("device"), .identifier("lock"), .end])
    #expect(
      try kinds("[a: 1, # one\n b: 2] // two")
        == [
          .punctuation(.leftBracket), .identifier("a"), .punctuation(.colon), .integer("1"),
          .punctuation(.comma), .identifier("b"), .punctuation(.colon), .integer("2"),
          .punctuation(.rightBracket), .end,
        ])
  }

  @Test func locationsCountCharactersAcrossLines() throws {
    let lexed = Lexer.lex("\"🔑é\" x\n  y", file: "f", firstLine: 7)
    let tokens = try Lexer.tokenize("\"🔑é\" x\n  y", file: "f", line: 7)
    #expect(tokens == lexed.tokens)
    #expect(tokens.map(\.location.line) == [7, 7, 8, 8])
    #expect(tokens.map(\.location.column) == [1, 6, 3, 4])
    #expect(tokens.map(lexed.text(of:)) == ["\"🔑é\"", "x", "y", ""])
  }

  struct ErrorCase: CustomTestStringConvertible, Sendable {
    let text: String
    let column: Int
    let kind: ParseMessage
    var testDescription: String { text }
  }

  static let errors: [ErrorCase] = [
    ErrorCase(text: #"say "open"#, column: 5, kind: .unterminatedString),
    ErrorCase(text: #"say "a\qb""#, column: 7, kind: .invalidEscape("\\q")),
    ErrorCase(text: #"say "\u{110000}""#, column: 6, kind: .invalidUnicodeEscape("\\u{110000}")),
    ErrorCase(text: "wait 1hr", column: 6, kind: .invalidDuration("1hr")),
    ErrorCase(text: "wait -5m", column: 6, kind: .negativeDuration("-5m")),
    ErrorCase(
      text: "expect 99999999999999999999", column: 8,
      kind: .integerTooLarge("99999999999999999999")),
    ErrorCase(text: "a - b", column: 3, kind: .unexpectedCharacter("-")),
    ErrorCase(text: "a ; b", column: 3, kind: .unexpectedCharacter(";")),
  ]

  @Test(arguments: errors)
  func lexicalError(_ test: ErrorCase) {
    #expect(
      throws: ScenarioDiagnostic(
        at: SourceLocation(file: "<input>", line: 1, column: test.column), kind: test.kind)
    ) {
      _ = try Lexer.tokenize(test.text)
    }
  }

  /// One rendering check: the table words a kind as the golden files expect.
  @Test func kindsRenderInTheProjectVoice() {
    #expect(
      ParseMessage.invalidDuration("1hr").text
        == "invalid duration `1hr`; write an integer and a unit (ms, s, m, h, d), as in `1h30m`")
  }
}
