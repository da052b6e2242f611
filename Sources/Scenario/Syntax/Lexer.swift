/// Splits one statement's text into tokens, on demand.
///
/// The parser pulls tokens one at a time so it can ask for a bare ``TokenKind/word(_:)`` where
/// an argument is not an identifier (bundle ids with dots and dashes, team ids starting with a
/// digit). Newlines are blanks: a statement's continuation lines are part of its text.
public struct Lexer: Sendable {
  private let characters: [Character]
  private let file: String
  private var index = 0
  private var line: Int
  private var column: Int

  /// - Parameters:
  ///   - text: the statement, continuation lines joined with `\n`.
  ///   - line, column: where `text` starts in its file.
  public init(_ text: String, file: String, line: Int = 1, column: Int = 1) {
    self.characters = Array(text)
    self.file = file
    self.line = line
    self.column = column
  }

  /// Every token up to and including ``TokenKind/end``, in normal mode.
  public static func tokenize(
    _ text: String, file: String = "<input>", line: Int = 1
  ) throws(ScenarioDiagnostic) -> [Token] {
    var lexer = Lexer(text, file: file, line: line)
    var tokens: [Token] = []
    repeat { tokens.append(try lexer.next()) } while tokens.last?.kind != .end
    return tokens
  }

  /// The offset, in characters, of the next character to read.
  var offset: Int { index }

  /// Moves back to the start of `token`, which this lexer produced.
  mutating func rewind(to token: Token) {
    index = token.offset
    line = token.location.line
    column = token.location.column
  }

  // MARK: - Normal mode

  /// The next token.
  public mutating func next() throws(ScenarioDiagnostic) -> Token {
    skipBlanksAndComments()
    let start = (index, location)
    guard let character = peek() else { return token(.end, from: start) }
    if character == "\"" {
      return try stringLiteral()
    }
    if character.isASCIIDigit || (character == "-" && peek(1)?.isASCIIDigit == true) {
      return try number()
    }
    if character.isLetter || character == "_" {
      let name = take(while: { $0.isLetter || $0.isNumber || $0 == "_" })
      switch name {
      case "true": return token(.boolean(true), from: start)
      case "false": return token(.boolean(false), from: start)
      default: return token(.identifier(name), from: start)
      }
    }
    if let punctuation = Punctuation(rawValue: character) {
      advance()
      return token(.punctuation(punctuation), from: start)
    }
    throw diagnostic(.unexpectedCharacter(character), at: start.1)
  }

  // MARK: - Word mode

  /// The next bare word: every character up to a blank, a comma or a comment. A string
  /// literal, a comma and the end come back as their own kinds.
  mutating func nextWord() throws(ScenarioDiagnostic) -> Token {
    skipBlanksAndComments()
    let start = (index, location)
    guard let character = peek() else { return token(.end, from: start) }
    if character == "\"" { return try stringLiteral() }
    if character == "," {
      advance()
      return token(.punctuation(.comma), from: start)
    }
    let word = take(while: { !$0.isWhitespace && $0 != "," && $0 != "\"" && $0 != "#" })
    return token(.word(word), from: start)
  }

  // MARK: - Numbers and durations

  /// An integer (`-25308`), or a duration when a unit follows the digits (`1h30m`).
  private mutating func number() throws(ScenarioDiagnostic) -> Token {
    let start = (index, location)
    var text = ""
    if peek() == "-" {
      advance()
      text = "-"
    }
    text += take(while: { $0.isLetter || $0.isNumber || $0 == "_" })
    guard text.contains(where: \.isLetter) else {
      guard Int64(text) != nil else { throw diagnostic(.integerTooLarge(text), at: start.1) }
      return token(.integer(text), from: start)
    }
    guard !text.hasPrefix("-") else { throw diagnostic(.negativeDuration(text), at: start.1) }
    guard let duration = Lexer.duration(text) else {
      let tooLong = Lexer.duration(text, checkingOverflow: false) != nil
      throw diagnostic(tooLong ? .durationTooLong(text) : .invalidDuration(text), at: start.1)
    }
    return token(.duration(duration), from: start)
  }

