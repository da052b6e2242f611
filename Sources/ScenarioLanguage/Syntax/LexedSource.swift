import DeviceState

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
  /// The file the source is in: where an invalid token's error is (``invalid(of:)``).
  let file: String
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
      self.tokens[index].shape != .end
    {
      tokens.append(self.tokens[index])
      index += 1
    }
    for index in tokens.indices { tokens[index].offset -= start }
    let endLocation = TokenPosition(line: number, column: line.count + 1)
    tokens.append(
      Token(shape: .end, location: endLocation, offset: line.count, length: 0))
    return LexedSource(
      source: SourceCharacters(line, of: source), tokens: tokens,
      commentColumns: commentColumns[number].map { [number: $0] } ?? [:], firstLine: number,
      file: file)
  }

  /// The bare word that starts at token `index` (see ``TokenKind/word(_:)``), and the index of
  /// the first token after it: every character up to a blank, a comma, a quote or a comment.
  /// A string literal (or the invalid token of a broken one), a comma and the end come back as
  /// they are.
  func word(at index: Int) -> (token: Token, next: Int) {
    let first = tokens[index]
    switch first.shape {
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
    while tokens[next].shape != .end, tokens[next].offset < end { next += 1 }
    return (
      Token(
        shape: .word, location: first.location, offset: first.offset,
        length: end - first.offset), next
    )
  }

  // Read in place, by the parser's methods on a copy of itself or of this source otherwise
  // (a parser's method that passed its source on copied the parser whole, 400 bytes, at each
  // token it read: issue 29); what the token's text is made by is out of line.

  /// `token` (one of this source's, or its end) as written: `"a\"b"` with its quotes and
  /// escapes; empty at the end.
  @inline(__always)
  func text(of token: Token) -> String {
    switch token.shape {
    case .identifier: identifierText(of: token)
    case .boolean: token.scalar != 0 ? "true" : "false"
    case .punctuation(let mark): String(mark.rawValue)
    case .end: ""
    case .integer, .word, .string, .duration, .invalid:
      source.text(token.offset..<token.endOffset)
    }
  }

  /// The text of `token`, an identifier: a known name's in a byte-wise source is the table's
  /// string (no copy of the source's bytes).
  @inline(__always)
  func identifierText(of token: Token) -> String {
    if token.knownName >= 0, source.isByteWise {
      return KnownName.table.texts[Int(token.knownName)]
    }
    return source.text(token.offset..<token.endOffset)
  }

  /// Whether `token` is the identifier `word`, compared without making its text.
  @inline(__always)
  func isIdentifier(_ token: Token, _ word: String) -> Bool {
    token.shape == .identifier && hasText(token, word)
  }

  /// Whether `token` is the bare word `word` (``word(at:)``), compared without making its text.
  @inline(__always)
  func isWord(_ token: Token, _ word: String) -> Bool {
    token.shape == .word && hasText(token, word)
  }

  /// Whether `token` is written `word`: its bytes compared in a byte-wise source, else its text.
  @inline(__always)
  private func hasText(_ token: Token, _ word: String) -> Bool {
    source.withByteWiseUTF8(of: token.offset..<token.endOffset) { bytes in
      bytes.count == word.utf8.count && bytes.elementsEqual(word.utf8)
    } ?? (text(of: token) == word)
  }

  /// What `token` is, its payload made from the source: a name's or a word's text, a string
  /// literal's value, an invalid token's error. For messages and the rare statement that needs
  /// more than a token's shape; the lexer's tests compare these.
  func kind(of token: Token) -> TokenKind {
    switch token.shape {
    case .identifier: return .identifier(identifierText(of: token))
    case .string: return .string(stringValue(of: token))
    case .integer: return .integer(source.text(token.offset..<token.endOffset))
    case .boolean: return .boolean(token.scalar != 0)
    case .duration: return .duration(SimulatedDuration(milliseconds: token.scalar))
    case .punctuation(let mark): return .punctuation(mark)
    case .word: return .word(source.text(token.offset..<token.endOffset))
    case .invalid:
      let (message, location) = invalid(of: token)
      return .invalid(message, at: location)
    case .end: return .end
    }
  }

  /// The value of `token`, a string literal: its escapes resolved, made from the source.
  @inline(__always)
  func stringValue(of token: Token) -> String {
    Lexer.stringValue(of: token, in: source)
  }

  /// The error of `token`, an invalid one, and where it is: the lexer reads the token's text
  /// again (only a statement that fails asks).
  @inline(__always)
  func invalid(of token: Token) -> (ParseMessage, SourceLocation) {
    Lexer.invalid(token, in: source, file: file)
  }

  /// How a diagnostic names `token`: `` `SecItemAdd` `` or "the end of the statement".
  func quoted(_ token: Token) -> String {
    token.shape == .end ? Token.endQuoted : "`\(text(of: token))`"
  }
}
