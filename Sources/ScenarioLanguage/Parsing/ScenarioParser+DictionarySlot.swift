/// Where the end of a partly typed input stands in its innermost dictionary literal: what the
/// REPL's completion offers there (keys after `[` or `,`, values after `:`).
package enum DictionarySlot: Hashable, Sendable {
  case key, value
}

extension ScenarioParser {
  /// The slot the end of `text` is in, read from its tokens (so strings and comments are
  /// skipped as the parser skips them); `nil` outside a dictionary literal, inside a call's
  /// parentheses (any expression), or inside an unterminated string.
  package static func dictionarySlot(atEndOf text: String) -> DictionarySlot? {
    let tokens = Lexer.lex(text, file: "<completion>").tokens
    var open: [(bracket: Punctuation, afterColon: Bool)] = []
    for token in tokens {
      switch token.shape {
      case .punctuation(let mark) where mark == .leftBracket || mark == .leftParen:
        open.append((mark, false))
      case .punctuation(.rightBracket), .punctuation(.rightParen):
        if !open.isEmpty { open.removeLast() }
      case .punctuation(.colon):
        if !open.isEmpty { open[open.count - 1].afterColon = true }
      case .punctuation(.comma):
        if !open.isEmpty { open[open.count - 1].afterColon = false }
      case .invalid:
        return nil  // an unterminated string runs to the end: the cursor is inside it
      default:
        break
      }
    }
    guard let innermost = open.last, innermost.bracket == .leftBracket else { return nil }
    return innermost.afterColon ? .value : .key
  }
}
