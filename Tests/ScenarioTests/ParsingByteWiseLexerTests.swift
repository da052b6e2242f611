import Testing

@testable import ScenarioLanguage

/// The lexer reads a byte-wise source from its bytes (names, blanks, comments, punctuation and
/// string literals), places counted in bytes; the same text as a source of characters, whose
/// ASCII stands alone, is read from its bytes too but its places counted again in characters
/// (`Lexer.lexStandingAlone`, since issue 29's eighth session). Both must give the same tokens,
/// texts, places, errors and comment columns. Each against the lexer that reads a character at
/// a time: `ParsingStandingAloneLexerTests`.
@Suite struct ParsingByteWiseLexerTests {
  static let sources: [String] = [
    "device lock",
    "let query = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: \"user-1\"]",
    "SecItemAdd q + [kSecValueData: \"token \\\"7\\\" \\u{1F511}\", kSecAttrAccessible: x]",
    #"say "a\tb\nc\r\0\'d\\e""#,
    #"say "\u{e9}\u{0}\u{10FFFF}\u{00000041}\u{aBcD}""#,
    #"say "\u{110000}""#,
    #"say "\u{FFFFFFFF}" "\u{0000000041}" "\u{g}" "\u{41""#,
    #"say "\u{D800}""#,
    #"say "\u{}""#,
    #"say "\u{123456789}""#,
    #"say "\u{12"#,
    #"say "\u12""#,
    #"say "a\qb" after"#,
    #"say "open"#,
    #"say "ends with a backslash\"#,
    "say \"broken\\\nnext line\"",
    #"say "" """#,
    "wait 1h30m  # a comment \"x",
    "wait 1hr // another",
    "expect -25308, 99999999999999999999, -5m, 0000",
    "-9223372036854775808 -9223372036854775809 9223372036854775807 9223372036854775808",
    "1_000 12ab 3d4h 0ms 1h-2m 7 -0 5m_ 99999999999999999999h 2.5s",
    "_x true false trueish ctx2.member a - b ; b @ {}",
    "#only a comment\n  // and another\n\tdevice\tunlock 123456",
    "a\rb\u{0B}c\u{0C}d\ne",
    "String(kSecAttrAccount) as! [String: Any]? & ! ? . + = ( ) [ ]",
    "SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil)",
    "",
    "   ",
    // Literals and numbers with an error end where the characters' lexer ends them.
    #"say "a\u{41" b"#,
    #"say "x\u{zz}" y "\u" "\u{" "\u{}"#,
    "say \"\\\\\"\\\" after",
    #"say "bad\q""next" "ok\u{1F511" z"#,
    "say \"a\\\n\"b\" c\n\"\\\rd\"",
    "1_2_3abc -5m_x 99999999999999999999999ms 7_ -1d_ 12h_30m",
  ]

  @Test(arguments: sources)
  func bytesAndCharactersGiveTheSameTokens(_ text: String) {
    let bytes = Array(text.utf8)
    let (byteWise, wide) = bytes.withUnsafeBufferPointer { buffer in
      (
        Lexer.lex(SourceCharacters(bytes: buffer, isByteWise: true), file: "f", firstLine: 3),
        Lexer.lex(SourceCharacters(bytes: buffer, isByteWise: false), file: "f", firstLine: 3)
      )
    }
    #expect(byteWise.source.isByteWise)
    #expect(!wide.source.isByteWise)
    #expect(wide.source.isASCIIStandingAlone)
    #expect(byteWise.tokens == wide.tokens)
    // A token holds no text: its kind, a name's text and a literal's value, is made from the
    // source, each way.
    #expect(byteWise.tokens.map(byteWise.kind(of:)) == wide.tokens.map(wide.kind(of:)))
    #expect(byteWise.tokens.map(byteWise.text(of:)) == wide.tokens.map(wide.text(of:)))
    #expect(byteWise.commentColumns == wide.commentColumns)
  }
}
