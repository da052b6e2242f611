import Devices
import Foundation
import KeychainEngine

/// `expect` (docs/scenario-language.md §9) and the REPL words `help` and `explain`.
extension StatementParser {
  mutating func expectation() throws(Failure) -> Expectation {
    if let status = knownStatusNext() {
      skip()
      return .status(status)
    }
    let token = try advance()
    switch source.kind(of: token) {
    case .identifier("result"):
      // The first case: the commonest expectation after a status, and the cases are tried in
      // turn, each comparing strings (issue 29). The next token's text made only when it is a
      // name: `expect result "..."` decoded its literal here, to be read again as the
      // expected value.
      try checkNext()
      if position < end, let name = identifierText(at: position), Vocabulary.dateKeys.contains(name) {
        return try dateExpectation()
      }
      if try consume(identifier: Vocabulary.ResultWord.has.rawValue) {
        try expect(identifier: Vocabulary.ResultWord.no.rawValue)
        _ = try consume(identifier: Vocabulary.ResultWord.key.rawValue)
        return .resultLacks(try key())
      }
      if try consume(identifier: Vocabulary.keychainItemReference) { return .resultIsItemReference }
      let strict = try consume(identifier: Vocabulary.ResultWord.strictly.rawValue)
      // What a query is expected to return is often the item data itself.
      literalsAreSecret = true
      defer { literalsAreSecret = false }
      let expected = try value()
      return strict ? .strictResult(expected) : .result(expected)
    case .integer:
      return .status(try status(token))
    case .boolean(let value):
      return .bool(value)
    case .identifier("success"):
      return .success
    case .identifier("prompt"):
      return .prompt
    case .identifier(Vocabulary.ExpectWord.refused.rawValue):
      return .refused
    case .identifier(Vocabulary.ExpectWord.prompts.rawValue):
      return .promptCount(try count())
    case .identifier(Vocabulary.ExpectWord.sheet.rawValue):
      try expect(identifier: Vocabulary.sheetOffers)
      var offered = [try choice("sheet answer", UserResponse.Kind.self)]
      while try consume(.comma) {
        offered.append(try choice("sheet answer", UserResponse.Kind.self))
      }
      return .sheetOffers(offered)
    case .identifier("no"):
      return try choice("`expect no` check", [("result", .noResult), ("prompt", .noPrompt)])
    case .identifier("count"):
      return .count(try count())
    case .identifier(let name) where boundKind(of: name) == .context:
      return try contextExpectation(name)
    case .identifier("device"):
      return .device(
        try choice("device state", ExpectedLockState.allCases.map { ($0.rawValue, $0) }))
    case .identifier("LAError"):
      return .laError(try laError())
    case .identifier(let name):
      if let code = PackageError.Code(rawValue: name) { return .packageError(code) }
      // A known status is taken as found: ``status(_:)`` would look its name up again.
      if name != Vocabulary.noErr, let status = OSStatus(nameOrNumber: name) {
        return .status(status)
      }
      if name.hasPrefix("errSec") || name == Vocabulary.noErr {
        return .status(try status(token))
      }
      let suggestion = Suggestion.nearest(
        to: name,
        in: Vocabulary.ExpectWord.allCases.map(\.rawValue) + ["false", "true"]
          + OSStatus.known.map(\.name) + Vocabulary.words(of: PackageError.Code.self))
      throw failure(.unknown("expectation", name, suggestion: suggestion), at: token)
    default:
      throw failure(
        .expected("what to expect, such as `errSecSuccess`", found: quoted(token)), at: token)
    }
  }

  /// The status the next token names when it is an Apple status name (`errSecSuccess`, most
  /// expectations) that ``expectation()`` would take as found: told in place, from the status
  /// its known name carries (``KnownName/status``), before the comparisons with the other words
  /// of `expect` (none of which starts with `errSec`), without copying the token or looking the
  /// name up in `OSStatus`'s table (issue 29). Nil for anything else, left to
  /// ``expectation()``, which finds any other status name there as before.
  private mutating func knownStatusNext() -> OSStatus? {
    guard position < end, source.tokens[position].shape == .identifier else { return nil }
    let known = source.tokens[position].knownName
    guard known >= 0, let status = KnownName.table.statuses[Int(known)] else { return nil }
    guard statusNamesMayBeBound else { return status }  // no binding can name a context so
    guard let name = identifierText(at: position), boundKind(of: name) != .context else {
      return nil
    }
    return status
  }

  /// After `expect result`: `kSecAttrModificationDate later than created`, `earlier than`, or
  /// `== "2025-01-01T00:00:00Z"`.
  private mutating func dateExpectation() throws(Failure) -> Expectation {
    let key = try key()
    let comparison: DateComparison
    if try consume(identifier: Vocabulary.DateWord.later.rawValue) {
      comparison = .later
    } else if try consume(identifier: Vocabulary.DateWord.earlier.rawValue) {
      comparison = .earlier
    } else {
      try expectEquality(allowingNot: false)
      comparison = .equal
    }
    if comparison != .equal { try expect(identifier: Vocabulary.DateWord.than.rawValue) }
    let token = try advance()
    switch source.kind(of: token) {
    case .string(let text):
      guard let date = ISO8601DateFormatter().date(from: text) else {
        throw failure(
          .expected("a date such as \"2025-01-01T00:00:00Z\"", found: quoted(token)), at: token)
      }
      return .resultDate(key: key, comparison, .literal(date))
    case .identifier(let name) where isBound(name):
      return .resultDate(key: key, comparison, .binding(name))
    default:
      throw failure(
        .expected(
          "a date literal or a result bound by `let`, such as `created`", found: quoted(token)),
        at: token)
    }
  }