  /// Parses `1h30m`-style text: one or more integers, each followed by a unit. Nil when the
  /// text is not a duration or, if `checkingOverflow`, its milliseconds overflow 64 bits.
  static func duration(_ text: String, checkingOverflow: Bool = true) -> ScenarioDuration? {
    var total: Int64 = 0
    var rest = Substring(text)
    while !rest.isEmpty {
      let digits = rest.prefix(while: \.isASCIIDigit)
      rest = rest.dropFirst(digits.count)
      let unit = rest.prefix(while: \.isLetter)
      rest = rest.dropFirst(unit.count)
      guard let amount = Int64(digits) ?? (checkingOverflow || digits.isEmpty ? nil : 0),
        let size = ScenarioDuration.units.first(where: { $0.name == unit })?.milliseconds
      else { return nil }
      let (product, overflow) = amount.multipliedReportingOverflow(by: size)
      let (sum, overflow2) = total.addingReportingOverflow(product)
      guard !checkingOverflow || (!overflow && !overflow2) else { return nil }
      total = sum
    }
    return ScenarioDuration(milliseconds: total)
  }

  // MARK: - Strings

  /// `"..."` with the escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, `\'` and `\u{...}`.
  /// A string ends on its line.
  private mutating func stringLiteral() throws(ScenarioDiagnostic) -> Token {
    let start = (index, location)
    advance()
    var value = ""
    while let character = peek(), character != "\"" {
      guard !character.isNewline else { break }
      if character == "\\" {
        value.unicodeScalars.append(try escape())
      } else {
        value.append(character)
        advance()
      }
    }
    guard peek() == "\"" else { throw diagnostic(.unterminatedString, at: start.1) }
    advance()
    return token(.string(value), from: start)
  }

  /// One escape sequence, the backslash included.
  private mutating func escape() throws(ScenarioDiagnostic) -> Unicode.Scalar {
    let at = location
    advance()
    guard let character = peek() else { throw diagnostic(.unterminatedString, at: at) }
    advance()
    switch character {
    case "\"": return "\""
    case "\\": return "\\"
    case "'": return "'"
    case "n": return "\n"
    case "t": return "\t"
    case "r": return "\r"
    case "0": return "\0"
    case "u":
      guard peek() == "{" else { throw diagnostic(.invalidEscape("\\u"), at: at) }
      advance()
      let hex = take(while: \.isHexDigit)
      guard peek() == "}" else { throw diagnostic(.invalidUnicodeEscape("\\u{\(hex)"), at: at) }
      advance()
      guard hex.count <= 8, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code)
      else { throw diagnostic(.invalidUnicodeEscape("\\u{\(hex)}"), at: at) }
      return scalar
    default:
      throw diagnostic(.invalidEscape("\\\(character)"), at: at)
    }
  }

  // MARK: - Cursor

  private var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

  private func peek(_ offset: Int = 0) -> Character? {
    index + offset < characters.count ? characters[index + offset] : nil
  }

  private mutating func advance() {
    guard index < characters.count else { return }
    if characters[index].isNewline {
      line += 1
      column = 1
    } else {
      column += 1
    }
    index += 1
  }

  private mutating func take(while predicate: (Character) -> Bool) -> String {
    var text = ""
    while let character = peek(), predicate(character) {
      text.append(character)
      advance()
    }
    return text
  }

  /// Skips blanks, newlines, and `#` or `//` comments to the end of their line.
  private mutating func skipBlanksAndComments() {
    while let character = peek() {
      if character.isWhitespace {
        advance()
      } else if character == "#" || (character == "/" && peek(1) == "/") {
        while let next = peek(), !next.isNewline { advance() }
      } else {
        return
      }
    }
  }

  private func token(_ kind: TokenKind, from start: (Int, SourceLocation)) -> Token {
    Token(
      kind: kind, location: start.1, text: String(characters[start.0..<index]), offset: start.0)
  }

  private func diagnostic(_ message: ParseMessage, at location: SourceLocation)
    -> ScenarioDiagnostic
  {
    ScenarioDiagnostic(at: location, kind: message)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
