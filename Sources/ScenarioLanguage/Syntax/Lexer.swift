import DeviceState

/// Cuts a whole source into tokens, once: the statement splitter, the parser and the diagnostic
/// masking all read the same tokens.
///
/// Lexing never fails. Text that is no token (an unterminated string, a bad escape, `1hr`, `@`)
/// becomes an ``TokenKind/invalid(_:at:)`` token, an error only if the parser reads it as a token:
/// where the parser asks for a bare word (a bundle id, a team id such as `9ABCDE1234`, a passcode)
/// it reads the source characters under the tokens instead (``LexedSource/word(at:)``).
/// Newlines are blanks; `#` and `//` start a comment to the end of the line; a string ends on its
/// line, so an unterminated one cannot swallow the rest of the file.
package struct Lexer: Sendable {
  private let source: SourceCharacters
  private let file: String
  private var index = 0
  private var line: Int
  private var column = 1
  /// The column where each line's comment starts, by line number.
  private var commentColumns: [Int: Int] = [:]
  /// What lexing an invalid token again reads back, which a token does not hold (``Token``):
  /// its error and where it is (``invalid(_:in:file:)``). Nil while lexing a source, so that
  /// the lexer made for each line has no more to free.
  private var relexed: Relexed?

  private struct Relexed {
    var invalid: (ParseMessage, SourceLocation)?
  }

  /// - Parameters:
  ///   - source: the source.
  ///   - line: the line number of its first line.
  ///   - index, column: where lexing starts (a token lexed again), and its column.
  private init(
    _ source: SourceCharacters, file: String, line: Int, index: Int = 0, column: Int = 1
  ) {
    self.source = source
    self.file = file
    self.line = line
    self.index = index
    self.column = column
  }

  /// Lexes `text` to its end.
  static func lex(_ text: String, file: String, firstLine: Int = 1) -> LexedSource {
    lex(SourceCharacters(text), file: file, firstLine: firstLine)
  }

  /// Lexes `source` to its end.
  static func lex(_ source: SourceCharacters, file: String, firstLine: Int = 1) -> LexedSource {
    var tokens: [Token] = []
    var commentColumns: [Int: Int] = [:]
    var brackets: [Bracket] = []
    lex(
      source, file: file, firstLine: firstLine, appendingTo: &tokens, offsetBy: 0,
      commentColumns: &commentColumns, brackets: &brackets)
    return LexedSource(
      source: source, tokens: tokens, commentColumns: commentColumns, firstLine: firstLine,
      file: file)
  }

  /// A bracket or parenthesis token the lexer appended: its index in the tokens and its mark.
  struct Bracket {
    var index: Int
    var mark: Punctuation
  }

  /// Lexes `source` to its end, appending its tokens (its end last) to `tokens` with `base`
  /// added to their offsets, where its comments start to `commentColumns`, and its brackets
  /// and parentheses to `brackets`. Why: the statement cutter lexes a statement's lines one by
  /// one into the one array the parser reads, which it keeps from one statement to the next
  /// (an array per line, joined again for a statement of several lines, was about a tenth of
  /// the parse; issue 29), and counts brackets from `brackets` without reading every token again.
  static func lex(
    _ source: SourceCharacters, file: String, firstLine: Int, appendingTo tokens: inout [Token],
    offsetBy base: Int, commentColumns: inout [Int: Int], brackets: inout [Bracket]
  ) {
    // About one token for every four characters of code: growing the array was a tenth of
    // the lexer's time.
    tokens.reserveCapacity(tokens.count + source.count / 4 + 2)
    let byteWise: Void? = source.withByteWiseUTF8(of: 0..<source.count) { bytes in
      lexByteWise(
        bytes, firstLine: firstLine, appendingTo: &tokens, offsetBy: base,
        commentColumns: &commentColumns, brackets: &brackets)
    }
    guard byteWise == nil else { return }
    if source.isASCIIStandingAlone,
      lexStandingAlone(
        source, firstLine: firstLine, appendingTo: &tokens, offsetBy: base,
        commentColumns: &commentColumns, brackets: &brackets)
    {
      return
    }
    lex(
      characterWise: source, file: file, firstLine: firstLine, appendingTo: &tokens,
      offsetBy: base, commentColumns: &commentColumns, brackets: &brackets)
  }

  /// ``lex(_:file:firstLine:appendingTo:offsetBy:commentColumns:brackets:)`` read a character
  /// at a time (``next()``), whatever the source: what a source past ASCII is lexed by unless
  /// its bytes can be (and what the tests compare the byte-wise ways with).
  static func lex(
    characterWise source: SourceCharacters, file: String, firstLine: Int,
    appendingTo tokens: inout [Token], offsetBy base: Int, commentColumns: inout [Int: Int],
    brackets: inout [Bracket]
  ) {
    var lexer = Lexer(source, file: file, line: firstLine)
    swap(&lexer.commentColumns, &commentColumns)
    defer { swap(&lexer.commentColumns, &commentColumns) }
    while true {
      var token = lexer.next()
      let shape = token.shape
      if case .punctuation(let mark) = shape, mark.isBracket {
        brackets.append(Bracket(index: tokens.count, mark: mark))
      }
      token.offset += base
      tokens.append(token)
      if shape == .end { return }
    }
  }

  /// ``lex(_:file:firstLine:appendingTo:offsetBy:commentColumns:brackets:)`` of a line of
  /// ASCII bytes (no line break in it), `bytes`, line `number` of its file, without a source
  /// made for it. Why: the statement cutter made and destroyed a source for every line it
  /// lexed, some 260 instructions a line, where a statement of one line needs one source only
  /// (issue 29). No room is reserved: the cutter's array, kept from one statement to the next,
  /// nearly always has it already, and asking cost some thirty instructions a line.
  static func lex(
    asciiLine bytes: UnsafeBufferPointer<UInt8>, number: Int, appendingTo tokens: inout [Token],
    offsetBy base: Int, commentColumns: inout [Int: Int], brackets: inout [Bracket]
  ) {
    lexByteWise(
      bytes, firstLine: number, appendingTo: &tokens, offsetBy: base,
      commentColumns: &commentColumns, brackets: &brackets)
  }

  /// ``lex(_:file:firstLine:appendingTo:offsetBy:commentColumns:brackets:)`` of a source that
  /// is not byte-wise but whose ASCII bytes are characters of their own
  /// (``SourceCharacters/isASCIIStandingAlone``), read from its bytes, its tokens' offsets,
  /// lengths and columns and its comments' columns then counted again in characters. Why: a
  /// line such as `say "… → …"` was lexed a character at a time, some 4,700 instructions a
  /// token (issue 29). Its bytes lex as its characters do when no token is invalid: each ASCII
  /// character is its byte, and the bytes past ASCII are then all inside string literals and
  /// comments, which pass them as they pass the characters (anywhere else, such a byte is an
  /// invalid token). A token starts and ends next to an ASCII byte or at the end, where a
  /// character starts. False, with nothing appended, when a token is invalid: the characters'
  /// lexer reads the source then, so that the token and its error are its own.
  private static func lexStandingAlone(
    _ source: SourceCharacters, firstLine: Int, appendingTo tokens: inout [Token],
    offsetBy base: Int, commentColumns: inout [Int: Int], brackets: inout [Bracket]
  ) -> Bool {
    let firstToken = tokens.count
    let firstBracket = brackets.count
    var comments: [Int: Int] = [:]
    return source.withUTF8(of: 0..<source.count) { bytes in
      lexByteWise(
        bytes, firstLine: firstLine, appendingTo: &tokens, offsetBy: 0,
        commentColumns: &comments, brackets: &brackets)
      /// The line whose first character's index is known, and that index.
      var line = (number: firstLine, start: 0)
      for index in firstToken..<tokens.count {
        let token = tokens[index]
        guard token.shape != .invalid else {
          tokens.removeSubrange(firstToken...)
          brackets.removeSubrange(firstBracket...)
          return false
        }
        let start = source.characterIndex(atUTF8Offset: token.offset)
        if token.location.line != line.number {
          let lineStart = token.offset - (token.location.column - 1)
          line = (token.location.line, source.characterIndex(atUTF8Offset: lineStart))
        }
        tokens[index].offset = base + start
        tokens[index].length = source.characterIndex(atUTF8Offset: token.endOffset) - start
        tokens[index].location.column = start - line.start + 1
      }
      // Lines in order, so that the bytes are walked once however many comments there are.
      var lineStart = 0
      var breaks = firstLine
      for (number, column) in comments.sorted(by: { $0.key < $1.key }) {
        // Line `number` starts after its line break: one byte each (they are ASCII).
        while breaks < number {
          if bytes[lineStart] >= 0x0A && bytes[lineStart] <= 0x0D { breaks += 1 }
          lineStart += 1
        }
        let first = source.characterIndex(atUTF8Offset: lineStart)
        commentColumns[number] =
          source.characterIndex(atUTF8Offset: lineStart + column - 1) - first + 1
      }
      return true
    }
  }

  /// What the byte-wise lexer tells a byte apart by: one look-up in ``ByteWiseTables/classes``
  /// per byte.
  private enum ByteClass: UInt8 {
    /// A letter or `_`: starts a name, and goes on one (and a number's unit).
    case letter
    case digit
    case blank
    case lineBreak
    /// `#`, or `/` (a comment when another follows).
    case commentStart
    case quote
    case minus
    case punctuation
    /// Anything else: an invalid token of one byte in a byte-wise source.
    case other

    /// Whether the byte goes on a name: a letter, a digit or `_`.
    @inline(__always)
    var continuesName: Bool { rawValue <= ByteClass.digit.rawValue }
  }

  /// A byte's class (bytes past ASCII are ``ByteClass/other``: a byte-wise source has none, and
  /// in a source read by ``lexStandingAlone(_:firstLine:appendingTo:offsetBy:commentColumns:brackets:)``
  /// they are passed over inside literals and comments and invalid anywhere else). Read from
  /// ``ByteWiseTables/classes``, where it is worked out once for every byte.
  private static func byteClass(of byte: UInt8) -> ByteClass {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "_"):
      return .letter
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return .digit
    case 0x20, 0x09: return .blank
    case 0x0A...0x0D: return .lineBreak
    case UInt8(ascii: "#"), UInt8(ascii: "/"): return .commentStart
    case UInt8(ascii: "\""): return .quote
    case UInt8(ascii: "-"): return .minus
    default: return Punctuation(byte: byte) == nil ? .other : .punctuation
    }
  }

  /// What the byte-wise lexer reads at every line, in one global: each byte's class and the
  /// known names' index. Why: reading a global checks that it is made (`swift_once`), and
  /// reading two at every line was some 1M instructions a parse of the benchmark (issue 29).
  private static let byteWiseTables = ByteWiseTables()

  private struct ByteWiseTables: @unchecked Sendable {
    /// ``byteClass(of:)`` of all 256 bytes, in storage that is never freed (the one table lives
    /// as long as the process), so that reading it retains nothing. Written only here, before
    /// it is shared.
    let classes: UnsafePointer<ByteClass>
    let names: KnownName.ASCIIIndex

    init() {
      let classes = UnsafeMutablePointer<ByteClass>.allocate(capacity: 256)
      for byte in 0..<256 {
        (classes + byte).initialize(to: Lexer.byteClass(of: UInt8(byte)))
      }
      self.classes = UnsafePointer(classes)
      names = KnownName.table.asciiIndex
    }
  }

  /// ``lex(_:file:firstLine:appendingTo:offsetBy:commentColumns:brackets:)`` of a byte-wise
  /// source, `bytes` its UTF-8: the tokens ``next()`` gives, read in one loop over the bytes
  /// with the place in locals and one class look-up per byte. Why: a call per token, its place
  /// kept in the lexer and a chain of comparisons per byte, was some 265 instructions a token
  /// (issue 29). A literal or a number with an error, rare, is an invalid token to where
  /// ``next()`` ends it (``invalidTokenEnd(in:from:)``); its error is read again from the
  /// source only if the parser asks (``invalid(_:in:file:)``), as for any invalid token. It
  /// also reads the bytes of a source whose ASCII stands alone
  /// (``lexStandingAlone(_:firstLine:appendingTo:offsetBy:commentColumns:brackets:)``): "a
  /// byte-wise source" in the helpers below means bytes read this way, either kind.
  private static func lexByteWise(
    _ bytes: UnsafeBufferPointer<UInt8>, firstLine: Int, appendingTo tokens: inout [Token],
    offsetBy base: Int, commentColumns: inout [Int: Int], brackets: inout [Bracket]
  ) {
    let tables = byteWiseTables
    let names = tables.names
    // Safe: the storage holds 256 classes, is never freed, and a byte indexes at most 255.
    let classes = UnsafeBufferPointer(start: tables.classes, count: 256)
    let count = bytes.count
    var index = 0
    var line = firstLine
    /// Where the line being read starts: a byte's column is `index - lineStart + 1`.
    var lineStart = 0
    while true {
      // Blanks, line breaks and comments.
      var byteClass = ByteClass.other
      while index < count {
        byteClass = classes[Int(bytes[index])]
        if byteClass == .blank {
          index += 1
        } else if byteClass == .lineBreak {
          index += 1
          line += 1
          lineStart = index
        } else if byteClass == .commentStart,
          bytes[index] == UInt8(ascii: "#")
            || (index + 1 < count && bytes[index + 1] == UInt8(ascii: "/"))
        {
          commentColumns[line] = index - lineStart + 1
          while index < count, classes[Int(bytes[index])] != .lineBreak { index += 1 }
        } else {
          break
        }
      }
      let start = index
      // Wrapping arithmetic: offsets within a buffer cannot overflow, and checking them cost
      // instructions at every token.
      let position = TokenPosition(line: line, column: start &- lineStart &+ 1)
      guard index < count else {
        tokens.append(Token(shape: .end, location: position, offset: base &+ start, length: 0))
        return
      }
      let shape: TokenShape
      var knownName: Int32 = -1
      var scalar: Int64 = 0
      switch byteClass {
      case .letter:
        repeat { index += 1 } while index < count && classes[Int(bytes[index])].continuesName
        let name = UnsafeBufferPointer(rebasing: bytes[start..<index])
        knownName = names.index(of: name)
        // `true` and `false` are no known names (``KnownName/Table``).
        if knownName < 0, let boolean = Self.boolean(name) {
          shape = .boolean
          scalar = boolean ? 1 : 0
        } else {
          shape = .identifier
        }
      case .quote:
        if let end = byteWiseStringEnd(in: bytes, from: index + 1) {
          index = end + 1
          shape = .string
        } else {
          shape = .invalid  // read again by `next()` below
        }
      case .minus where index + 1 == count || classes[Int(bytes[index + 1])] != .digit:
        index += 1  // `-` and no digit: no token
        shape = .invalid
      case .digit, .minus:
        if let (end, number, value) = byteWiseNumber(in: bytes, from: start) {
          index = end
          shape = number
          scalar = value
        } else {
          shape = .invalid  // read again by `next()` below
        }
      case .punctuation:
        index += 1
        let mark = Punctuation(byte: bytes[start])!
        if mark.isBracket { brackets.append(Bracket(index: tokens.count, mark: mark)) }
        shape = .punctuation(mark)
      default:
        index += 1  // a `/` alone, or a byte no token starts with
        shape = .invalid
      }
      if shape == .invalid, index == start {
        index = invalidTokenEnd(in: bytes, from: start)  // a literal or a number with an error
      }
      tokens.append(
        Token(
          shape: shape, location: position, offset: base &+ start, length: index &- start,
          knownName: knownName, scalar: scalar))
    }
  }

  /// Where the invalid token that starts at `start` of a byte-wise source ends: a string
  /// literal with an error, or a number with one (too large, a negative or unknown duration,
  /// `_`), consumed as ``stringLiteral()`` and ``number()`` consume them (the tests compare the
  /// two ways: `ParsingByteWiseLexerTests`, `ParsingStandingAloneLexerTests`).
  private static func invalidTokenEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
    var index = start + 1
    func isLineBreak(_ byte: UInt8) -> Bool { byte >= 0x0A && byte <= 0x0D }
    guard bytes[start] == UInt8(ascii: "\"") else {
      // A number: its sign, then letters, digits and `_`.
      while index < bytes.count, isLetter(bytes[index]) || isDigit(bytes[index])
        || bytes[index] == UInt8(ascii: "_")
      {
        index += 1
      }
      return index
    }
    // A literal: to its closing quote, past it, or to the end of its line; an escape is
    // consumed as far as it goes, as ``escape()`` consumes it.
    while index < bytes.count, !isLineBreak(bytes[index]), bytes[index] != UInt8(ascii: "\"") {
      guard bytes[index] == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      index += 1  // the backslash
      guard index < bytes.count, !isLineBreak(bytes[index]) else { continue }
      index += 1  // what it escapes
      guard bytes[index - 1] == UInt8(ascii: "u"), index < bytes.count,
        bytes[index] == UInt8(ascii: "{")
      else { continue }
      index += 1
      while index < bytes.count, hexValue(bytes[index]) != nil { index += 1 }
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1 }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") { index += 1 }
    return index
  }

  /// The value of `true` or `false` written as `name`, nil for any other name. Told by length
  /// first: most names are compared with neither; then byte by byte (`elementsEqual` on a
  /// string's UTF-8 was some 180 instructions a name; issue 29).
  @inline(__always)
  private static func boolean(_ name: UnsafeBufferPointer<UInt8>) -> Bool? {
    switch name.count {
    case 4
    where name[0] == UInt8(ascii: "t") && name[1] == UInt8(ascii: "r")
      && name[2] == UInt8(ascii: "u") && name[3] == UInt8(ascii: "e"):
      true
    case 5
    where name[0] == UInt8(ascii: "f") && name[1] == UInt8(ascii: "a")
      && name[2] == UInt8(ascii: "l") && name[3] == UInt8(ascii: "s")
      && name[4] == UInt8(ascii: "e"):
      false
    default: nil
    }
  }

  /// Every token up to and including ``TokenKind/end``; throws the first invalid one.
  static func tokenize(
    _ text: String, file: String = "<input>", line: Int = 1
  ) throws(ScenarioDiagnostic) -> [Token] {
    let lexed = lex(text, file: file, firstLine: line)
    if let invalid = lexed.tokens.first(where: { $0.shape == .invalid }) {
      let (message, location) = lexed.invalid(of: invalid)
      throw ScenarioDiagnostic(at: location, kind: message)
    }
    return lexed.tokens
  }

  /// The value of `token`, a string literal of `source` (one without errors), its escapes
  /// resolved, read from its UTF-8 whatever the source: in a literal that lexed, each escape is
  /// characters of one ASCII byte each, and the text around them is copied as it is.
  static func stringValue(of token: Token, in source: SourceCharacters) -> String {
    source.withUTF8(of: token.offset..<token.endOffset) { bytes in
      stringValue(in: bytes, from: 1, to: bytes.count - 1)
    }
  }

  /// The error of `token`, an invalid token of `source`, and where it is in `file`.
  static func invalid(
    _ token: Token, in source: SourceCharacters, file: String
  ) -> (ParseMessage, SourceLocation) {
    // Lexed again from where it starts: a token starts where no blank or comment is left to
    // skip, and what a token is depends on nothing before it.
    var lexer = Lexer(
      source, file: file, line: token.location.line, index: token.offset,
      column: token.location.column)
    lexer.relexed = Relexed()
    guard lexer.next().shape == .invalid, let invalid = lexer.relexed?.invalid else {
      preconditionFailure("an invalid token lexed again is valid")
    }
    return invalid
  }

  // MARK: - Tokens

  /// The next token.
  mutating func next() -> Token {
    skipBlanksAndComments()
    let start = (index, position)
    guard index < source.count else { return token(.end, from: start) }
    let byte = source.asciiByte(at: index)
    if byte == UInt8(ascii: "\"") {
      return stringLiteral()
    }
    if isASCIIDigit(at: index) || (byte == UInt8(ascii: "-") && isASCIIDigit(at: index + 1)) {
      return number()
    }
    if byte == UInt8(ascii: "_") || isLetter(at: index) {
      skipWordCharacters()
      return identifier(from: start)
    }
    advance()
    if let byte, let punctuation = Punctuation(byte: byte) {
      return token(.punctuation(punctuation), from: start)
    }
    return invalid(.unexpectedCharacter(source[start.0]), at: start.1, from: start)
  }

  /// Where the closing quote is of the string literal of a byte-wise source whose text starts
  /// at `start` (just after its opening quote), each escape checked. Nil for a literal with an
  /// error (a bad escape, no closing quote on its line): ``stringLiteral()`` reads it, so its
  /// message and place come out as they always have. Its value is made only when asked
  /// (``stringValue(of:in:)``).
  private static func byteWiseStringEnd(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    var end = start
    while true {
      // Eight bytes at a time first: a literal's text is mostly bytes that are none of a quote,
      // a backslash, or a byte below 0x0E (a line break's, or a tab, passed one by one). The
      // lowest byte `flagged` marks is one of them, and the bytes before it are passed at once
      // (a byte at a time, four tests each, was some 2.7M a parse of the benchmark; issue 29).
      if bytes.count - end >= 8, let base = bytes.baseAddress {
        // Safe: the eight bytes from `end` are inside the buffer.
        let word = ByteWord.load(from: UnsafeRawPointer(base + end))
        let flagged =
          ByteWord.bytes(below: 0x0E, in: word)
          | ByteWord.bytes(equalTo: UInt8(ascii: "\""), in: word)
          | ByteWord.bytes(equalTo: UInt8(ascii: "\\"), in: word)
        guard flagged != 0 else {
          end += 8
          continue
        }
        end += flagged.trailingZeroBitCount / 8
      }
      guard end < bytes.count else { return nil }
      let byte = bytes[end]
      if byte == UInt8(ascii: "\"") { return end }
      if byte >= 0x0A && byte <= 0x0D { return nil }
      if byte == UInt8(ascii: "\\") {
        guard let (_, next) = escape(in: bytes, at: end) else { return nil }
        end = next
      } else {
        end += 1
      }
    }
  }

  /// The value of the text `start..<end` of a string literal without errors (its quotes
  /// excluded) in its UTF-8, its escapes resolved.
  private static func stringValue(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> String {
    guard bytes[start..<end].contains(UInt8(ascii: "\\")) else {
      return SourceCharacters.string(UnsafeBufferPointer(rebasing: bytes[start..<end]))
    }
    // No escape is shorter than the UTF-8 it stands for: the text's length bounds the value's.
    // The text between escapes is copied a run at a time.
    return String(unsafeUninitializedCapacity: end - start) { buffer in
      guard let target = buffer.baseAddress, let source = bytes.baseAddress else { return 0 }
      var written = 0
      var index = start
      while index < end {
        var run = index
        while run < end, source[run] != UInt8(ascii: "\\") { run += 1 }
        (target + written).initialize(from: source + index, count: run - index)
        written += run - index
        index = run
        guard index < end else { break }
        if let (scalar, next) = escape(in: bytes, at: index) {
          // Safe: the escape's text, which the capacity counts, is no shorter than its UTF-8.
          written += writeUTF8(of: scalar, to: target + written)
          index = next
        } else {
          target[written] = source[index]
          written += 1
          index += 1
        }
      }
      return written
    }
  }

  /// Writes the UTF-8 of `scalar` at `target` (room for it), and says how many bytes it
  /// wrote: by its value's range, where iterating `Unicode.Scalar.UTF8View` cost more than the
  /// rest of an escape's reading (issue 29).
  @inline(__always)
  private static func writeUTF8(of scalar: Unicode.Scalar, to target: UnsafeMutablePointer<UInt8>)
    -> Int
  {
    let value = scalar.value
    switch value {
    case 0..<0x80:
      target[0] = UInt8(value)
      return 1
    case 0x80..<0x800:
      target[0] = UInt8(0xC0 | value >> 6)
      target[1] = UInt8(0x80 | value & 0x3F)
      return 2
    case 0x800..<0x10000:
      target[0] = UInt8(0xE0 | value >> 12)
      target[1] = UInt8(0x80 | value >> 6 & 0x3F)
      target[2] = UInt8(0x80 | value & 0x3F)
      return 3
    default:
      target[0] = UInt8(0xF0 | value >> 18)
      target[1] = UInt8(0x80 | value >> 12 & 0x3F)
      target[2] = UInt8(0x80 | value >> 6 & 0x3F)
      target[3] = UInt8(0x80 | value & 0x3F)
      return 4
    }
  }

  /// What the escape whose backslash is at `index` of a byte-wise source stands for, and where
  /// it ends; nil for a bad one (as ``escape()`` tells them apart).
  private static func escape(
    in bytes: UnsafeBufferPointer<UInt8>, at index: Int
  ) -> (Unicode.Scalar, next: Int)? {
    guard index + 1 < bytes.count else { return nil }
    switch bytes[index + 1] {
    case UInt8(ascii: "\""): return ("\"", index + 2)
    case UInt8(ascii: "\\"): return ("\\", index + 2)
    case UInt8(ascii: "'"): return ("'", index + 2)
    case UInt8(ascii: "n"): return ("\n", index + 2)
    case UInt8(ascii: "t"): return ("\t", index + 2)
    case UInt8(ascii: "r"): return ("\r", index + 2)
    case UInt8(ascii: "0"): return ("\0", index + 2)
    case UInt8(ascii: "u"):
      guard index + 2 < bytes.count, bytes[index + 2] == UInt8(ascii: "{") else { return nil }
      let digitsStart = index + 3
      var end = digitsStart
      var code: UInt32 = 0
      while end < bytes.count, let digit = hexValue(bytes[end]) {
        code = code << 4 | digit
        end += 1
      }
      guard end > digitsStart, end - digitsStart <= 8, end < bytes.count,
        bytes[end] == UInt8(ascii: "}"), let scalar = Unicode.Scalar(code)
      else { return nil }
      return (scalar, end + 1)
    default:
      return nil
    }
  }

  /// The value of an ASCII hex digit.
  private static func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  /// The identifier (or `true`, `false`) from `start` to here. A known name (``KnownName``) is
  /// found from the bytes of an ASCII source and shares the table's string.
  @inline(__always)  // a method on the lexer, called from a mutating one, copied it first
  private func identifier(from start: (Int, TokenPosition)) -> Token {
    let range = start.0..<index
    let known: Int32
    // `true` and `false` are no known names (``KnownName/Table``). Told by their length in
    // characters first (any text equal to either has as many): most names are compared with
    // neither (issue 29).
    let mayBeBoolean = range.count == 4 || range.count == 5
    var boolean: Bool?
    if let found = source.withByteWiseUTF8(of: range, { bytes in
      let found = KnownName.table.index(ofASCII: bytes)
      if found < 0, mayBeBoolean {
        if bytes.elementsEqual("true".utf8) {
          boolean = true
        } else if bytes.elementsEqual("false".utf8) {
          boolean = false
        }
      }
      return found
    }) {
      known = found
    } else {
      let name = source.text(range)
      known = KnownName.table.index(of: name)
      if known < 0, mayBeBoolean {
        boolean = name == "true" ? true : name == "false" ? false : nil
      }
    }
    if let boolean { return token(.boolean, from: start, scalar: boolean ? 1 : 0) }
    return Token(
      shape: .identifier, location: start.1, offset: start.0, length: index - start.0,
      knownName: known)
  }

  // MARK: - Numbers and durations

  /// An integer (`-25308`), or a duration when a unit follows the digits (`1h30m`).
  private mutating func number() -> Token {
    let start = (index, position)
    if source.asciiByte(at: index) == UInt8(ascii: "-") { advance() }
    let hasLetter = skipWordCharacters()
    let text = source.text(start.0..<index)
    guard hasLetter else {
      guard Int64(text) != nil else {
        return invalid(.integerTooLarge(text), at: start.1, from: start)
      }
      return token(.integer, from: start)
    }
    guard !text.hasPrefix("-") else {
      return invalid(.negativeDuration(text), at: start.1, from: start)
    }
    guard let duration = Lexer.duration(text) else {
      let tooLong = Lexer.duration(text, checkingOverflow: false) != nil
      return invalid(
        tooLong ? .durationTooLong(text) : .invalidDuration(text), at: start.1, from: start)
    }
    return token(.duration, from: start, scalar: duration.milliseconds)
  }

  /// Parses `1h30m`-style text: one or more integers, each followed by a unit. Nil when the
  /// text is not a duration or, if `checkingOverflow`, its milliseconds overflow 64 bits.
  ///
  /// Reads bytes: units and digits are ASCII, so text with any other character is no duration.
  static func duration(_ text: String, checkingOverflow: Bool = true) -> SimulatedDuration? {
    var text = text
    return text.withUTF8 { duration(utf8: $0, checkingOverflow: checkingOverflow) }
  }

  /// ``duration(_:checkingOverflow:)`` of the text whose UTF-8 is `bytes`.
  private static func duration(
    utf8 bytes: UnsafeBufferPointer<UInt8>, checkingOverflow: Bool = true
  ) -> SimulatedDuration? {
    var total: Int64 = 0
    var index = 0
    while index < bytes.count {
      let digitsStart = index
      /// The digits' value; nil when it overflows 64 bits.
      var amount: Int64? = 0
      while index < bytes.count, bytes[index] >= UInt8(ascii: "0"),
        bytes[index] <= UInt8(ascii: "9")
      {
        let (tens, overflow) = (amount ?? 0).multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = tens.addingReportingOverflow(Int64(bytes[index] - 0x30))
        amount = amount == nil || overflow || overflow2 ? nil : sum
        index += 1
      }
      let unitStart = index
      while index < bytes.count,
        (bytes[index] | 0x20) >= UInt8(ascii: "a"), (bytes[index] | 0x20) <= UInt8(ascii: "z")
      {
        index += 1
      }
      let unit = UnsafeBufferPointer(rebasing: bytes[unitStart..<index])
      guard unitStart > digitsStart,
        let amount = amount ?? (checkingOverflow ? nil : 0),
        let size = unitMilliseconds(unit)
      else { return nil }
      let (product, overflow) = amount.multipliedReportingOverflow(by: size)
      let (sum, overflow2) = total.addingReportingOverflow(product)
      guard !checkingOverflow || (!overflow && !overflow2) else { return nil }
      total = sum
    }
    return SimulatedDuration(milliseconds: total)
  }

  /// The integer or duration of a byte-wise source that starts at `start` (a digit, or `-`
  /// and a digit), read from its bytes: where it ends, its shape and its scalar (a duration's
  /// milliseconds), what ``number()`` gives for one without an error, without making a
  /// `String` of it (issue 29: a number was read through ``next()``, some thousand
  /// instructions). Nil for a number with an error (too large, a negative or unknown
  /// duration, `_`), which ``number()`` reads, so its message stays its own.
  private static func byteWiseNumber(
    in bytes: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> (end: Int, shape: TokenShape, scalar: Int64)? {
    var end = start
    if bytes[end] == UInt8(ascii: "-") { end += 1 }
    var hasLetter = false
    while end < bytes.count {
      let byte = bytes[end]
      if isLetter(byte) {
        hasLetter = true
      } else if !isDigit(byte) {
        if byte == UInt8(ascii: "_") { return nil }
        break
      }
      end += 1
    }
    let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
    guard hasLetter else {
      // An integer as `Int64(text)` reads it: its digits must fit 64 bits, with its sign.
      var value: Int64 = 0
      let negative = text[0] == UInt8(ascii: "-")
      for byte in text.dropFirst(negative ? 1 : 0) {
        let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
        let digit = Int64(byte - UInt8(ascii: "0"))
        let (sum, overflow2) =
          negative ? tens.subtractingReportingOverflow(digit) : tens.addingReportingOverflow(digit)
        guard !overflow, !overflow2 else { return nil }
        value = sum
      }
      return (end, .integer, 0)
    }
    guard text[0] != UInt8(ascii: "-"), let duration = duration(utf8: text) else { return nil }
    return (end, .duration, duration.milliseconds)
  }

  /// Each duration unit's UTF-8 and size, from `SimulatedDuration.units` in its order.
  private static let durationUnits: [(name: [UInt8], milliseconds: Int64)] =
    SimulatedDuration.units.map { (Array($0.name.utf8), $0.milliseconds) }

  /// The size of the first unit (of ``durationUnits``) whose name is `unit`'s bytes: compared as
  /// bytes, where `elementsEqual` on each name's UTF-8 view was most of a duration's lexing
  /// (issue 29).
  private static func unitMilliseconds(_ unit: UnsafeBufferPointer<UInt8>) -> Int64? {
    for entry in durationUnits where entry.name.count == unit.count {
      if entry.name.withUnsafeBufferPointer({ $0.elementsEqual(unit) }) {
        return entry.milliseconds
      }
    }
    return nil
  }

  // MARK: - Strings

  /// `"..."` with the escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, `\'` and `\u{...}`.
  /// A string ends on its line. A bad escape makes the whole literal, to its closing quote,
  /// one invalid token.
  private mutating func stringLiteral() -> Token {
    let start = (index, position)
    advance()
    // Its value is not made here (``stringValue(of:in:)``): only where it ends, and its error.
    var problem: (ParseMessage, TokenPosition)?
    while index < source.count, !source.isNewline(at: index) {
      if let plain = source.byteWiseRun(from: index, while: { byte in
        byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && (byte < 0x0A || byte > 0x0D)
      }), plain > 0 {
        index += plain  // no line break: the column moves on
        column += plain
        continue
      }
      let byte = source.asciiByte(at: index)
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        let at = position
        if case .failure(let message) = escape() { problem = problem ?? (message, at) }
      } else {
        index += 1  // not a line break: the column moves on
        column += 1
      }
    }
    guard index < source.count, source.asciiByte(at: index) == UInt8(ascii: "\"") else {
      let (message, at) = problem ?? (.unterminatedString, start.1)
      return invalid(message, at: at, from: start)
    }
    if let (message, at) = problem {
      advance()
      return invalid(message, at: at, from: start)
    }
    advance()
    return token(.string, from: start)
  }

  /// What an escape sequence stands for, or what is wrong with it.
  private enum Escape {
    case success(Unicode.Scalar)
    case failure(ParseMessage)
  }

  /// One escape sequence, the backslash included; a bad one is consumed as far as it goes.
  private mutating func escape() -> Escape {
    advance()
    guard index < source.count, !source.isNewline(at: index) else {
      return .failure(.unterminatedString)
    }
    let at = index
    advance()
    switch source.asciiByte(at: at) {
    case UInt8(ascii: "\""): return .success("\"")
    case UInt8(ascii: "\\"): return .success("\\")
    case UInt8(ascii: "'"): return .success("'")
    case UInt8(ascii: "n"): return .success("\n")
    case UInt8(ascii: "t"): return .success("\t")
    case UInt8(ascii: "r"): return .success("\r")
    case UInt8(ascii: "0"): return .success("\0")
    case UInt8(ascii: "u"):
      guard index < source.count, source.asciiByte(at: index) == UInt8(ascii: "{") else {
        return .failure(.invalidEscape("\\u"))
      }
      advance()
      let hexStart = index
      while index < source.count, isHexDigit(at: index) {
        index += 1  // not a line break
        column += 1
      }
      let hex = source.text(hexStart..<index)
      guard index < source.count, source.asciiByte(at: index) == UInt8(ascii: "}") else {
        return .failure(.invalidUnicodeEscape("\\u{\(hex)"))
      }
      advance()
      guard hex.count <= 8, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code)
      else { return .failure(.invalidUnicodeEscape("\\u{\(hex)}")) }
      return .success(scalar)
    default:
      return .failure(.invalidEscape("\\\(source[at])"))
    }
  }

  // MARK: - Cursor

  /// Where the next character is (no file name: a token does not keep it).
  private var position: TokenPosition { TokenPosition(line: line, column: column) }

  /// `position` in the file, for an invalid token's message.
  private func located(_ position: TokenPosition) -> SourceLocation {
    SourceLocation(file: file, position)
  }

  /// Moves past one character, counting lines and columns.
  private mutating func advance() {
    guard index < source.count else { return }
    if source.isNewline(at: index) {
      line += 1
      column = 1
    } else {
      column += 1
    }
    index += 1
  }

  /// Moves past letters, digits and `_` (what continues an identifier, an integer or a
  /// duration), none of them a line break; returns whether any was a letter.
  @discardableResult
  private mutating func skipWordCharacters() -> Bool {
    var hasLetter = false
    if let run = source.byteWiseRun(from: index, while: { byte in
      let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      hasLetter = hasLetter || isLetter
      return isLetter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || byte == UInt8(ascii: "_")
    }) {
      index += run
      column += run
      return hasLetter
    }
    while index < source.count {
      if let byte = source.asciiByte(at: index) {
        let isLetter = (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
        guard isLetter || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
          || byte == UInt8(ascii: "_")
        else { break }
        hasLetter = hasLetter || isLetter
      } else {
        let character = source[index]
        guard character.isLetter || character.isNumber else { break }
        hasLetter = hasLetter || character.isLetter
      }
      index += 1
      column += 1
    }
    return hasLetter
  }

  /// Skips blanks, newlines, and `#` or `//` comments to the end of their line, noting where
  /// each comment starts.
  private mutating func skipBlanksAndComments() {
    while index < source.count {
      if let run = source.byteWiseRun(from: index, while: { $0 == 0x20 || $0 == 0x09 }),
        run > 0
      {
        index += run  // blanks, no line break
        column += run
        continue
      }
      let byte = source.asciiByte(at: index)
      if source.isWhitespace(at: index) {
        advance()
      } else if byte == UInt8(ascii: "#")
        || (byte == UInt8(ascii: "/") && index + 1 < source.count
          && source.asciiByte(at: index + 1) == UInt8(ascii: "/"))
      {
        commentColumns[line] = column
        if let run = source.byteWiseRun(from: index, while: { $0 < 0x0A || $0 > 0x0D }) {
          index += run
          column += run
          continue
        }
        while index < source.count, !source.isNewline(at: index) {
          index += 1
          column += 1
        }
      } else {
        return
      }
    }
  }

  // MARK: - Characters

  // Nearly every character of a scenario is ASCII: these answer for it from its byte, without
  // the Unicode property tables, and ask the tables for anything else.

  private func isASCIIDigit(at index: Int) -> Bool {
    guard index < source.count, let byte = source.asciiByte(at: index) else { return false }
    return Self.isDigit(byte)
  }

  private func isLetter(at index: Int) -> Bool {
    guard let byte = source.asciiByte(at: index) else { return source[index].isLetter }
    return Self.isLetter(byte)
  }

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  @inline(__always)
  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  private func isHexDigit(at index: Int) -> Bool {
    guard let byte = source.asciiByte(at: index) else { return source[index].isHexDigit }
    return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
      || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
  }

  /// The token from `start` to here (its text is the source's: ``LexedSource/text(of:)``).
  private func token(
    _ shape: TokenShape, from start: (Int, TokenPosition), scalar: Int64 = 0
  ) -> Token {
    Token(shape: shape, location: start.1, offset: start.0, length: index - start.0, scalar: scalar)
  }

  /// The invalid token from `start` to here, its error `message` at `position` kept when the
  /// token is lexed again (``relexed``).
  private mutating func invalid(
    _ message: ParseMessage, at position: TokenPosition, from start: (Int, TokenPosition)
  ) -> Token {
    if relexed != nil {
      let location = located(position)
      relexed?.invalid = (message, location)
    }
    return token(.invalid, from: start)
  }
}
