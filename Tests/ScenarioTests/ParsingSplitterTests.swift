import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// One statement per line, continued while a `[` or `(` is open (docs/scenario-language.md §1), and
/// the REPL's incremental question "is this input complete?".
@Suite struct ParsingSplitterTests {
  /// Texts are copied from the source's UTF-8 by character offsets (`SourceCharacters`): they
  /// must come out whole around characters of several bytes and scalars (`é` as e + U+0301, a
  /// flag, `\r\n`).
  @Test func textsAroundCharactersOfSeveralBytesAreWhole() throws {
    let source =
      "  say \"🇫🇷 cafe\u{301}\"  # é\r\nSecItemAdd [kSecAttrAccount: \"e\u{301}🔑\",\r\n"
      + "  kSecClass: kSecClassGenericPassword]\t\r\napp install com.exa\u{301}mple.app\r\n"
    let splitter = ParsingTestSupport.split(source, firstLine: 1)
    #expect(
      splitter.chunks.map(\.sourceText) == [
        "say \"🇫🇷 cafe\u{301}\"",
        "SecItemAdd [kSecAttrAccount: \"e\u{301}🔑\",\n  kSecClass: kSecClassGenericPassword]",
        "app install com.exa\u{301}mple.app",
      ])
    let lexed = Lexer.lex(source, file: "f")
    #expect(lexed.text(of: lexed.tokens[1]) == "\"🇫🇷 cafe\u{301}\"")
    #expect(lexed.text(of: lexed.tokens[6]) == "\"e\u{301}🔑\"")
    let install = try #require(lexed.tokens.firstIndex { lexed.kind(of: $0) == .identifier("install") })
    #expect(lexed.text(of: lexed.word(at: install + 1).token) == "com.exa\u{301}mple.app")
    var parser = ScenarioParser(file: "f")
    let failed = parser.parse("say \"🇫🇷\" \"e\u{301}\"\r\n")
    #expect(failed.diagnostics.first?.sourceLine == "say \"🇫🇷\" \"e\u{301}\"")
  }

  @Test func blankAndCommentLinesAreSkipped() {
    let splitter = ParsingTestSupport.split(
      "\n# heading\n  // note\ndevice lock\n\n   \ndevice reboot # done\n", firstLine: 1)
    #expect(splitter.chunks.map(\.firstLine) == [4, 7])
    #expect(splitter.chunks.map(\.sourceText) == ["device lock", "device reboot"])
    #expect(splitter.unclosed == nil)
  }

  @Test func aStatementContinuesWhileABracketIsOpen() {
    let splitter = ParsingTestSupport.split(
      """
        SecItemUpdate([kSecClass: kSecClassGenericPassword],   # the query
                      [kSecValueData: "x)"   // not a bracket: in a string
                      ])
        expect errSecSuccess
        """, firstLine: 10)
    #expect(splitter.chunks.map(\.firstLine) == [10, 13])
    #expect(
      splitter.chunks.first?.sourceText == """
        SecItemUpdate([kSecClass: kSecClassGenericPassword],
                      [kSecValueData: "x)"
                      ])
        """)
  }

  @Test func crLfLineEndings() {
    let splitter = ParsingTestSupport.split("device lock\r\nlet q = [\r\n:]\r\n", firstLine: 1)
    #expect(splitter.chunks.map(\.firstLine) == [1, 2])
    #expect(splitter.chunks.last?.sourceText == "let q = [\n:]")
  }

  /// A statement of several byte-wise lines has its chunk and text read from its bytes (issue
  /// 29): the same as the same lines read as `Character`s give, each token in the same place.
  @Test(arguments: [
    "SecItemAdd [kSecClass: kSecClassGenericPassword,   # c\n    kSecValueData: \"x\"]",
    "  let q = [\n  kSecAttrAccount: \"a\",  \n\tkSecAttrService: \"s\"]  // end",
    "let q = [kSecClass: kSecClassGenericPassword,\n   # only a comment\n  kSecAttrAccount: \"a\"]",
    "say [\n\n]",
  ])
  func byteWiseLinesHaveTheChunkTheirCharactersGive(_ source: String) {
    let split = SplitBothWays(source, firstLine: 1)
    #expect(split.fastText == split.generalText)
    #expect(split.fast == split.general)
    #expect(split.fast.laterLineCount > 0)
    for token in split.byteWise.tokens.dropLast() {
      let span = SourceSpan(from: token, through: token)
      let range = split.fastSplitter.range(of: span, in: split.fast)
      #expect(range == split.generalSplitter.range(of: span, in: split.general))
      let text = split.byteWise.text(of: token)
      #expect(String(Array(split.fastText)[range]) == text, "\(text)")
    }
  }

  /// A statement's chunk and text read from the bytes of a byte-wise source, and from the
  /// same bytes read as `Character`s, each by a splitter of its own.
  struct SplitBothWays {
    var byteWise: LexedSource
    var fastSplitter = StatementSplitter()
    var generalSplitter = StatementSplitter()
    var fast: StatementSplitter.Chunk
    var fastText: String
    var general: StatementSplitter.Chunk
    var generalText: String

    init(_ source: String, firstLine: Int) {
      let bytes = Array(source.utf8)
      let (byteWise, wide) = bytes.withUnsafeBufferPointer { buffer in
        (
          Lexer.lex(
            SourceCharacters(bytes: buffer, isByteWise: true), file: "f", firstLine: firstLine),
          Lexer.lex(
            SourceCharacters(bytes: buffer, isByteWise: false), file: "f", firstLine: firstLine)
        )
      }
      self.byteWise = byteWise
      (fast, fastText) = fastSplitter.chunk(ofStatement: byteWise)
      (general, generalText) = generalSplitter.chunk(ofStatement: wide)
    }
  }

  /// One splitter reads every statement, writing a statement's later lines' layouts over the
  /// last one's (issue 29): what a longer statement left there must not show in the next
  /// one's secrets' places, whatever is cut after a line (a comment, blanks, a `\r`).
  @Test func statementsOfSeveralLinesAfterEachOtherKeepTheirOwnTextAndSecrets() {
    let source = """
      SecItemAdd [kSecClass: kSecClassGenericPassword,   # three lines
                  kSecAttrAccount: "first-account",
                  kSecValueData: "first-secret"]
      SecItemAdd [kSecClass: kSecClassGenericPassword,
        kSecValueData: "2nd"]
      device lock
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a",
                     kSecAttrService: "s",
                     kSecAttrLabel: "l",
                  kSecValueData: "fourth"]  // four lines
      SecItemAdd [kSecClass: kSecClassGenericPassword,\t
        kSecValueData: "fifth"]
      """ + "\nSecItemAdd [kSecClass: kSecClassGenericPassword,\r  kSecValueData: \"sixth\"]\n"
    let result = ParsingTestSupport.parse(source)
    #expect(result.diagnostics.isEmpty)
    #expect(
      result.statements.map(\.sourceText) == [
        "SecItemAdd [kSecClass: kSecClassGenericPassword,\n"
          + "            kSecAttrAccount: \"first-account\",\n"
          + "            kSecValueData: \"first-secret\"]",
        "SecItemAdd [kSecClass: kSecClassGenericPassword,\n  kSecValueData: \"2nd\"]",
        "device lock",
        "SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: \"a\",\n"
          + "               kSecAttrService: \"s\",\n"
          + "               kSecAttrLabel: \"l\",\n"
          + "            kSecValueData: \"fourth\"]",
        "SecItemAdd [kSecClass: kSecClassGenericPassword,\n  kSecValueData: \"fifth\"]",
        "SecItemAdd [kSecClass: kSecClassGenericPassword,\n  kSecValueData: \"sixth\"]",
      ])
    #expect(
      result.statements.map(\.maskedSourceText) == [
        "SecItemAdd [kSecClass: kSecClassGenericPassword,\n"
          + "            kSecAttrAccount: \"first-account\",\n"
          + "            kSecValueData: ••••]",
        "SecItemAdd [kSecClass: kSecClassGenericPassword,\n  kSecValueData: ••••]",
        "device lock",
        "SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: \"a\",\n"
          + "               kSecAttrService: \"s\",\n"
          + "               kSecAttrLabel: \"l\",\n"
          + "            kSecValueData: ••••]",
        "SecItemAdd [kSecClass: kSecClassGenericPassword,\n  kSecValueData: ••••]",
        "SecItemAdd [kSecClass: kSecClassGenericPassword,\n  kSecValueData: ••••]",
      ])
  }

  @Test func anUnterminatedStringEndsOnItsLine() {
    let splitter = ParsingTestSupport.split("say \"[oops\ndevice lock", firstLine: 1)
    #expect(splitter.chunks.count == 2)
    #expect(splitter.unclosed == nil)
  }

  struct InputCase: CustomTestStringConvertible, Sendable {
    let lines: [String]
    let status: InputStatus
    var testDescription: String { lines.joined(separator: "⏎") }
  }

  static let inputs: [InputCase] = [
    InputCase(lines: ["device lock"], status: .complete),
    InputCase(lines: [""], status: .complete),
    InputCase(lines: ["# only a comment ["], status: .complete),
    InputCase(lines: ["let q = ["], status: .needsMore(bracket: "[", line: 1, column: 9)),
    InputCase(
      lines: ["let q = [", "  kSecClass: kSecClassGenericPassword,"],
      status: .needsMore(bracket: "[", line: 1, column: 9)),
    InputCase(lines: ["let q = [", "  kSecClass: kSecClassGenericPassword]"], status: .complete),
    InputCase(
      lines: ["SecItemAdd([kSecClass: kSecClassGenericPassword]"],
      status: .needsMore(bracket: "(", line: 1, column: 11)),
    InputCase(
      lines: ["SecItemAdd(", "  [kSecClass: "], status: .needsMore(bracket: "[", line: 2, column: 3)
    ),
    InputCase(lines: ["say \"[\""], status: .complete),
    InputCase(lines: ["say \"unterminated ["], status: .complete),
    InputCase(lines: ["x ]"], status: .complete),
  ]

  @Test(arguments: inputs)
  func inputStatus(_ test: InputCase) {
    #expect(ScenarioParser.inputStatus(of: test.lines) == test.status)
  }

  @Test func anUnclosedBracketAtTheEndOfAFileIsAnError() {
    let result = ParsingTestSupport.parse(
      "device lock\nlet q = [kSecClass: kSecClassGenericPassword,\n")
    #expect(result.statements.map(\.kind) == [.device(.lock)])
    #expect(
      result.diagnostics.map(\.description) == ["test.scenario:2:9: error: `[` is never closed"])
  }

  /// A statement of one byte-wise line has its chunk read from its bytes (issue 29): the same
  /// chunk as the same line read as `Character`s gives.
  @Test(arguments: [
    "device lock", "  device lock  ", "\tdevice lock # done", "device reboot // x", "wait 1h30m#x",
    "let q = [kSecClass: kSecClassGenericPassword]   ", "say \"a # b\"  # c", "x\u{0B}",
  ])
  func aByteWiseLineHasTheChunkItsCharactersGive(_ line: String) {
    let split = SplitBothWays(line, firstLine: 4)
    let (fast, general) = (split.fast, split.general)
    #expect(split.fastText == split.generalText)
    #expect(fast == general)
    #expect(fast.firstLine == general.firstLine)
    #expect(fast.end == general.end)
    #expect(fast.firstLineLayout == general.firstLineLayout)
    #expect(fast.laterLineCount == 0 && general.laterLineCount == 0)
    let tokens = split.byteWise.tokens
    let span = SourceSpan(from: tokens[0], through: tokens[tokens.count - 2])
    #expect(
      split.fastSplitter.range(of: span, in: fast)
        == split.generalSplitter.range(of: span, in: general))
  }
}
