import DeviceState
import KeychainEngine

/// One lexical unit of a statement: what it is and where it is in its source, a plain value.
///
/// Why no text: a token whose kind held its `String` (a name, a literal's value) retained or
/// released that text at every copy, every read of its kind and its destruction, and the lexer
/// made a `String` for every name and literal (issue 29: about a third of the parse). A token's
/// text is its source's, read when asked (``LexedSource/text(of:)``); ``LexedSource/kind(of:)``
/// gives the ``TokenKind`` with its payload (a string literal's value, an invalid token's
/// error), made only then.
package struct Token: Hashable, Sendable {
  /// What the token is (a punctuation mark with its mark).
  let shape: TokenShape
  /// Where the token starts in its file (which the lexed source knows).
  var location: TokenPosition
  /// The offset of the first character in the lexer's input: where a bare word read from the
  /// source starts, and where a masked secret is.
  var offset: Int
  /// How many characters the token spans: `text.count`, known without counting them.
  var length: Int
  /// An identifier's index in ``KnownName/table``, found by the lexer; -1 for any other token.
  var knownName: Int32
  /// A boolean's value (1 for `true`), a duration's milliseconds; 0 for any other token.
  let scalar: Int64

  init(
    shape: TokenShape, location: TokenPosition, offset: Int, length: Int,
    knownName: Int32 = -1, scalar: Int64 = 0
  ) {
    self.shape = shape
    self.location = location
    self.offset = offset
    self.length = length
    self.knownName = knownName
    self.scalar = scalar
  }

  /// How a diagnostic names the end: no source text, so never a secret.
  static let endQuoted = "the end of the statement"

  /// The offset just past the token.
  var endOffset: Int { offset + length }

  /// The raw key when the token is a key constant's name (`kSecAttrAccount`: `"acct"`).
  var constantKey: String? { knownName < 0 ? nil : KnownName.table.keys[Int(knownName)] }

  /// The value when the token is a value constant's name (`kSecClassGenericPassword`).
  var constantValue: SecValue? {
    knownName < 0 ? nil : KnownName.table.values[Int(knownName)]
  }

  /// Whether the token is an Apple key or value constant's name (which a `let` may not bind).
  var isConstantName: Bool {
    knownName >= 0 && KnownName.table.isConstant[Int(knownName)]
  }

  /// Whether the token is a name a `let` may not bind (``Vocabulary/reservedNames``).
  var isReservedName: Bool {
    knownName >= 0 && KnownName.table.isReserved[Int(knownName)]
  }
}

/// Where a token starts: its line and column, without the file name, which is the same for
/// every token of a source. Why: a token is copied and freed often, and the file name in each
/// one was retained and released every time (taking it out: 397 -> 384 instructions per byte
/// of `keychain-bench --parser`, issue 29).
package struct TokenPosition: Hashable, Sendable {
  var line: Int
  var column: Int

  init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  init(_ location: SourceLocation) {
    self.init(line: location.line, column: location.column)
  }
}

extension SourceLocation {
  /// The location in `file` of a token.
  init(file: String, _ position: TokenPosition) {
    self.init(file: file, line: position.line, column: position.column)
  }
}

/// What a token is, with its payload: a token's kind as the parser's messages, the diagnostic
/// masking and the lexer's tests read it, made from the token and its source when asked
/// (``LexedSource/kind(of:)``).
package enum TokenKind: Hashable, Sendable {
  /// `kSecClass`, `device`, `ctx`: a letter or `_`, then letters, digits or `_`.
  case identifier(String)
  /// A string literal, its escapes resolved.
  case string(String)
  /// An integer as written, sign and leading zeros kept (`-25308`, `0000`).
  case integer(String)
  /// `true` or `false`.
  case boolean(Bool)
  /// `500ms`, `1h30m`.
  case duration(SimulatedDuration)
  /// One of `[ ] ( ) : , . + = & ! ?`.
  case punctuation(Punctuation)
  /// A bare word, read only where the parser asks for one: a bundle id (`com.example.my-app`),
  /// a team id (`9ABCDE1234`), an access group (`$(AppIdentifierPrefix)shared`), a passcode.
  case word(String)
  /// Text that is no token (`"open`, `"a\qb"`, `1hr`, `@`): the error, and where it is, reported
  /// if the parser reads it as a token.
  /// (Indirect: a message and a location would make every token several times larger.)
  indirect case invalid(ParseMessage, at: SourceLocation)
  /// The end of the statement.
  case end
}

/// A ``TokenKind`` without its payload but a punctuation mark: a trivial value, read from a
/// token in place without copying any text.
package enum TokenShape: Hashable, Sendable {
  case identifier, string, integer, boolean, duration, word, invalid, end
  case punctuation(Punctuation)

  init(_ kind: TokenKind) {
    switch kind {
    case .identifier: self = .identifier
    case .string: self = .string
    case .integer: self = .integer
    case .boolean: self = .boolean
    case .duration: self = .duration
    case .punctuation(let mark): self = .punctuation(mark)
    case .word: self = .word
    case .invalid: self = .invalid
    case .end: self = .end
    }
  }
}

/// The punctuation the language uses.
package enum Punctuation: Character, Hashable, Sendable, CaseIterable {
  case leftBracket = "["
  case rightBracket = "]"
  case leftParen = "("
  case rightParen = ")"
  case colon = ":"
  case comma = ","
  case dot = "."
  case plus = "+"
  case equals = "="
  case ampersand = "&"
  case exclamation = "!"
  case question = "?"

  /// Whether the mark opens or closes a bracket or a parenthesis, which the statement cutter
  /// counts.
  var isBracket: Bool {
    self == .leftBracket || self == .rightBracket || self == .leftParen || self == .rightParen
  }

  /// The punctuation mark that is this ASCII byte, if any: the lexer reads bytes. A switch,
  /// not a table: reaching a global table went through its `swift_once` at every mark (issue
  /// 29). `ParsingLexerTests` checks it against the raw values.
  init?(byte: UInt8) {
    switch byte {
    case UInt8(ascii: "["): self = .leftBracket
    case UInt8(ascii: "]"): self = .rightBracket
    case UInt8(ascii: "("): self = .leftParen
    case UInt8(ascii: ")"): self = .rightParen
    case UInt8(ascii: ":"): self = .colon
    case UInt8(ascii: ","): self = .comma
    case UInt8(ascii: "."): self = .dot
    case UInt8(ascii: "+"): self = .plus
    case UInt8(ascii: "="): self = .equals
    case UInt8(ascii: "&"): self = .ampersand
    case UInt8(ascii: "!"): self = .exclamation
    case UInt8(ascii: "?"): self = .question
    default: return nil
    }
  }
}
