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
  /// The lines' character ranges when the lines were joined (``init(joining:separators:)``),
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

extension LexedSource {
  /// Consecutive lines, each lexed on its own, as the one source they make: `lines`, then
  /// `last` when given (the line that closed the statement: no array of all of them is made),
  /// `separators[i]` the line break after line `i`. Tokens never span a line, so this is what
  /// lexing the joined text would give, without lexing it again. `whole` is the joined text
  /// when the caller has it (its lines' bytes, shared: ``SourceCharacters/init(sharing:range:text:isByteWise:)``).
  init(
    joining lines: [LexedSource], then last: LexedSource? = nil, separators: [Character],
    whole: SourceCharacters? = nil
  ) {
    let count = lines.count + (last == nil ? 0 : 1)
    var tokens: [Token] = []
    tokens.reserveCapacity(lines.reduce(last?.tokens.count ?? 0) { $0 + $1.tokens.count })
    var comments: [Int: Int] = [:]
    var ranges: [Range<Int>] = []
    ranges.reserveCapacity(count)
    var base = 0
    func add(_ line: LexedSource, isLast: Bool) {
      ranges.append(base..<base + line.source.count)
      // Each line's tokens but its end (the last line's stays), moved by the lines before it.
      let first = tokens.count
      tokens += isLast ? line.tokens[...] : line.tokens.dropLast()
      for moved in first..<tokens.count { tokens[moved].offset += base }
      if !line.commentColumns.isEmpty { comments.merge(line.commentColumns) { $1 } }
      base += line.source.count + 1
    }
    for (index, line) in lines.enumerated() { add(line, isLast: last == nil && index == count - 1) }
    if let last { add(last, isLast: true) }
    let source =
      whole
      ?? SourceCharacters(
        joining: lines.map(\.source) + (last.map { [$0.source] } ?? []), separators: separators)
    self.init(
      source: source, tokens: tokens, commentColumns: comments,
      firstLine: lines.first?.firstLine ?? last?.firstLine ?? 1, joinedLines: ranges)
  }
}
