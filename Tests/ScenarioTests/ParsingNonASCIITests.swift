import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// The parser reads an ASCII line's bytes and any other line's `Character`s (issue 29): columns
/// count characters (grapheme clusters) either way, so a diagnostic after emoji, combining marks
/// or CJK text on its line points where it did when every line was read as `Character`s.
@Suite struct ParsingNonASCIITests {
  private func firstDiagnostic(_ source: String) -> ScenarioDiagnostic? {
    var parser = ScenarioParser(file: "f")
    return parser.parse(source).diagnostics.first
  }

  /// A statement's first word and a SecItem function are found from the token's known name,
  /// `device unlock biometry` by comparing bytes, `expect result`'s date key without decoding
  /// what follows (issue 29): each statement parses alike on an ASCII line and on one that is
  /// not (here for its comment), where tokens are read as `Character`s.
  @Test func statementsParseAlikeOnASCIIAndNonASCIILines() throws {
    let statements = [
      "device unlock biometry", "device unlock 123456", "wait 1h30m", "let q = token",
      "SecItemDelete [kSecClass: kSecClassGenericPassword]", "SecItemCopyMatching token",
      "expect result \"token \\u{1F511}\"", "expect result kSecAttrCreationDate later than token",
      "expect errSecSuccess", "say \"done\"",
    ]
    for statement in statements {
      let ascii = try ParsingTestSupport.kind(statement)
      let nonASCII = try ParsingTestSupport.kind(statement + " # ✓ café")
      #expect(ascii == nonASCII, "\(statement)")
    }
  }

  @Test func aColumnAfterAStringOfSeveralByteCharactersCountsCharacters() throws {
    // s a y _ " 🇫🇷 _ c a f é _ 日 本 " _ o: the flag is one character of 8 bytes, `é` one of
    // two scalars.
    let diagnostic = try #require(
      firstDiagnostic("say \"🇫🇷 cafe\u{301} 日本\" oops # ✓ コメント\n"))
    #expect(diagnostic.location == SourceLocation(file: "f", line: 1, column: 17))
    #expect(diagnostic.sourceLine == "say \"🇫🇷 cafe\u{301} 日本\" oops # ✓ コメント")
    #expect(diagnostic.message.contains("`oops`"))
  }

  @Test func aColumnOnAContinuationLineAfterNonASCIITextCountsCharacters() throws {
    let source = """
      SecItemAdd [kSecClass: kSecClassGenericPassword, // 🔑 鍵
                  kSecAttrAccount: "ünïcödé 🧑‍💻", kSecAttrServce: "s"]
      """
    let diagnostic = try #require(firstDiagnostic(source))
    // The misspelt key starts after 12 blanks, `kSecAttrAccount: "` (18), 9 characters of
    // text (the person at a computer is one), `", ` (3).
    #expect(diagnostic.location == SourceLocation(file: "f", line: 2, column: 43))
  }

  /// A token keeps no text (issue 29): an invalid token's error, and a literal's value, are
  /// found by lexing it again where it starts, here on the second line of a statement that is
  /// not byte-wise, after non-ASCII text and escapes.
  @Test func anInvalidTokenOnAContinuationLineAfterNonASCIITextIsFoundAgain() throws {
    let source = """
      SecItemAdd [kSecClass: kSecClassGenericPassword,
                  kSecAttrAccount: "ünï\\u{301}\\t🧑‍💻", kSecAttrService: "ab\\qc"]
      """
    let diagnostic = try #require(firstDiagnostic(source))
    // 12 blanks, `kSecAttrAccount: "` (18), `ünï\u{301}\t🧑‍💻` (13), `", kSecAttrService: "`
    // (21), `ab` (2): the bad escape `\q` is at column 67.
    #expect(diagnostic.location == SourceLocation(file: "f", line: 2, column: 67))
    #expect(diagnostic.kind == .invalidEscape("\\q"))
    var parser = ScenarioParser(file: "f")
    let parsed = parser.parse(
      "SecItemAdd [kSecClass: kSecClassGenericPassword,\n  kSecAttrAccount: \"ü\\u{301}\\t🔑\"]")
    #expect(parsed.diagnostics.isEmpty)
    guard case .secItem(.add(.dictionary(let entries)))? = parsed.statements.first?.kind else {
      Issue.record("not an add of a dictionary: \(parsed.statements)")
      return
    }
    #expect(entries.last?.value == .string("ü\u{301}\t🔑"))
  }

  /// Lexing `text` fails at `column` of its only line with `kind`.
  private func expectLexicalError(_ text: String, column: Int, _ kind: ParseMessage) {
    let location = SourceLocation(file: "<input>", line: 1, column: column)
    #expect(throws: ScenarioDiagnostic(at: location, kind: kind)) {
      _ = try Lexer.tokenize(text)
    }
  }

  @Test func lexicalErrorsAfterNonASCIITextCountCharacters() {
    expectLexicalError("\"🔑é\" @", column: 6, .unexpectedCharacter("@"))
  }

  /// Durations are read from bytes: a unit with any other character is none.
  @Test func aDurationWithANonASCIIUnitIsInvalid() {
    expectLexicalError("wait 5mé", column: 6, .invalidDuration("5mé"))
  }

  /// A `#` that a combining mark follows is another character, no comment: the line is read
  /// as code, as the `Character` reading always did.
  @Test func aHashWithACombiningMarkIsNoComment() {
    #expect(firstDiagnostic("#\u{301} device lock\n") != nil)
    #expect(firstDiagnostic("  //\u{301} device lock\n") != nil)
    #expect(firstDiagnostic("# ✓ device lock\n") == nil)
  }

  /// The same statements parse alike whether a line is read as bytes or as `Character`s (a
  /// non-ASCII comment makes it the latter).
  @Test func aNonASCIICommentChangesNothingElse() throws {
    let ascii = "let q = [kSecClass: kSecClassGenericPassword]  # plain\nSecItemAdd q\n"
    let wide = "let q = [kSecClass: kSecClassGenericPassword]  # ✓ plain\nSecItemAdd q\n"
    let plain = try ScenarioParser.parse(file: "f", source: ascii)
    let other = try ScenarioParser.parse(file: "f", source: wide)
    #expect(plain.map(\.sourceText) == other.map(\.sourceText))
    #expect(plain.map(\.location) == other.map(\.location))
  }
}
