import Testing

@testable import ScenarioLanguage

/// A source past ASCII whose ASCII bytes are characters of their own is lexed from its bytes,
/// its places then counted in characters (``SourceCharacters/isASCIIStandingAlone``; issue 29):
/// it must give the tokens, texts, places, errors and comment columns the characters' lexer
/// gives, and a source whose bytes would lex otherwise must be left to that lexer.
@Suite struct ParsingStandingAloneLexerTests {
  /// Sources whose ASCII bytes stand alone: the characters past ASCII in string literals and
  /// comments lex from the bytes; anywhere else (a name, a blank, an escape) the source is
  /// lexed again a character at a time.
  static let standingAlone: [String] = [
    #"say "Block 10 done → the item is gone.""#,
    "# Block 7 (§ 6): a comment\nsay \"§ → §\" # → after\n  wait 1h30m // ✓ done",
    #"let q = [kSecAttrAccount: "é→🔑", kSecAttrService: "👩‍👩‍👧"]  # 🇫🇷🇩🇪"#,
    "say \"\u{E9}\u{301}\" \"\u{E0}\u{301}\u{302}b\" x",
    #"say "→" "\u{2192}" "\"→\"" "→\\""#,
    #"say "→" 12 1h30m -5 true false ( ) [ ] , : . + = & ! ?"#,
    "expect result \"→\"\n\n\tdevice unlock 123456 # →\n\"→\"",
    // Invalid tokens: read a character at a time.
    #"let café = "→""#,
    "say\u{A0}\"→\"",
    #"say "\→" after"#,
    #"say "→ open"#,
    #"say "→" @ "→""#,
    #"say "→\q" "→""#,
    #"wait 1hr "→""#,
    "say \"→\" 99999999999999999999 \"→\"",
    "say \u{1F511} \"→\"",
  ]

  /// Sources whose ASCII bytes do not all stand alone: a mark joined to a quote or a letter,
  /// a prepended mark (U+0600) joined to the quote after it, `\r\n`, a line break past ASCII.
  static let notStandingAlone: [String] = [
    "say \"x\u{600}\" \"y\"",
    "say \"x\u{600}\\\" y\"",
    "say \"\u{301}abc\"",
    "say \"e\u{301}\" \"a\u{301}\u{302}b\" x",
    "say \"a\"\u{301} b",
    "let e\u{301}t\u{e9} = 1",
    "say \"→\"\r\nwait 1s",
    "say \"a\u{2028}b\" → c",
    "say \"→\" # \u{85} after\nwait 1s",
    "say \"→\" # x\u{2029}device lock",
    // A keycap sequence, a zero-width joiner and a variation selector, each joined to the
    // ASCII byte before it.
    "say \"#\u{FE0F}\u{20E3}\" x",
    "say \"a\u{200D}\" b",
    "say \"\u{FE0F}\"",
  ]

  /// Literals whose quotes, backslashes and line breaks fall at each place of the eight bytes
  /// the byte-wise lexer reads at once, after a short or a long run of text.
  static let literals: [String] = (0..<18).flatMap { length in
    let text = String(repeating: "a", count: length)
    return [
      "say \"\(text)\" x", "say \"\(text)\\\"\(text)\" x", "say \"\(text)\\u{41}\(text)\"",
      "say \"\(text)\tb\(text)\"", "say \"\(text)\nb\" x", "say \"\(text)",
      "say \"\(text)\\q\(text)\"",
      "say \"\(text)→\(text)\" x",
    ]
  }