  /// A non-negative count, as in `expect count 2` and `expect prompts 2`.
  private mutating func count() throws(Failure) -> Int {
    let count = try advance()
    guard case .integer(let text) = source.kind(of: count), let number = Int(text) else {
      throw failure(.expected("a count such as `1`", found: quoted(count)), at: count)
    }
    guard number >= 0 else { throw failure(.negativeCount(text), at: count) }
    return number
  }

  /// After `expect ctx`: `.biometryType == .faceID` or
  /// `.evaluatedPolicyDomainState ==|!= other.evaluatedPolicyDomainState`.
  private mutating func contextExpectation(_ name: String) throws(Failure) -> Expectation {
    try expect(.dot, "`.` after `\(name)`")
    let property = try choice(
      "LAContext property", Vocabulary.ContextProperty.allCases.map { ($0.rawValue, $0) })
    switch property {
    case .biometryType:
      try expectEquality(allowingNot: false)
      _ = try consume(identifier: Vocabulary.biometryTypeName)
      try expect(.dot, "`.` before the biometry type, as in `.faceID`")
      let kind = try choice("biometry type", BiometryKind.allCases.map { ($0.rawValue, $0) })
      return .biometryType(context: name, kind)
    case .evaluatedPolicyDomainState:
      let equal = try expectEquality(allowingNot: true)
      if try consume(identifier: "nil") { return .domainStateIsNil(name, isNil: equal) }
      let (other, token) = try identifier(
        "another LAContext, as in `ctx.evaluatedPolicyDomainState`")
      guard isBound(other) else {
        throw failure(.unknown("name", other, suggestion: nil), at: token)
      }
      try requireBinding(other, .context, at: token)
      try expect(.dot, "`.` after `\(other)`")
      try expect(identifier: Vocabulary.ContextProperty.evaluatedPolicyDomainState.rawValue)
      return .domainState(name, equal: equal, other)
    }
  }

  /// `==` (true) or, when allowed, `!=` (false).
  @discardableResult
  private mutating func expectEquality(allowingNot: Bool) throws(Failure) -> Bool {
    let first = try advance()
    let equal: Bool
    switch source.kind(of: first) {
    case .punctuation(.equals): equal = true
    case .punctuation(.exclamation) where allowingNot: equal = false
    default:
      throw failure(
        .expected(allowingNot ? "`==` or `!=`" : "`==`", found: quoted(first)), at: first)
    }
    try expect(.equals, equal ? "`==`" : "`!=`")
    return equal
  }

  /// An OSStatus by Apple's name or by number (`noErr` is 0, as in MacTypes.h).
  private func status(_ token: Token) throws(Failure) -> OSStatus {
    switch source.kind(of: token) {
    case .integer(let text):
      guard let number = Int32(text) else {
        throw failure(.statusOutOfRange(text), at: token)
      }
      return OSStatus(rawValue: number)
    case .identifier(Vocabulary.noErr):
      return .errSecSuccess
    case .identifier(let name):
      if let status = OSStatus(nameOrNumber: name) { return status }
      let suggestion = Suggestion.nearest(to: name, in: OSStatus.known.map(\.name))
      throw failure(.unknown("OSStatus", name, suggestion: suggestion), at: token)
    default:
      throw failure(
        .expected("an OSStatus such as `errSecItemNotFound`", found: quoted(token)), at: token)
    }
  }

  /// After `LAError`: `.userCancel` (also `.Code.userCancel`, and the deprecated Touch ID names).
  private mutating func laError() throws(Failure) -> LAErrorCode {
    try expect(.dot, "`.` after `LAError`")
    var (name, token) = try identifier("an LAError code such as `userCancel`")
    if name == "Code", try consume(.dot) {
      (name, token) = try identifier("an LAError code such as `userCancel`")
    }
    if let error = LAErrorCode(name: name) { return error }
    let suggestion = Suggestion.nearest(to: name, in: LAErrorCode.allSpellings)
    throw failure(.unknown("LAError code", name, suggestion: suggestion), at: token)
  }

  // MARK: - REPL words

  /// The rest of the line after `help`, as words; nil when there is none.
  mutating func helpTopic() throws(Failure) -> String? {
    var words: [String] = []
    while true {
      let token = try word()
      switch source.kind(of: token) {
      case .word(let text), .string(let text): words.append(text)
      case .end:
        pushBack(token)
        return words.isEmpty ? nil : words.joined(separator: " ")
      default: words.append(text(of: token))
      }
    }
  }

  /// `explain errSecInteractionNotAllowed`, `explain -25308`, `explain LAError.userCancel`.
  /// `explain` alone explains the last outcome; a number or a bare name is resolved as
  /// `keychain-sim explain` resolves it (`explain 25308`, `explain notInteractive`).
  mutating func explainSubject() throws(Failure) -> ExplainSubject {
    let token = try advance()
    if source.isIdentifier(token, "LAError") { return .laError(try laError()) }
    switch source.kind(of: token) {
    case .end:
      pushBack(token)
      return .lastOutcome
    case .integer(let text), .identifier(let text):
      do {
        return try ExplainSubject.parse(text)
      } catch {
        if token.shape == .integer {
          throw failure(.unknown("OSStatus", text, suggestion: nil), at: token)
        }
        throw failure(.unknown("OSStatus", text, suggestion: error.suggestion), at: token)
      }
    default:
      throw failure(
        .expected("an OSStatus or an LAError to explain", found: quoted(token)), at: token)
    }
  }
}
