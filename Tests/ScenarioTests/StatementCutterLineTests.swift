import Testing

@testable import ScenarioLanguage

/// The cutter finds line ends and tells ASCII lines from the others sixteen bytes at a time
/// (issue 29): whichever byte of those sixteen a line break or a character past ASCII falls on,
/// and whatever the break, each line is the statement that lexing it alone gives.
@Suite struct StatementCutterLineTests {
  /// Every line break the lexer counts: `\r\n` is one.
  static let lineBreaks = [
    "\n", "\r\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}",
  ]

  /// A statement the cutter handed on: where each kind of its tokens is, and its text.
  private typealias CutStatement = (tokens: [TokenKind: [TokenPosition]], text: String)

  /// What the cutter hands on for `source`, statement by statement.
  private static func cut(_ source: String) -> [CutStatement] {
    var pieces: [CutStatement] = []
    StatementCutter.cut(source, file: "f", nestingLimit: StatementParser.nestingLimit) { piece in
      guard case .statement(let lexed, unclosed: nil) = piece else {
        Issue.record("not a closed statement")
        return
      }
      pieces.append((positions(of: lexed), lexed.source.text(0..<lexed.source.count)))
    }
    return pieces
  }

  /// Where each kind of token of `lexed` is, in order.
  private static func positions(of lexed: LexedSource) -> [TokenKind: [TokenPosition]] {
    var positions: [TokenKind: [TokenPosition]] = [:]
    for token in lexed.tokens {
      positions[lexed.kind(of: token), default: []].append(token.location)
    }
    return positions
  }

  /// Lines whose break or first character past ASCII falls on each byte of a sixteen-byte
  /// block (and past it), after each kind of line break, come out as the lines lexed alone.
  @Test(arguments: lineBreaks)
  func eachLineIsTheStatementItsTextLexedAloneGives(_ lineBreak: String) {
    for padding in 0..<36 {
      for wide in ["", "é", "e\u{301}", "→", "🔑", "§x"] {
        let lines = [
          "say \"\(String(repeating: "a", count: padding))\(wide)\" \"b\"",
          "device lock",
          "say \"\(wide)\(String(repeating: "c", count: 35 - padding))\" #\(wide)",
        ]
        let source = lines.joined(separator: lineBreak) + (padding % 2 == 0 ? lineBreak : "")
        let pieces = Self.cut(source)
        #expect(pieces.count == lines.count, "\(padding) \(wide.unicodeScalars.map(\.value))")
        for (index, (piece, line)) in zip(pieces, lines).enumerated() {
          let alone = Lexer.lex(line, file: "f", firstLine: index + 1)
          #expect(piece.tokens == Self.positions(of: alone), "\(padding) \(line)")
          #expect(piece.text == line, "\(padding)")
        }
      }
    }
  }

  /// A statement over several lines joined by each break keeps its tokens where the lines
  /// lexed alone put them, and its text is its lines with their breaks.
  @Test(arguments: lineBreaks)
  func aStatementOfSeveralLinesKeepsEachLinesTokens(_ lineBreak: String) {
    for padding in [0, 7, 8, 15, 16, 17, 31] {
      let lines = [
        "SecItemAdd [kSecAttrAccount: \"\(String(repeating: "x", count: padding))\",",
        "  kSecAttrService: \"s→\(String(repeating: "y", count: padding))\",",
        "  kSecClass: kSecClassGenericPassword]",
      ]
      let pieces = Self.cut(lines.joined(separator: lineBreak))
      #expect(pieces.count == 1)
      var expected: [TokenKind: [TokenPosition]] = [:]
      for (index, line) in lines.enumerated() {
        let alone = Lexer.lex(line, file: "f", firstLine: index + 1)
        for token in alone.tokens where token.shape != .end {
          expected[alone.kind(of: token), default: []].append(token.location)
        }
      }
      let lastLine = Lexer.lex(lines[2], file: "f", firstLine: 3)
      expected[.end] = [lastLine.tokens[lastLine.tokens.count - 1].location]
      #expect(pieces.first?.tokens == expected, "\(padding)")
      #expect(pieces.first?.text == lines.joined(separator: lineBreak), "\(padding)")
    }
  }
}
