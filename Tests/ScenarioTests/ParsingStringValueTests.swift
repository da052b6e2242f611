import Testing

@testable import ScenarioLanguage

/// A string literal's value is written from its UTF-8, each escape's scalar encoded by hand
/// (``Lexer``; issue 29): every length of UTF-8, at each edge, comes out as Swift encodes it.
@Suite struct ParsingStringValueTests {
  @Test(arguments: [
    (#""\u{0}\u{41}\u{7F}""#, "\u{0}A\u{7F}"),
    (#""\u{80}\u{e9}\u{7FF}""#, "\u{80}é\u{7FF}"),
    (#""\u{800}\u{2192}\u{FFFF}""#, "\u{800}→\u{FFFF}"),
    (#""\u{10000}\u{1F511}\u{10FFFF}""#, "\u{10000}🔑\u{10FFFF}"),
    (#""a\n\t\r\0\'\"\\b → \u{2192}""#, "a\n\t\r\0'\"\\b → →"),
  ])
  func escapesAreWrittenAsTheirUTF8(_ literal: String, _ value: String) {
    let lexed = Lexer.lex("say \(literal)", file: "f")
    #expect(lexed.kind(of: lexed.tokens[1]) == .string(value))
    #expect(Array(lexed.stringValue(of: lexed.tokens[1]).utf8) == Array(value.utf8))
  }

  /// A text of at most 15 bytes is made in place (``SourceCharacters/string(_:)``): each
  /// length, ASCII or not, and a longer one, come out as `String(decoding:as:)` makes them.
  @Test(arguments: [
    "", "a", "kSecAttrAccount", "kSecAttrAccountX", "é", "→ done", "12345678901234→",
    "1234567890123→", "🔑🔑🔑", "🔑🔑🔑🔑",
  ])
  func textsAreTheirBytes(_ text: String) {
    let bytes = Array(text.utf8)
    let made = bytes.withUnsafeBufferPointer { SourceCharacters.string($0) }
    #expect(made == text)
    #expect(Array(made.utf8) == bytes)
    #expect(SourceCharacters(text).text(0..<text.count) == text)
  }
}
