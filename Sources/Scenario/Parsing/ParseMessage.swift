/// Every message the lexer and parser can report, in one alphabetised table (STYLE §4, like
/// swift-syntax's `StaticParserError`).
///
/// One voice: a lowercase clause, no final period, names in backquotes. Passcodes are never
/// quoted back.
struct ParseMessage: Hashable, Sendable {
  let text: String

  init(_ text: String) { self.text = text }

  static func accessControlExpected(found: String) -> Self {
    Self("expected an access control flag such as `.userPresence`, found \(found)")
  }
  static func bindingIsNot(_ name: String, is kind: BindingKind, expected: String) -> Self {
    Self("`\(name)` is \(kind.article), not \(expected)")
  }
  static func duplicateKey(_ key: String) -> Self {
    Self("duplicate key \(key) in a dictionary literal")
  }
  static func durationNeedsUnit(_ text: String) -> Self {
    Self("`\(text)` needs a unit: ms, s, m, h or d (`\(text)s`)")
  }
  static func durationTooLong(_ text: String) -> Self {
    Self("duration `\(text)` is too long for the simulated clock")
  }
  static func expected(_ what: String, found: String) -> Self {
    Self("expected \(what), found \(found)")
  }
  static func extraText(_ found: String) -> Self {
    Self("unexpected \(found) after the end of the statement")
  }
  static func integerTooLarge(_ text: String) -> Self {
    Self("integer `\(text)` does not fit in 64 bits")
  }
  static func invalidDuration(_ text: String) -> Self {
    Self("invalid duration `\(text)`; write an integer and a unit (ms, s, m, h, d), as in `1h30m`")
  }
  static func invalidEscape(_ text: String) -> Self {
    Self("invalid escape `\(text)` in a string literal")
  }
  static func invalidUnicodeEscape(_ text: String) -> Self {
    Self(
      "invalid unicode escape `\(text)`; write `\\u{` and 1 to 8 hex digits of a scalar, then `}`")
  }
  static func keyNotValue(_ name: String) -> Self {
    Self("`\(name)` is a key, not a value")
  }
  static let mergeNeedsDictionaries = Self("only dictionaries can be merged with `+`")
  static func negativeCount(_ text: String) -> Self {
    Self("a count cannot be negative: `\(text)`")
  }
  static func negativeDuration(_ text: String) -> Self {
    Self("a duration cannot be negative: `\(text)`")
  }
  static let noEntitlementsWithGroups = Self(
    "`no-entitlements` cannot be combined with groups or `extension-of`: such an app has no "
      + "application-identifier, so it has no keychain access at all")
  static func notAccessibility(_ name: String) -> Self {
    Self("`\(name)` is not a `kSecAttrAccessible` value")
  }
  static let passcodeNotDigits = Self(
    "a passcode is written as digits, or as a string literal for an alphanumeric one")
  static func repeatCountTooSmall(_ text: String) -> Self {
    Self("a repeat count must be at least 1, found `\(text)`")
  }
  static func reservedName(_ name: String) -> Self {
    Self("`\(name)` is a reserved name and cannot be bound")
  }
  static func statusOutOfRange(_ text: String) -> Self {
    Self("`\(text)` is not an OSStatus: it does not fit in 32 bits")
  }
  static let subscriptNil = Self(
    "removing a key with `= nil` is not supported; bind a new dictionary without it")
  static func unclosedBracket(_ bracket: Character) -> Self {
    Self("`\(bracket)` is never closed")
  }
  static func unexpectedCharacter(_ character: Character) -> Self {
    Self("unexpected character `\(character)`")
  }
  static func unknown(_ what: String, _ name: String, suggestion: String?) -> Self {
    guard let suggestion else { return Self("unknown \(what) `\(name)`") }
    return Self("unknown \(what) `\(name)`; did you mean `\(suggestion)`?")
  }
  static let unterminatedString = Self("unterminated string literal")
  static func valueNotKey(_ name: String) -> Self {
    Self("`\(name)` is a value, not a key")
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
    }
  }
}
