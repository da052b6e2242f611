import KeychainEngine

/// Every problem the lexer and parser can report, with the values that explain it, and the one
/// table that words them (like swift-syntax's `StaticParserError`).
///
/// A ``ScenarioDiagnostic`` carries its kind, so tests and tools match on the case; ``text`` is
/// the only place the English lives. One voice: a lowercase clause, no final period, names in
/// backquotes. Passcodes are never quoted back.
public enum ParseMessage: Hashable, Sendable {
  case accessControlExpected(found: String)
  case bindingIsNot(_ name: String, is: BindingKind, expected: String)
  case duplicateKey(_ key: String)
  case durationNeedsUnit(_ text: String)
  /// A duration written with a fraction (`1.5s`).
  case durationNotWhole(_ text: String)
  case durationTooLong(_ text: String)
  /// `what` was expected where `found` (a quoted token) is.
  case expected(_ what: String, found: String)
  case extraText(_ found: String)
  case integerTooLarge(_ text: String)
  case invalidDuration(_ text: String)
  case invalidEscape(_ text: String)
  case invalidUnicodeEscape(_ text: String)
  case keyNotValue(_ name: String)
  /// A line longer than the language allows (``StatementCutter/maximumLineLength`` bytes).
  case lineTooLong(limit: Int)
  case mergeNeedsDictionaries
  case negativeCount(_ text: String)
  case negativeDuration(_ text: String)
  /// Brackets, parentheses or `try`s nest deeper than the parser allows.
  case nestingTooDeep(limit: Int)
  case noEntitlementsWithGroups
  case notAccessibility(_ name: String)
  case passcodeNotDigits
  /// `.quit`, `\q`, `quit()`: another shell's way to leave, typed here.
  case quitHabit(_ typed: String)
  case repeatCountTooSmall(_ text: String)
  case reservedName(_ name: String)
  /// A statement, begun on `firstLine`, longer than the language allows.
  case statementTooLong(limit: Int, firstLine: Int)
  case statusOutOfRange(_ text: String)
  case subscriptNil
  case unclosedBracket(_ bracket: Character)
  case unexpectedCharacter(_ character: Character)
  /// An unknown `what` (statement, constant, command...) called `name`, and the nearest known one.
  case unknown(_ what: String, _ name: String, suggestion: String?)
  case unterminatedString
  case valueNotKey(_ name: String)

  /// The message as the diagnostic prints it.
  public var text: String {
    switch self {
    case .accessControlExpected(let found):
      "expected an access control flag such as `.userPresence`, found \(found)"
    case .bindingIsNot(let name, let kind, let expected):
      "`\(name)` is \(kind.article), not \(expected)"
    case .duplicateKey(let key): "duplicate key \(key) in a dictionary literal"
    case .durationNeedsUnit(let text): "`\(text)` needs a unit: ms, s, m, h or d (`\(text)s`)"
    case .durationNotWhole(let text):
      "`\(text)` has a fraction: a duration is whole numbers of a unit (ms, s, m, h or d),"
        + " written together: `1500ms` or `1s500ms` for 1.5 s, `2h30m` for 2.5 h"
    case .durationTooLong(let text): "duration `\(text)` is too long for the simulated clock"
    case .expected(let what, let found): "expected \(what), found \(found)"
    case .extraText(let found): "unexpected \(found) after the end of the statement"
    case .integerTooLarge(let text): "integer `\(text)` does not fit in 64 bits"
    case .invalidDuration(let text):
      "invalid duration `\(text)`; write an integer and a unit (ms, s, m, h, d), as in `1h30m`"
    case .invalidEscape(let text): "invalid escape `\(text)` in a string literal"
    case .invalidUnicodeEscape(let text):
      "invalid unicode escape `\(text)`; write `\\u{` and 1 to 8 hex digits of a scalar, then `}`"
    case .keyNotValue(let name): "`\(name)` is a key, not a value"
    case .lineTooLong(let limit):
      "this line is longer than \(Self.size(limit)), the most a line may hold; nothing from "
        + "here on is read"
    case .mergeNeedsDictionaries: "only dictionaries can be merged with `+`"
    case .negativeCount(let text): "a count cannot be negative: `\(text)`"
    case .negativeDuration(let text): "a duration cannot be negative: `\(text)`"
    case .nestingTooDeep(let limit):
      "brackets and parentheses nest more than \(limit) deep here; flatten the expression"
    case .noEntitlementsWithGroups:
      "`no-entitlements` cannot be combined with groups or `extension-of`: such an app has no "
        + "application-identifier, so it has no keychain access at all"
    case .notAccessibility(let name): "`\(name)` is not a `kSecAttrAccessible` value"
    case .passcodeNotDigits:
      "a passcode is written as digits, or as a string literal for an alphanumeric one"
    case .quitHabit(let typed): "`\(typed)` is not a statement here: type `quit`, or press Ctrl-D"
    case .repeatCountTooSmall(let text): "a repeat count must be at least 1, found `\(text)`"
    case .reservedName(let name): "`\(name)` is a reserved name and cannot be bound"
    case .statementTooLong(let limit, let firstLine):
      "the statement begun on line \(firstLine) is longer than \(Self.size(limit)) here, the "
        + "most a statement may hold; bind its parts with `let` and merge them with `+`"
    case .statusOutOfRange(let text): "`\(text)` is not an OSStatus: it does not fit in 32 bits"
    case .subscriptNil:
      "removing a key with `= nil` is not supported; bind a new dictionary without it"
    case .unclosedBracket(let bracket): "`\(bracket)` is never closed"
    case .unexpectedCharacter(let character): "unexpected character `\(character)`"
    case .unknown(let what, let name, let suggestion):
      suggestion.map { "unknown \(what) `\(name)`; did you mean `\($0)`?" }
        ?? "unknown \(what) `\(name)`"
    case .unterminatedString: "unterminated string literal"
    case .valueNotKey(let name): "`\(name)` is a value, not a key"
    }
  }
}

