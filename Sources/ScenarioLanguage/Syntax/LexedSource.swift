/// A source lexed once: its characters, its tokens, and where its comments start. The statement
/// splitter, the parser and the diagnostic masking all work from it.
package struct LexedSource: Sendable {
  /// The source's characters and their UTF-8 (offsets in tokens index the characters).
  let source: SourceCharacters
  /// The source, as characters (a copy when the source is byte-wise): for diagnostics.
  var characters: [Character] { source.characters }
  /// Every token, the last one ``TokenKind/end``.
  let tokens: [Token]
  /// The column where each line's comment starts, by line number.
  let commentColumns: [Int: Int]
  /// The line number of the first line.
  let firstLine: Int
  /// The lines' character ranges of a statement of several lines (``StatementCutter``),
  /// which knows them without looking for line breaks again; nil for a source lexed whole.
  var joinedLines: [Range<Int>]? = nil

  /// One line of the source (`line`, its character range), as a source of its own: its
  /// characters, and its tokens with offsets from the line's start (locations stay the file's).
  func line(_ number: Int, range line: Range<Int>) -> LexedSource {
    let start = line.lowerBound
    // Tokens are in source order: a binary search finds the line's first one.
    var low = 0
    var high = self.tokens.count
    while low < high {
      let middle = (low + high) / 2
      if self.tokens[middle].location.line < number { low = middle + 1 } else { high = middle }
    }
    var tokens: [Token] = []
    var index = low
    while index < self.tokens.count, self.tokens[index].location.line == number,
      self.tokens[index].kind != .end
    {
      tokens.append(self.tokens[index])
      index += 1
    }
    for index in tokens.indices { tokens[index].offset -= start }
    let endLocation = TokenPosition(line: number, column: line.count + 1)
    tokens.append(
      Token(kind: .end, location: endLocation, offset: line.count, length: 0))
    return LexedSource(
      source: SourceCharacters(line, of: source), tokens: tokens,
      commentColumns: commentColumns[number].map { [number: $0] } ?? [:], firstLine: number)
  }

  /// The bare word that starts at token `index` (see ``TokenKind/word(_:)``), and the index of
  /// the first token after it: every character up to a blank, a comma, a quote or a comment.
  /// A string literal (or the invalid token of a broken one), a comma and the end come back as
  /// they are.
  func word(at index: Int) -> (token: Token, next: Int) {
    let first = tokens[index]
    switch first.kind {
    case .end, .string, .punctuation(.comma): return (first, index + 1)
    case .invalid where source.asciiByte(at: first.offset) == UInt8(ascii: "\""):
      return (first, index + 1)
    default: break
    }
    var end = first.offset
    while end < source.count {
      if source.isWhitespace(at: end) { break }
      let byte = source.asciiByte(at: end)
      if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "#") {
        break
      }
      if byte == UInt8(ascii: "/"), end + 1 < source.count,
        source.asciiByte(at: end + 1) == UInt8(ascii: "/")
      {
        break
      }
      end += 1
    }
    var next = index
    while tokens[next].kind != .end, tokens[next].offset < end { next += 1 }
    return (
      Token(
        kind: .word(source.text(first.offset..<end)), location: first.location,
        offset: first.offset, length: end - first.offset), next
    )
  }

  /// `token` (one of this source's, or its end) as written: `"a\"b"` with its quotes and
  /// escapes; empty at the end. The kinds whose value is not their text are read from the
  /// source, made only when a message quotes them.
  func text(of token: Token) -> String {
    token.kindText ?? source.text(token.offset..<token.endOffset)
  }

  /// How a diagnostic names `token`: `` `SecItemAdd` `` or "the end of the statement".
  func quoted(_ token: Token) -> String {
    token.kind == .end ? Token.endQuoted : "`\(text(of: token))`"
  }
}