  /// Lexed as the parser lexes it, and a character at a time; `byteWise`: as a byte-wise
  /// source (ASCII only), else as a source of characters.
  static func bothWays(_ text: String, byteWise: Bool = false) -> (LexedSource, LexedSource) {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      let source = SourceCharacters(bytes: buffer, isByteWise: byteWise)
      var tokens: [Token] = []
      var commentColumns: [Int: Int] = [:]
      var brackets: [Lexer.Bracket] = []
      Lexer.lex(
        characterWise: source, file: "f", firstLine: 5, appendingTo: &tokens, offsetBy: 0,
        commentColumns: &commentColumns, brackets: &brackets)
      return (
        Lexer.lex(source, file: "f", firstLine: 5),
        LexedSource(
          source: source, tokens: tokens, commentColumns: commentColumns, firstLine: 5, file: "f")
      )
    }
  }

  @Test(arguments: standingAlone + notStandingAlone)
  func bytesAndCharactersGiveTheSameTokens(_ text: String) {
    let (lexed, characterWise) = Self.bothWays(text)
    #expect(lexed.tokens == characterWise.tokens)
    #expect(lexed.tokens.map(lexed.kind(of:)) == characterWise.tokens.map(characterWise.kind(of:)))
    #expect(lexed.tokens.map(lexed.text(of:)) == characterWise.tokens.map(characterWise.text(of:)))
    #expect(lexed.commentColumns == characterWise.commentColumns)
  }

  /// The byte-wise lexer's sources (``ParsingByteWiseLexerTests``) and literals of every
  /// length, lexed from their bytes and a character at a time.
  @Test(arguments: ParsingByteWiseLexerTests.sources + literals)
  func asciiSourcesGiveTheCharactersTokens(_ text: String) {
    let isASCII = text.utf8.allSatisfy { $0 < 0x80 }
    let (lexed, characterWise) = Self.bothWays(text, byteWise: isASCII)
    #expect(lexed.source.isByteWise == isASCII)
    #expect(lexed.tokens == characterWise.tokens)
    #expect(lexed.tokens.map(lexed.kind(of:)) == characterWise.tokens.map(characterWise.kind(of:)))
    #expect(lexed.tokens.map(lexed.text(of:)) == characterWise.tokens.map(characterWise.text(of:)))
    #expect(lexed.commentColumns == characterWise.commentColumns)
  }

  @Test(arguments: standingAlone)
  func standsAlone(_ text: String) {
    let source = SourceCharacters(text)
    #expect(!source.isByteWise)
    #expect(source.isASCIIStandingAlone)
  }

  @Test(arguments: notStandingAlone)
  func doesNotStandAlone(_ text: String) {
    #expect(!SourceCharacters(text).isASCIIStandingAlone)
  }

  /// A source keeps where its characters start, not the characters: each is made from its
  /// bytes, as splitting the text gives it.
  @Test(arguments: standingAlone + notStandingAlone + ["", "→", "e\u{301}", "\r\n", "a\r\nb"])
  func charactersAreTheTextsCharacters(_ text: String) {
    let source = SourceCharacters(text)
    #expect(source.count == text.count)
    #expect(source.characters == Array(text))
    #expect((0..<source.count).map { source[$0] } == Array(text))
    var offset = 0
    for (index, character) in text.enumerated() {
      #expect(source.characterIndex(atUTF8Offset: offset) == index)
      #expect(
        source.asciiByte(at: index) == (character.utf8.count == 1 ? character.utf8.first : nil))
      #expect(source.isNewline(at: index) == character.isNewline)
      #expect(source.isWhitespace(at: index) == character.isWhitespace)
      offset += character.utf8.count
    }
    #expect(source.characterIndex(atUTF8Offset: offset) == source.count)
  }

  /// A part of a source, and sources joined, keep where their characters start.
  @Test func partsAndJoinedSourcesKeepTheirCharacters() {
    let first = SourceCharacters("say \"→\"")
    let second = SourceCharacters("wait 1s")
    let joined = SourceCharacters(joining: [first, second], separators: ["\n"])
    #expect(joined.characters == Array("say \"→\"\nwait 1s"))
    #expect(joined.isASCIIStandingAlone)
    let crlf = SourceCharacters(joining: [first, second], separators: ["\r\n"])
    #expect(crlf.characters == Array("say \"→\"\r\nwait 1s"))
    #expect(!crlf.isASCIIStandingAlone)
    let part = SourceCharacters(4..<7, of: joined)
    #expect(part.characters == Array("\"→\""))
    #expect(part.text(0..<3) == "\"→\"")
    #expect(part.isASCIIStandingAlone)
  }
}
