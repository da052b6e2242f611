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
  private let characters: [Character]
  private let file: String
  private var index = 0
  private var line: Int
  private var column = 1
  /// The column where each line's comment starts, by line number.
  private var commentColumns: [Int: Int] = [:]

  /// - Parameters:
  ///   - text: the source.
  ///   - line: the line number of its first line.
  private init(_ text: String, file: String, line: Int) {
    self.source = SourceCharacters(text)
    self.characters = source.characters
    self.file = file
    self.line = line
  }

  /// Lexes `text` to its end.
  static func lex(_ text: String, file: String, firstLine: Int = 1) -> LexedSource {
    var lexer = Lexer(text, file: file, line: firstLine)
    var tokens: [Token] = []
    repeat { tokens.append(lexer.next()) } while tokens.last?.kind != .end
    return LexedSource(
      source: lexer.source, tokens: tokens, commentColumns: lexer.commentColumns,
      firstLine: firstLine)
  }

  /// Every token up to and including ``TokenKind/end``; throws the first invalid one.
  static func tokenize(
    _ text: String, file: String = "<input>", line: Int = 1
  ) throws(ScenarioDiagnostic) -> [Token] {
    let tokens = lex(text, file: file, firstLine: line).tokens
    for token in tokens {
      if case .invalid(let message, let location) = token.kind {
        throw ScenarioDiagnostic(at: location, kind: message)
      }
    }
    return tokens
  }

  // MARK: - Tokens

  /// The next token.
  mutating func next() -> Token {
    skipBlanksAndComments()
    let start = (index, location)
    guard let character = peek() else { return token(.end, from: start) }
    if character == "\"" {
      return stringLiteral()
    }
    if character.isASCIIDigit || (character == "-" && peek(1)?.isASCIIDigit == true) {
      return number()
    }
    if character.isLetterFast || character == "_" {
      let name = take(while: \.isWordCharacter)
      switch name {
      case "true": return token(.boolean(true), from: start)
      case "false": return token(.boolean(false), from: start)
      default: return token(.identifier(name), from: start)
      }
    }
    advance()
    if let punctuation = Punctuation(rawValue: character) {
      return token(.punctuation(punctuation), from: start)
    }
    return token(.invalid(.unexpectedCharacter(character), at: start.1), from: start)
  }

  // MARK: - Numbers and durations

  /// An integer (`-25308`), or a duration when a unit follows the digits (`1h30m`).
  private mutating func number() -> Token {
    let start = (index, location)
    var text = ""
    if peek() == "-" {
      advance()
      text = "-"
    }
    text += take(while: \.isWordCharacter)
    func invalid(_ message: ParseMessage) -> Token {
      token(.invalid(message, at: start.1), from: start)
    }
    guard text.contains(where: \.isLetter) else {
      guard Int64(text) != nil else { return invalid(.integerTooLarge(text)) }
      return token(.integer(text), from: start)
    }
    guard !text.hasPrefix("-") else { return invalid(.negativeDuration(text)) }
    guard let duration = Lexer.duration(text) else {
      let tooLong = Lexer.duration(text, checkingOverflow: false) != nil
      return invalid(tooLong ? .durationTooLong(text) : .invalidDuration(text))
    }
    return token(.duration(duration), from: start)
  }

  /// Parses `1h30m`-style text: one or more integers, each followed by a unit. Nil when the
  /// text is not a duration or, if `checkingOverflow`, its milliseconds overflow 64 bits.
  static func duration(_ text: String, checkingOverflow: Bool = true) -> SimulatedDuration? {
    var total: Int64 = 0
    var rest = Substring(text)
    while !rest.isEmpty {
      let digits = rest.prefix(while: \.isASCIIDigit)
      rest = rest.dropFirst(digits.count)
      let unit = rest.prefix(while: \.isLetter)
      rest = rest.dropFirst(unit.count)
      guard let amount = Int64(digits) ?? (checkingOverflow || digits.isEmpty ? nil : 0),
        let size = SimulatedDuration.units.first(where: { $0.name == unit })?.milliseconds
      else { return nil }
      let (product, overflow) = amount.multipliedReportingOverflow(by: size)
      let (sum, overflow2) = total.addingReportingOverflow(product)
      guard !checkingOverflow || (!overflow && !overflow2) else { return nil }
      total = sum
    }
    return SimulatedDuration(milliseconds: total)
  }

  // MARK: - Strings

  /// `"..."` with the escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\0`, `\'` and `\u{...}`.
  /// A string ends on its line. A bad escape makes the whole literal, to its closing quote,
  /// one invalid token.
  private mutating func stringLiteral() -> Token {
    let start = (index, location)
    advance()
    var value = ""
    var problem: (ParseMessage, SourceLocation)?
    while let character = peek(), character != "\"", !character.isNewlineFast {
      if character == "\\" {
        let at = location
        switch escape() {
        case .success(let scalar): value.unicodeScalars.append(scalar)
        case .failure(let message): problem = problem ?? (message, at)
        }
      } else {
        value.append(character)
        advance()
      }
    }
    guard peek() == "\"" else {
      let (message, at) = problem ?? (.unterminatedString, start.1)
      return token(.invalid(message, at: at), from: start)
    }
    advance()
    if let (message, at) = problem { return token(.invalid(message, at: at), from: start) }
    return token(.string(value), from: start)
  }

  /// What an escape sequence stands for, or what is wrong with it.
  private enum Escape {
    case success(Unicode.Scalar)
    case failure(ParseMessage)
  }

  /// One escape sequence, the backslash included; a bad one is consumed as far as it goes.
  private mutating func escape() -> Escape {
    advance()
    guard let character = peek(), !character.isNewline else {
      return .failure(.unterminatedString)
    }
    advance()
    switch character {
    case "\"": return .success("\"")
    case "\\": return .success("\\")
    case "'": return .success("'")
    case "n": return .success("\n")
    case "t": return .success("\t")
    case "r": return .success("\r")
    case "0": return .success("\0")
    case "u":
      guard peek() == "{" else { return .failure(.invalidEscape("\\u")) }
      advance()
      let hex = take(while: \.isHexDigit)
      guard peek() == "}" else { return .failure(.invalidUnicodeEscape("\\u{\(hex)")) }
      advance()
      guard hex.count <= 8, let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code)
      else { return .failure(.invalidUnicodeEscape("\\u{\(hex)}")) }
      return .success(scalar)
    default:
      return .failure(.invalidEscape("\\\(character)"))
    }
  }

  // MARK: - Cursor

  private var location: SourceLocation { SourceLocation(file: file, line: line, column: column) }

  private func peek(_ offset: Int = 0) -> Character? {
    index + offset < characters.count ? characters[index + offset] : nil
  }

  private mutating func advance() {
    guard index < characters.count else { return }
    if characters[index].isNewlineFast {
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

  /// Skips blanks, newlines, and `#` or `//` comments to the end of their line, noting where
  /// each comment starts.
  private mutating func skipBlanksAndComments() {
    while let character = peek() {
      if character.isWhitespaceFast {
        advance()
      } else if character == "#" || (character == "/" && peek(1) == "/") {
        commentColumns[line] = column
        while let next = peek(), !next.isNewlineFast { advance() }
      } else {
        return
      }
    }
  }

  private func token(_ kind: TokenKind, from start: (Int, SourceLocation)) -> Token {
    Token(
      kind: kind, location: start.1, text: source.text(start.0..<index), offset: start.0)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }

  // Nearly every character of a scenario is ASCII: these answer `isLetter`, `isNumber`,
  // `isWhitespace` and `isNewline` for it without the Unicode property tables (which were a
  // tenth of the lexer's time), and ask the tables for anything else.

  /// The character's byte if it is one ASCII byte. Cheaper than `asciiValue`, which compares
  /// the character with `\r\n` first; `\r\n` (two bytes) is left to the tables here.
  private var asciiByte: UInt8? {
    let bytes = utf8
    return bytes.count == 1 ? bytes.first : nil
  }

  fileprivate var isLetterFast: Bool {
    guard let byte = asciiByte else { return isLetter }
    return (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
  }

  /// A letter, a digit or `_`: what continues an identifier, an integer or a duration.
  fileprivate var isWordCharacter: Bool {
    guard let byte = asciiByte else { return isLetter || isNumber }
    return (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
      || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
  }

  /// `\t`, `\n`, `\v`, `\f`, `\r` (and `\r\n`), a space, or any other Unicode blank.
  fileprivate var isWhitespaceFast: Bool {
    guard let byte = asciiByte else { return isWhitespace }
    return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
  }

  /// `\n`, `\v`, `\f`, `\r` (and `\r\n`), or any other Unicode line break.
  fileprivate var isNewlineFast: Bool {
    guard let byte = asciiByte else { return isNewline }
    return byte >= 0x0A && byte <= 0x0D
  }
}
