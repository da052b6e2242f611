/// Cuts a source into statements one line at a time, so that parsing takes memory bounded by the
/// language's size limits whatever the input (issue 28, part 3: 3 MB of `[` used to take 2 GB, a
/// 50 MB comment line 1.3 GB, because the whole source was lexed before any limit applied).
///
/// Each line is lexed on its own (no token spans a line: a string and a comment end at their
/// line), and the brackets of its tokens say whether the statement goes on: a statement is one
/// line, continued while a `[` or `(` is open, as ``StatementSplitter`` cuts it; a statement of
/// several lines is handed on as one source, its lines lexed one after the other into one
/// token array (what lexing the joined text would give, since no token spans a line).
/// Refused before anything else is kept:
/// - a line longer than ``maximumLineLength`` bytes of UTF-8, without lexing it; nothing after
///   it is read, since where its statement ends is unknown;
/// - a statement longer than ``maximumStatementLength`` bytes (from its first line to its last,
///   comments included), and brackets nesting deeper than `nestingLimit`: the statement is skipped to
///   where its brackets close, counting them without keeping its text, and the statements after
///   it are parsed.
///
/// docs/scenario-language.md §1 (its "Limits").
package struct StatementCutter {
  /// The most bytes of UTF-8 a line may hold: 64 KiB, far above any real scenario's line. A
  /// line is lexed whole, and a parse error on it masks its secrets from all its tokens: a line
  /// of 64 KiB of brackets takes some 50 MB (1 MiB took 660 MB).
  package static let maximumLineLength = 1 << 16
  /// The most bytes of UTF-8 a statement may hold, from its first line to its last: 1 MiB (a
  /// dictionary of 60,000 entries, one a line); lexing and parsing one takes about 100-200 MB.
  package static let maximumStatementLength = 1 << 20

  /// What the cutter hands on, in source order.
  package enum Piece {
    /// One statement, lexed, its first line numbered as in the source: its tokens are the one
    /// statement ``StatementSplitter`` would cut (brackets are counted the same way), so the
    /// parser takes them without splitting again. The last piece may leave a bracket open (the
    /// input ended inside the statement): `unclosed` is then the innermost one.
    case statement(LexedSource, unclosed: StatementSplitter.OpenBracket?)
    /// A line or statement past a limit: the error, and the line it points into, lexed (for
    /// the echo and its masking), when that line is not itself too long to echo; and the
    /// refused statement's first line (a `let` there binds a name the parser then poisons).
    case refused(ScenarioDiagnostic, line: LexedSource?, statementStart: LexedSource? = nil)
  }

  /// Cuts `source`, handing each statement and each refusal to `handle` as it is found. The
  /// piece is handed over (`consuming`), so that the statement's parser can keep its lexed
  /// source without retaining each of its arrays once more (issue 29).
  ///
  /// - Returns: the innermost bracket left open at the end of the input, unless its statement
  ///   was refused (then the refusal says what is wrong).
  @discardableResult
  package static func cut(
    _ source: String, file: String, firstLine: Int = 1, nestingLimit: Int,
    _ handle: (consuming Piece) -> Void
  ) -> StatementSplitter.OpenBracket? {
    var source = source
    return source.withUTF8 { bytes in
      var cutter = StatementCutter(bytes: bytes, file: file, nestingLimit: nestingLimit)
      return cutter.run(firstLine: firstLine, handle)
    }
  }

  private let bytes: UnsafeBufferPointer<UInt8>
  /// The same bytes, which every line lexed and every statement joined shares (one copy of the
  /// source rather than one per line and another per statement; issue 29).
  private let storage: [UInt8]
  private let file: String
  private let nestingLimit: Int

  /// The statement being read: where its first line starts and ends, and that line's number.
  private var statement: (start: Int, firstLineEnd: Int, line: Int)?
  /// Its tokens so far, each line's lexed straight into this one array (its last line's end
  /// last), with offsets counted from the statement's first character; kept from one statement
  /// to the next, so that lexing allocates no array per statement (issue 29).
  private var tokens: [Token] = []
  /// Where its comments start, by line number.
  private var commentColumns: [Int: Int] = [:]
  /// The brackets and parentheses of the lines read, each line's appended by the lexer: emptied
  /// only once they pass ``keptBracketCount``, not at every line (emptying an array one
  /// element at a time checked that it was unique at each; issue 29).
  private var brackets: [Lexer.Bracket] = []
  private static let keptBracketCount = 1 << 8
  /// The last line read that was not ASCII, as a source of its own (where its characters start,
  /// found to lex it): the source of its statement when that is the line alone, and a refusal's echo. Kept
  /// rather than made again (a line's characters cost thousands of instructions); left as it
  /// is while ASCII lines are read, so that they pay nothing for it.
  private var wideLine: SourceCharacters?
  /// Its lines so far, once it has several: their bytes in `storage` (the line break after
  /// each but the last is the bytes between it and the next), and their character ranges in
  /// the statement (none once refused). Ranges, not each line's source: freeing those at every
  /// statement cost more than making them again for the rare statement that needs them
  /// (several lines, not byte-wise); its line breaks are made `Character`s only then too
  /// (issue 29). A statement of one line, nearly all of them, needs neither: its source is its
  /// line, `statement`'s first (emptying an array costs some eighty instructions, however short).
  private var lineBytes: [Range<Int>] = []
  private var lineRanges: [Range<Int>] = []
  /// How many lines it has so far.
  private var lineCount = 0
  /// Where the next line starts, in characters from the statement's start.
  private var nextLineBase = 0
  /// Where the statement's last line read ends, in bytes.
  private var statementEnd = 0
  /// Whether the statement's lines and line breaks so far are one byte a character, so that its
  /// joined source is its bytes in `storage` as they are.
  private var isByteWise = true
  /// Whether the statement being read was refused: skipped to where its brackets close.
  private var refused = false
  /// How deep its brackets are open, and the innermost `nestingLimit` of them.
  private var depth = 0
  private var open: [OpenMark] = []

  /// An open bracket as the cutter keeps it: a plain value. (``StatementSplitter/OpenBracket``
  /// holds its mark as a `Character`, a string, which pushing and popping copied and released:
  /// issue 29.) Made an `OpenBracket` only for the one left open at the end.
  private struct OpenMark {
    var mark: Punctuation
    var line: Int
    var column: Int

    var openBracket: StatementSplitter.OpenBracket {
      StatementSplitter.OpenBracket(bracket: mark.rawValue, line: line, column: column)
    }
  }

  /// The refusal found on the line being read, for `run` to hand on once the line is read (a
  /// line refuses at most one statement, and a refused statement is not handed on), and
  /// whether there is one: asked at every line, which asking the optional did through a call.
  private var refusal: Piece?
  private var hasRefusal = false

  private init(bytes: UnsafeBufferPointer<UInt8>, file: String, nestingLimit: Int) {
    self.bytes = bytes
    storage = Array(bytes)
    self.file = file
    self.nestingLimit = nestingLimit
  }

  private mutating func run(
    firstLine: Int, _ handle: (consuming Piece) -> Void
  ) -> StatementSplitter.OpenBracket? {
    var start = 0
    var number = firstLine
    while true {
      let (end, next, isASCII) = lineEnd(from: start)
      guard end - start <= Self.maximumLineLength else {
        let column = columnAfter(start..<start + Self.maximumLineLength)
        let location = SourceLocation(file: file, line: number, column: column)
        handle(
          .refused(
            ScenarioDiagnostic(at: location, kind: .lineTooLong(limit: Self.maximumLineLength)),
            line: nil))
        return nil
      }
      let statementEnds = read(line: start..<end, number: number, isASCII: isASCII)
      if hasRefusal { handOnRefusal(handle) }
      if statementEnds {
        if !refused, let statement {
          // A one-line statement's line is its source, whose lines are not asked for again.
          handle(.statement(statementSource(statement, lastLineIsWide: !isASCII), unclosed: nil))
        }
        // The statement handed on is gone: its tokens are this cutter's alone again, and
        // their array is kept for the next statement.
        clearTokens()
        statement = nil
      }
      guard let next else { break }
      if statement != nil, !refused, next - end != 1 { isByteWise = false }
      start = next
      number += 1
    }
    guard let statement, !refused else { return nil }
    // The input ends inside a statement: the parser reports the bracket left open.
    // (A statement of one line is its source, whose one line is its lines.)
    let unclosed = open.last?.openBracket
    handle(.statement(statementSource(statement, lastLineIsWide: false), unclosed: unclosed))
    return unclosed
  }

  /// One line: where its statement starts or goes on, and its brackets. Returns whether they
  /// close at its end, which ends the statement (then handed on by `run`, unless refused).
  ///
  /// Given no closure: a method taking `run`'s closure was specialised for the parser's, and
  /// `run` copied that closure's captures at each line to call it (issue 29).
  private mutating func read(line range: Range<Int>, number: Int, isASCII: Bool) -> Bool {
    if statement == nil, holdsNoCode(range) { return false }
    if statement == nil || refused {
      // A refused statement's lines are lexed only for their brackets.
      clearTokens()
      nextLineBase = 0
    } else {
      tokens.removeLast()  // the end of the line before: the statement goes on
    }
    if brackets.count > Self.keptBracketCount { brackets.removeAll(keepingCapacity: true) }
    let firstBracket = brackets.count
    // An ASCII line is lexed from its bytes, its source made only if a refusal needs it (a
    // one-line statement's is made for it when handed on): making and destroying a source for
    // every line was some 260 instructions a line (issue 29).
    let characterCount: Int
    if isASCII {
      Lexer.lex(
        asciiLine: UnsafeBufferPointer(rebasing: bytes[range]), number: number,
        appendingTo: &tokens, offsetBy: nextLineBase, commentColumns: &commentColumns,
        brackets: &brackets)
      characterCount = range.count
    } else {
      let line = SourceCharacters(sharing: storage, range: range, isByteWise: false)
      Lexer.lex(
        line, file: file, firstLine: number, appendingTo: &tokens, offsetBy: nextLineBase,
        commentColumns: &commentColumns, brackets: &brackets)
      characterCount = line.count
      wideLine = line
    }
    if statement == nil {
      guard tokens.count > 1 else { return false }  // blank, or a comment: no statement
      statement = (range.lowerBound, range.upperBound, number)
      refused = false
      depth = 0
      open.removeAllShort()  // at most `nestingLimit`
      lineBytes.removeAllShort()
      lineRanges.removeAllShort()
      lineCount = 0
      isByteWise = true
    }
    if !refused {
      lineCount += 1
      if lineCount == 2, let statement {  // the first line's, now that there are several
        lineBytes.append(statement.start..<statement.firstLineEnd)
        lineRanges.append(0..<nextLineBase - 1)
      }
      if lineCount > 1 {
        lineBytes.append(range)
        lineRanges.append(nextLineBase..<nextLineBase + characterCount)
      }
      nextLineBase += characterCount + 1
      statementEnd = range.upperBound
    }
    if !isASCII { isByteWise = false }
    for bracketIndex in firstBracket..<brackets.count {
      let bracket = brackets[bracketIndex]
      switch bracket.mark {
      case .leftBracket, .leftParen:
        let mark = bracket.mark
        depth += 1
        // A place, not a location: the file's name is retained only for a refusal (issue 29).
        let place = tokens[bracket.index].location
        if depth <= nestingLimit {
          open.append(OpenMark(mark: mark, line: number, column: place.column))
        } else if !refused {
          refuse(
            ScenarioDiagnostic(
              at: SourceLocation(file: file, place), kind: .nestingTooDeep(limit: nestingLimit)),
            line: lineSource(range, isASCII: isASCII), number: number)
        }
      default:  // `]` or `)`
        guard depth > 0 else { break }
        depth -= 1
        if open.count > depth { open.removeLast() }
      }
    }
    guard let statement else { return false }
    if !refused, range.upperBound - statement.start > Self.maximumStatementLength {
      let passed = max(range.lowerBound, statement.start + Self.maximumStatementLength)
      let location = SourceLocation(
        file: file, line: number, column: columnAfter(range.lowerBound..<passed))
      refuse(
        ScenarioDiagnostic(
          at: location,
          kind: .statementTooLong(
            limit: Self.maximumStatementLength, firstLine: statement.line)),
        line: lineSource(range, isASCII: isASCII), number: number)
    }
    return depth == 0  // else the statement goes on
  }

  /// How many tokens' room the token array keeps from one statement to the next: a query's
  /// statement needs a few dozen; a larger array (a statement of thousands of lines) is freed,
  /// so that memory stays bounded by the statement being read, as the size limits promise.
  private static let keptTokenCapacity = 1 << 12

  /// Empties the token array and the comment columns for the next line or statement. (In
  /// line: at a statement's first line both are nearly always empty already.)
  @inline(__always)
  private mutating func clearTokens() {
    if tokens.capacity > Self.keptTokenCapacity {
      tokens = []
    } else if !tokens.isEmpty {
      // A token is a plain value (``Token``): emptying the array destroys nothing. (Asked
      // first: a statement's first line finds the array its last one emptied, and emptying
      // an array costs some sixty instructions however short; issue 29.)
      tokens.removeAll(keepingCapacity: true)
    }
    if !commentColumns.isEmpty { commentColumns.removeAll(keepingCapacity: true) }
  }

  /// The statement read so far (`statement`) as one source: its tokens (shared with the
  /// cutter until the piece is gone), its text (its bytes in `storage` when byte-wise, else its
  /// lines and line breaks joined), and its lines' character ranges when it has several.
  /// `lastLineIsWide`: its last line was not ASCII, and is ``wideLine``.
  ///
  /// Mutating only so that the cutter is read in place: as a method of a copy, it copied the
  /// whole cutter at each statement (issue 29).
  @inline(__always)  // as for `holdsNoCode(_:)`
  private mutating func statementSource(
    _ statement: (start: Int, firstLineEnd: Int, line: Int), lastLineIsWide: Bool
  ) -> LexedSource {
    let source: SourceCharacters
    if lineCount == 1 {
      if lastLineIsWide, let wideLine {
        source = wideLine
      } else {
        source = SourceCharacters(
          sharing: storage, range: statement.start..<statement.firstLineEnd,
          isByteWise: isByteWise)
      }
    } else if isByteWise {
      source = SourceCharacters(
        sharing: storage, range: statement.start..<statementEnd, isByteWise: true)
    } else {
      source = SourceCharacters(
        joining: lineBytes.map { SourceCharacters(sharing: storage, range: $0) },
        separators: zip(lineBytes, lineBytes.dropFirst()).map { line, next in
          Character(
            String(
              decoding: UnsafeBufferPointer(rebasing: bytes[line.upperBound..<next.lowerBound]),
              as: UTF8.self))
        })
    }
    // No comment, nearly always: then the shared empty table, whose references are not
    // counted, rather than the cutter's, retained and released at every statement (issue 29).
    return LexedSource(
      source: source, tokens: tokens, commentColumns: commentColumns.isEmpty ? [:] : commentColumns,
      firstLine: statement.line, file: file, joinedLines: lineCount == 1 ? nil : lineRanges)
  }

  /// Refuses the statement being read at line `number` (`line`): the error, the line and the
  /// statement's first line lexed on their own (rare: lexed again here), kept as ``refusal``.
  private mutating func refuse(
    _ diagnostic: ScenarioDiagnostic, line: SourceCharacters, number: Int
  ) {
    refused = true
    let lexedLine = Lexer.lex(line, file: file, firstLine: number)
    var start = lexedLine
    if let statement, statement.line != number {
      start = lexed(
        statement.start..<statement.firstLineEnd, firstLine: statement.line, isASCII: nil)
    }
    lineBytes.removeAll(keepingCapacity: true)
    lineRanges.removeAll(keepingCapacity: true)
    lineCount = 0
    refusal = .refused(diagnostic, line: lexedLine, statementStart: start)
    hasRefusal = true
  }

  /// Hands ``refusal`` on, and forgets it. (Out of line: it is rare.)
  @inline(never)
  private mutating func handOnRefusal(_ handle: (consuming Piece) -> Void) {
    hasRefusal = false
    guard let refusal else { return }
    self.refusal = nil
    handle(refusal)
  }

  // MARK: - Bytes

  /// The line `range` being read as a source of its own, for a refusal: made from its bytes
  /// when ASCII, else the one made to lex it.
  private func lineSource(_ range: Range<Int>, isASCII: Bool) -> SourceCharacters {
    if !isASCII, let wideLine { return wideLine }
    return SourceCharacters(sharing: storage, range: range, isByteWise: isASCII)
  }

  /// The bytes `range`, one line (ASCII when `isASCII`; nil: not known), lexed as a source of
  /// their own.
  private func lexed(_ range: Range<Int>, firstLine: Int, isASCII: Bool?) -> LexedSource {
    let source = SourceCharacters(sharing: storage, range: range, isByteWise: isASCII)
    return Lexer.lex(source, file: file, firstLine: firstLine)
  }

  /// Whether the line is blank or a comment, told from its bytes without lexing it: ASCII
  /// blanks, then the end, or `#` or `//` not followed by a combining mark (which would make
  /// them another character). Any other line is lexed, and may still hold no token.
  @inline(__always)  // called from a mutating method, a method on the cutter copied it first
  private func holdsNoCode(_ range: Range<Int>) -> Bool {
    var index = range.lowerBound
    while index < range.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
    guard index < range.upperBound else { return true }
    var after = index + 1
    if bytes[index] == UInt8(ascii: "/") {
      guard after < range.upperBound, bytes[after] == UInt8(ascii: "/") else { return false }
      after += 1
    } else if bytes[index] != UInt8(ascii: "#") {
      return false
    }
    return after == range.upperBound || bytes[after] < 0x80
  }

  /// The column just after the characters that start at `range.lowerBound` and end at
  /// `range.upperBound` (moved back to the start of a character's UTF-8 when inside one).
  private func columnAfter(_ range: Range<Int>) -> Int {
    var end = min(range.upperBound, bytes.count)
    while end > range.lowerBound, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
    let text = String(
      decoding: UnsafeBufferPointer(rebasing: bytes[range.lowerBound..<end]), as: UTF8.self)
    return text.count + 1
  }

  /// Where the line that starts at `start` ends, and where the next one starts (nil after the
  /// last line). A line ends at any line break a `Character` is a newline for: `\n`, `\v`,
  /// `\f`, `\r`, `\r\n` (one break), U+0085, U+2028 and U+2029, as the lexer counts lines.
  /// Whether the line is ASCII (a line holds no `\r`, so each byte is then a character) comes
  /// from the same pass, so lexing it need not look at its bytes again for that.
  @inline(__always)  // as for `holdsNoCode(_:)`
  private func lineEnd(from start: Int) -> (end: Int, next: Int?, isASCII: Bool) {
    let count = bytes.count
    guard let base = bytes.baseAddress else { return (count, nil, true) }  // no bytes at all
    var index = start
    var union: UInt8 = 0
    while index < count {
      // Sixteen bytes at a time first, as two words: in nearly all of them no byte is below
      // 0x0E (a line break's first byte, a tab) or past ASCII. A word's flagged bytes are
      // found without branches (``flaggedBytes(in:)``), and the bytes before the lowest one
      // flagged are passed at once. Only flagged bytes can be past ASCII, so `union` need
      // not see the others (issue 29: one word a turn, with its bounds checked, was 18
      // instructions for eight bytes).
      while count &- index >= 16 {
        // Safe: `index + 16 <= count`, so both words lie inside `bytes`.
        let low = Self.flaggedBytes(in: UnsafeRawPointer(base + index))
        let high = Self.flaggedBytes(in: UnsafeRawPointer(base + index + 8))
        guard low | high == 0 else {
          index &+= low != 0 ? low.trailingZeroBitCount / 8 : 8 + high.trailingZeroBitCount / 8
          break
        }
        index &+= 16
      }
      guard index < count else { break }
      let byte = bytes[index]
      union |= byte
      // Most bytes are none of the line breaks' first bytes: one test passes them.
      if byte > 0x0D && byte < 0xC2 {
        index += 1
        continue
      }
      if byte >= 0x0A && byte <= 0x0D {
        let crlf = byte == 0x0D && index + 1 < count && bytes[index + 1] == 0x0A
        return (index, index + (crlf ? 2 : 1), union < 0x80)
      }
      if byte == 0xC2, index + 1 < count, bytes[index + 1] == 0x85 {
        return (index, index + 2, false)
      }
      if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80,
        bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9
      {
        return (index, index + 3, false)
      }
      index += 1
    }
    return (count, nil, union < 0x80)
  }

  /// The eight bytes at `address` with the top bit of each that is below 0x0E or past ASCII
  /// set, and no other bit; exact up to the lowest byte flagged (``ByteWord``).
  @inline(__always)
  private static func flaggedBytes(in address: UnsafeRawPointer) -> UInt64 {
    let word = ByteWord.load(from: address)
    return ByteWord.bytesPastASCII(in: word) | ByteWord.bytes(below: 0x0E, in: word)
  }
}