extension ParseMessage {
  /// The same kind with `transform` applied to each text it quotes from the source (names,
  /// found tokens), so masking a secret reaches the data as well as the message.
  func mappingText(_ transform: (String) -> String) -> ParseMessage {
    switch self {
    case .accessControlExpected(let found): .accessControlExpected(found: transform(found))
    case .bindingIsNot(let name, let kind, let expected):
      .bindingIsNot(transform(name), is: kind, expected: expected)
    case .duplicateKey(let key): .duplicateKey(transform(key))
    case .durationNeedsUnit(let text): .durationNeedsUnit(transform(text))
    case .durationNotWhole(let text): .durationNotWhole(transform(text))
    case .durationTooLong(let text): .durationTooLong(transform(text))
    case .expected(let what, let found): .expected(what, found: transform(found))
    case .extraText(let found): .extraText(transform(found))
    case .integerTooLarge(let text): .integerTooLarge(transform(text))
    case .invalidDuration(let text): .invalidDuration(transform(text))
    case .invalidEscape(let text): .invalidEscape(transform(text))
    case .invalidUnicodeEscape(let text): .invalidUnicodeEscape(transform(text))
    case .keyNotValue(let name): .keyNotValue(transform(name))
    case .negativeCount(let text): .negativeCount(transform(text))
    case .negativeDuration(let text): .negativeDuration(transform(text))
    case .notAccessibility(let name): .notAccessibility(transform(name))
    case .repeatCountTooSmall(let text): .repeatCountTooSmall(transform(text))
    case .reservedName(let name): .reservedName(transform(name))
    case .statusOutOfRange(let text): .statusOutOfRange(transform(text))
    case .unknown(let what, let name, let suggestion):
      .unknown(what, transform(name), suggestion: suggestion)
    case .valueNotKey(let name): .valueNotKey(transform(name))
    case .lineTooLong, .mergeNeedsDictionaries, .nestingTooDeep, .noEntitlementsWithGroups,
      .passcodeNotDigits, .quitHabit, .statementTooLong, .subscriptNil, .unclosedBracket,
      .unexpectedCharacter, .unterminatedString:
      self
    }
  }
}

extension ParseMessage {
  /// "1 MiB (1048576 bytes of UTF-8)", "64 KiB (65536 bytes of UTF-8)": a size limit as the
  /// messages give it.
  static func size(_ bytes: Int) -> String {
    let exact = "\(bytes) bytes of UTF-8"
    if bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB (\(exact))" }
    if bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB (\(exact))" }
    return exact
  }
}

extension BindingKind {
  /// "a dictionary", "an LAContext": how messages name a binding's kind.
  var article: String {
    switch self {
    case .dictionary: "a dictionary"
    case .accessControl: "an access control"
    case .context: "an LAContext"
    case .value: "a value"
    case .result: "a call's result"
    case .packageKeychain: "a package keychain"
    case .key: "a key (SecKey)"
    }
  }
}
