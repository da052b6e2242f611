/// A statement as the parser reads it: its tokens, its text and where its lines are.
///
/// ``StatementCutter`` finds where statements end (one per line, continued while a `[` or `(`
/// is open, counted on the lexer's tokens, so a bracket inside a string or a comment counts for
/// nothing); this makes each one's ``Chunk``, reading each of its lines once, for its text.
package enum StatementSplitter {
  /// One statement.
  package struct Chunk: Hashable {
    /// The statement's tokens: indices into the lexed source's tokens.
    var tokens: Range<Int>
    /// The line number of the first line.
    var firstLine: Int
    /// The statement's lines with their comments cut off, trimmed of surrounding blanks, for
    /// `Statement.sourceText`.
    var sourceText: String
    /// Where the statement ends: after its last line's code (a comment is not code). In the
    /// statement's file, which the lexed source knows (a location here retained its name).
    var end: TokenPosition
    /// For each line of the statement, the offset in `sourceText` of its column 1 (negative
    /// for a first line that starts with blanks), and its length there: the first line's, and
    /// the others' (none for a one-line statement, which then needs no array; issue 29).
    var firstLineLayout: (base: Int, length: Int)
    var laterLineLayouts: [(base: Int, length: Int)]

    package static func == (lhs: Chunk, rhs: Chunk) -> Bool {
      lhs.tokens == rhs.tokens && lhs.sourceText == rhs.sourceText
    }

    package func hash(into hasher: inout Hasher) { hasher.combine(tokens) }

    /// Where `span` is in `sourceText`.
    func range(of span: SourceSpan) -> Range<Int> {
      func offset(line: Int, column: Int) -> Int {
        let index = min(max(line - firstLine, 0), laterLineLayouts.count)
        let layout = index == 0 ? firstLineLayout : laterLineLayouts[index - 1]
        return layout.base + min(max(column - 1, layout.base < 0 ? -layout.base : 0), layout.length)
      }
      let start = offset(line: span.startLine, column: span.startColumn)
      return start..<max(start, offset(line: span.endLine, column: span.endColumn))
    }
  }

  /// A bracket still open at the end of the input.
  package struct OpenBracket: Hashable {
    var bracket: Character
    var line: Int
    var column: Int
  }

  /// The chunk of a source the cutter found to be one whole statement (its brackets closed,
  /// at least one token before the end), without reading its tokens again. A one-line
  /// statement's line is the whole source, found without looking for line breaks.
  static func chunk(ofStatement lexed: LexedSource) -> Chunk {
    let tokens = lexed.tokens
    let firstLine = tokens[0].location.line
    let lastLine = tokens[tokens.count - 2].location.line
    if firstLine == lastLine, firstLine == lexed.firstLine,
      let chunk = byteWiseLineChunk(of: lexed, tokens: 0..<tokens.count - 1, line: firstLine)
    {
      return chunk
    }
    return chunk(
      tokens: 0..<tokens.count - 1, firstLine: firstLine, lastLine: lastLine, lexed: lexed,
      lines: firstLine == lastLine && firstLine == lexed.firstLine ? nil : lexed.lines,
      lineOffset: lexed.firstLine)
  }

  /// The chunk of a statement whose source is its one line, byte-wise (nearly every
  /// statement), read from its bytes: what ``chunk(tokens:firstLine:lastLine:lexed:lines:lineOffset:)``
  /// gives it, its code found in about a third of the instructions (making its text, the rest,
  /// costs what it did; issue 29); nil for another source.
  private static func byteWiseLineChunk(
    of lexed: LexedSource, tokens: Range<Int>, line: Int
  ) -> Chunk? {
    lexed.source.withByteWiseUTF8(of: 0..<lexed.source.count) { bytes in
      // The code: up to the comment, if any, without blanks on either side.
      let comment = lexed.commentColumns.isEmpty ? nil : lexed.commentColumns[line]
      let length = min(comment.map { $0 - 1 } ?? bytes.count, bytes.count)
      /// `Character.isWhitespace` of an ASCII byte, as ``SourceCharacters/isWhitespace(at:)``.
      func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
      var end = length
      while end > 0, isBlank(bytes[end - 1]) { end -= 1 }
      var start = 0
      while start < end, isBlank(bytes[start]) { start += 1 }
      return Chunk(
        tokens: tokens, firstLine: line,
        sourceText: String(
          decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self),
        end: TokenPosition(line: line, column: length + 1), firstLineLayout: (-start, end),
        laterLineLayouts: [])
    }
  }

  /// `lines` nil: the source is the statement's one line.
  private static func chunk(
    tokens: Range<Int>, firstLine: Int, lastLine: Int, lexed: LexedSource,
    lines: [Range<Int>]?, lineOffset: Int
  ) -> Chunk {
    // Each line's code (up to its comment), without trailing blanks; the first line also
    // without its leading ones: first where each is, then the text, built once from the
    // source's UTF-8 (one copy per line).
    let source = lexed.source
    var firstLayout = (base: 0, length: 0)
    var laterLayouts: [(base: Int, length: Int)] = []
    if lastLine > firstLine { laterLayouts.reserveCapacity(lastLine - firstLine) }
    var base = 0
    var lastCodeLength = 0
    var firstCode = 0..<0
    for number in firstLine...lastLine {
      let line = lines?[number - lineOffset] ?? 0..<source.count
      // Most statements have no comment: their empty table is not hashed against.
      let comment = lexed.commentColumns.isEmpty ? nil : lexed.commentColumns[number]
      let length = min(comment.map { $0 - 1 } ?? line.count, line.count)
      lastCodeLength = length
      var end = line.lowerBound + length
      while end > line.lowerBound, source.isWhitespace(at: end - 1) { end -= 1 }
      if number == firstLine {
        var start = line.lowerBound
        while start < end, source.isWhitespace(at: start) { start += 1 }
        base = line.lowerBound - start
        firstCode = start..<end
        firstLayout = (base, end - line.lowerBound)
      } else {
        laterLayouts.append((base, end - line.lowerBound))
      }
      base += end - line.lowerBound + 1
    }
    let text: String
    if let lines, firstLine != lastLine {
      // Several lines: written straight into the string, joined by `\n` (each no longer than
      // the line break it stands for, so the source's size bounds the text's).
      let later = laterLayouts
      text = String(unsafeUninitializedCapacity: source.utf8Count) { buffer in
        var written = source.writeUTF8(of: firstCode, into: buffer, at: 0)
        for (index, layout) in later.enumerated() {
          let start = lines[firstLine + 1 + index - lineOffset].lowerBound
          buffer[written] = UInt8(ascii: "\n")
          written += 1
          written += source.writeUTF8(
            of: start..<start + layout.length, into: buffer, at: written)
        }
        return written
      }
    } else {
      text = source.text(firstCode)
    }
    let end = TokenPosition(line: lastLine, column: lastCodeLength + 1)
    return Chunk(
      tokens: tokens, firstLine: firstLine, sourceText: text, end: end,
      firstLineLayout: firstLayout, laterLineLayouts: laterLayouts)
  }
}

extension LexedSource {
  /// The source's lines as character ranges, cut at any line break (`\n`, `\r\n`, `\r`); a
  /// final line break gives a final empty line.
  var lines: [Range<Int>] { joinedLines ?? source.lineRanges }
}

extension String {
  /// The lines of the text, cut at any line break; a final line break gives a final empty line.
  var lines: [String] {
    var lines: [String] = []
    var line = ""
    for character in self {
      if character.isNewline {
        lines.append(line)
        line = ""
      } else {
        line.append(character)
      }
    }
    lines.append(line)
    return lines
  }
}
