/// A statement as the parser reads it: its tokens, its text and where its lines are.
///
/// ``StatementCutter`` finds where statements end (one per line, continued while a `[` or `(`
/// is open, counted on the lexer's tokens, so a bracket inside a string or a comment counts for
/// nothing); this makes each one's ``Chunk`` and text, reading each of its lines once.
///
/// One splitter reads every statement of a parse, one after the other: the layouts of a
/// statement's later lines are written over the last statement's in an array the splitter
/// keeps, rather than in an array made and freed for each statement of several lines; the
/// chunk holds no reference, so that it is dropped without a call (issue 29).
package struct StatementSplitter {
  /// The layouts of the lines after the first, of the last chunk made: its
  /// ``Chunk/laterLineCount`` first ones (more are left over from earlier statements).
  private var laterLineLayouts: [LineLayout] = []

  package init() {}

  /// Where a line of a statement is in its text: the offset there of the line's column 1
  /// (negative for a first line that starts with blanks), and the line's length there.
  package struct LineLayout: Hashable {
    var base: Int
    var length: Int
  }

  /// One statement, but for its text (made beside it).
  package struct Chunk: Hashable {
    /// The statement's tokens: indices into the lexed source's tokens.
    var tokens: Range<Int>
    /// The line number of the first line.
    var firstLine: Int
    /// Where the statement ends: after its last line's code (a comment is not code). In the
    /// statement's file, which the lexed source knows (a location here retained its name).
    var end: TokenPosition
    /// The first line's layout in the text.
    var firstLineLayout: LineLayout
    /// How many lines follow the first (none for nearly every statement): their layouts are
    /// the splitter's until it makes the next chunk.
    var laterLineCount: Int
  }

  /// Where `span` is in the text of `chunk`, the last chunk this splitter made.
  func range(of span: SourceSpan, in chunk: Chunk) -> Range<Int> {
    @inline(__always)  // two calls of a few instructions each (issue 29)
    func offset(line: Int, column: Int) -> Int {
      let index = min(max(line - chunk.firstLine, 0), chunk.laterLineCount)
      let layout = index == 0 ? chunk.firstLineLayout : laterLineLayouts[index - 1]
      return layout.base + min(max(column - 1, layout.base < 0 ? -layout.base : 0), layout.length)
    }
    let start = offset(line: span.startLine, column: span.startColumn)
    return start..<max(start, offset(line: span.endLine, column: span.endColumn))
  }

  /// A bracket still open at the end of the input.
  package struct OpenBracket: Hashable {
    var bracket: Character
    var line: Int
    var column: Int
  }

  /// The chunk of a source the cutter found to be one whole statement (its brackets closed,
  /// at least one token before the end), without reading its tokens again, and its text for
  /// `Statement.sourceText`: its lines with their comments cut off, joined by `\n`, trimmed of
  /// surrounding blanks. A one-line statement's line is the whole source, found without
  /// looking for line breaks.
  @inline(__always)  // its one caller's frame serves (issue 29)
  mutating func chunk(ofStatement lexed: LexedSource) -> (chunk: Chunk, text: String) {
    let tokens = lexed.tokens
    let firstLine = tokens[0].location.line
    let lastLine = tokens[tokens.count - 2].location.line
    if firstLine == lastLine, firstLine == lexed.firstLine,
      let chunk = Self.byteWiseLineChunk(of: lexed, tokens: 0..<tokens.count - 1, line: firstLine)
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
  @inline(__always)  // its one caller's frame serves (issue 29)
  private static func byteWiseLineChunk(
    of lexed: LexedSource, tokens: Range<Int>, line: Int
  ) -> (chunk: Chunk, text: String)? {
    lexed.source.withByteWiseUTF8(of: 0..<lexed.source.count) { bytes in
      // The code: up to the comment, if any, without blanks on either side.
      let comment = commentColumn(onLine: line, of: lexed)
      let length = min(comment.map { $0 - 1 } ?? bytes.count, bytes.count)
      var end = length
      while end > 0, isBlank(bytes[end - 1]) { end -= 1 }
      var start = 0
      while start < end, isBlank(bytes[start]) { start += 1 }
      return (
        Chunk(
          tokens: tokens, firstLine: line, end: TokenPosition(line: line, column: length + 1),
          firstLineLayout: LineLayout(base: -start, length: end), laterLineCount: 0),
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
      )
    }
  }

  /// The column where the comment on line `number` starts, if there is one. Most statements
  /// have no comment, and nearly all others one: their table is not hashed against (some 130
  /// instructions a look-up; issue 29).
  @inline(__always)
  private static func commentColumn(onLine number: Int, of lexed: LexedSource) -> Int? {
    switch lexed.commentColumns.count {
    case 0: return nil
    case 1:
      let only = lexed.commentColumns.first!
      return only.key == number ? only.value : nil
    default: return lexed.commentColumns[number]
    }
  }

  /// `Character.isWhitespace` of an ASCII byte, as ``SourceCharacters/isWhitespace(at:)``.
  @inline(__always)
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
  }

  /// `lines` nil: the source is the statement's one line.
  private mutating func chunk(
    tokens: Range<Int>, firstLine: Int, lastLine: Int, lexed: LexedSource,
    lines: [Range<Int>]?, lineOffset: Int
  ) -> (chunk: Chunk, text: String) {
    if let lines, firstLine != lastLine,
      let chunk = byteWiseLinesChunk(
        tokens: tokens, firstLine: firstLine, lastLine: lastLine, lexed: lexed, lines: lines,
        lineOffset: lineOffset)
    {
      return chunk
    }
    // Each line's code (up to its comment), without trailing blanks; the first line also
    // without its leading ones: first where each is, then the text, built once from the
    // source's UTF-8 (one copy per line).
    let source = lexed.source
    var firstLayout = LineLayout(base: 0, length: 0)
    var base = 0
    var lastCodeLength = 0
    var firstCode = 0..<0
    for number in firstLine...lastLine {
      let line = lines?[number - lineOffset] ?? 0..<source.count
      let comment = Self.commentColumn(onLine: number, of: lexed)
      let length = min(comment.map { $0 - 1 } ?? line.count, line.count)
      lastCodeLength = length
      var end = line.lowerBound + length
      while end > line.lowerBound, source.isWhitespace(at: end - 1) { end -= 1 }
      let layout = LineLayout(base: base, length: end - line.lowerBound)
      if number == firstLine {
        var start = line.lowerBound
        while start < end, source.isWhitespace(at: start) { start += 1 }
        base = line.lowerBound - start
        firstCode = start..<end
        firstLayout = LineLayout(base: base, length: end - line.lowerBound)
      } else {
        setLaterLineLayout(layout, at: number - firstLine - 1)
      }
      base += end - line.lowerBound + 1
    }
    let text: String
    if let lines, firstLine != lastLine {
      text = Self.joinedText(
        of: source, firstCode: firstCode,
        laterLines: lines[(firstLine + 1 - lineOffset)...(lastLine - lineOffset)],
        later: laterLineLayouts[..<(lastLine - firstLine)])
    } else {
      text = source.text(firstCode)
    }
    let end = TokenPosition(line: lastLine, column: lastCodeLength + 1)
    return (
      Chunk(
        tokens: tokens, firstLine: firstLine, end: end, firstLineLayout: firstLayout,
        laterLineCount: lastLine - firstLine),
      text
    )
  }

  /// The chunk of a statement of several lines of a byte-wise source (nearly every such
  /// statement), read from its bytes: what the general path gives it (its lines' code and
  /// layouts, their text written straight into its string) in about two thirds of the
  /// instructions, without asking the source for each character (issue 29); nil for another
  /// source.
  ///
  /// The string is made with room for the whole source, comments included, as it was before:
  /// made at its exact length (gathered, then `String(decoding:)`) it cost 0.4M instructions
  /// fewer for 2 MB, but changed the heap so that glibc gave memory back to the system after
  /// each of the benchmark's parses and took it again in the next (339 -> 1 015 `brk` calls,
  /// 20k -> 63k page faults, CPU time 58 -> 79 ms for 5 MB; issue 29).
  private mutating func byteWiseLinesChunk(
    tokens: Range<Int>, firstLine: Int, lastLine: Int, lexed: LexedSource, lines: [Range<Int>],
    lineOffset: Int
  ) -> (chunk: Chunk, text: String)? {
    lexed.source.withByteWiseUTF8(of: 0..<lexed.source.count) { bytes in
      // Each `\n` stands for a line break of one byte (the source is byte-wise), so the
      // source's size bounds what is written: every write below stays inside the buffer.
      var firstLayout = LineLayout(base: 0, length: 0)
      var lastCodeLength = 0
      let text = String(unsafeUninitializedCapacity: bytes.count) { text in
        var written = 0
        for number in firstLine...lastLine {
          let line = lines[number - lineOffset]
          let comment = Self.commentColumn(onLine: number, of: lexed)
          let length = min(comment.map { $0 - 1 } ?? line.count, line.count)
          lastCodeLength = length
          var end = line.lowerBound + length
          while end > line.lowerBound, Self.isBlank(bytes[end - 1]) { end -= 1 }
          var start = line.lowerBound
          if number == firstLine {
            while start < end, Self.isBlank(bytes[start]) { start += 1 }
            firstLayout = LineLayout(base: line.lowerBound - start, length: end - line.lowerBound)
          } else {
            text[written] = UInt8(ascii: "\n")
            written += 1
            setLaterLineLayout(
              LineLayout(base: written, length: end - line.lowerBound),
              at: number - firstLine - 1)
          }
          if let target = text.baseAddress, let source = bytes.baseAddress, start < end {
            (target + written).initialize(from: source + start, count: end - start)
            written += end - start
          }
        }
        return written
      }
      return (
        Chunk(
          tokens: tokens, firstLine: firstLine,
          end: TokenPosition(line: lastLine, column: lastCodeLength + 1),
          firstLineLayout: firstLayout, laterLineCount: lastLine - firstLine),
        text
      )
    }
  }

  /// Sets the layout of the line after the first at `index`, written over the last
  /// statement's where there is one (emptying the array first cost some ninety instructions).
  @inline(__always)
  private mutating func setLaterLineLayout(_ layout: LineLayout, at index: Int) {
    if index < laterLineLayouts.count {
      laterLineLayouts[index] = layout
    } else {
      laterLineLayouts.append(layout)
    }
  }

  /// The code of several lines joined by `\n`: the first line's `firstCode`, then the first
  /// `later[i].length` characters of each of `laterLines`, written straight into the string
  /// (made at the source's size, as ``byteWiseLinesChunk(tokens:firstLine:lastLine:lexed:lines:lineOffset:)``
  /// says why).
  private static func joinedText(
    of source: SourceCharacters, firstCode: Range<Int>, laterLines: ArraySlice<Range<Int>>,
    later: ArraySlice<LineLayout>
  ) -> String {
    // Each `\n` is no longer than the line break it stands for, so the source's size bounds
    // what is written: every write below stays inside the buffer.
    String(unsafeUninitializedCapacity: source.utf8Count) { buffer in
      var written = source.writeUTF8(of: firstCode, into: buffer, at: 0)
      for (line, layout) in zip(laterLines, later) {
        let start = line.lowerBound
        buffer[written] = UInt8(ascii: "\n")
        written += 1
        written += source.writeUTF8(of: start..<start + layout.length, into: buffer, at: written)
      }
      return written
    }
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
