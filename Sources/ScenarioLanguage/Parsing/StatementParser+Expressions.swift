import Foundation
import KeychainEngine

/// Values: dictionary and array literals, merges, constants, literals, `Data(...)`,
/// `SecAccessControlCreateWithFlags(...)` and `LAContext()` (docs/scenario-language.md §6, §8).
extension StatementParser {
  // MARK: - Values

  /// A value: primaries joined by `+` (dictionary merges, left-associative), with any
  /// `as <Type>` casts, which are ignored. `firstName` is the next token's text when the caller
  /// has made it (a name), so that it is not made again.
  mutating func value(firstName: String? = nil) throws(Failure) -> Expr {
    try value(after: try primary(firstName: firstName))
  }

  /// The rest of a value whose first primary, `first`, has been read: its postfix `!` and
  /// casts, then the merge it may start. Apart so that ``dictionary(_:)`` can start a value
  /// with the bound name it has just checked, which the primary looked up twice more.
  @inline(__always)
  private mutating func value(after first: consuming Expr) throws(Failure) -> Expr {
    try skipPostfix()
    guard try isNext(.plus) else { return first }
    // Each operand is moved into the merge as it is read; of the left one, only whether it is
    // a dictionary is kept (keeping the operand itself copied each one; issue 29).
    var leftIsDictionary = isDictionary(first)
    var operands: [Expr] = []
    // A merge of two, nearly always: room for both at once (grown from one operand to two,
    // the array was allocated twice and the first operand moved; issue 29).
    operands.reserveCapacity(2)
    Self.appendFlattened(consume first, to: &operands)
    while try isNext(.plus) {
      // The `+` read in place, copied only for the message (issue 29).
      let plus = position
      skip()
      let right = try castPrimary()
      guard leftIsDictionary, isDictionary(right) else {
        throw failure(.mergeNeedsDictionaries, at: token(at: plus))
      }
      Self.appendFlattened(consume right, to: &operands)
      leftIsDictionary = true
    }
    return .merge(operands)
  }

  /// Appends a merge operand; a parenthesised merge adds its operands (merging is associative).
  private static func appendFlattened(_ expr: consuming Expr, to operands: inout [Expr]) {
    if case .merge(let inner) = expr { operands += inner } else { operands.append(expr) }
  }

  /// A value that must be a dictionary: a query or attribute argument.
  mutating func dictionary(_ what: String) throws(Failure) -> Expr {
    // The first token read in place (``token(at:)`` copies it for a message only).
    try checkNext()
    let start = position
    // A name's text, made once for the check here and the value (issue 29).
    var firstName: String?
    // A bound name that is no reserved word, checked here: its value is its binding, which
    // ``named(_:at:)`` would find by looking it up again (issue 29).
    var boundName: String?
    switch start < end ? source.tokens[start].shape : .end {
    case .identifier:
      firstName = identifierText(at: start)
      if let name = firstName, isBound(name, tokenAt: start) {
        try requireBinding(name, .dictionary, atTokenAt: start)
        if !isReservedName(at: start) { boundName = name }
      }
    case .end, .punctuation(.comma), .punctuation(.rightParen), .punctuation(.rightBracket):
      throw failure(.expected(what, found: quoted(token(at: start))), at: token(at: start))
    default:
      break
    }
    let expr: Expr
    if let boundName {
      skip()
      expr = try value(after: .binding(boundName))
    } else {
      expr = try value(firstName: firstName)
    }
    guard isDictionary(expr) else {
      throw failure(.expected(what, found: quoted(token(at: start))), at: token(at: start))
    }
    return expr
  }

  /// What an expression evaluates to, as far as the parser can tell.
  mutating func kind(of expr: Expr) -> BindingKind {
    switch expr {
    case .dictionary, .merge: .dictionary
    case .binding(let name): boundKind(of: name) ?? .value
    case .accessControl: .accessControl
    case .newContext: .context
    case .lastResult: .result
    case .array, .constant, .string, .integer, .bool, .data, .null: .value
    }
  }

  private mutating func isDictionary(_ expr: Expr) -> Bool {
    // An empty set is not hashed against (few scenarios poison a name).
    if case .binding(let name) = expr, !poisoned.isEmpty, poisoned.contains(name) { return true }
    switch kind(of: expr) {
    case .dictionary, .result: return true
    default: return false
    }
  }

  /// A primary, then its postfix `!` and casts. Inlined: a value is read for every entry of
  /// a dictionary, and the call cost more than its two tests (issue 29).
  @inline(__always)
  private mutating func castPrimary() throws(Failure) -> Expr {
    let expr = try primary()
    try skipPostfix()
    return expr
  }

  /// A postfix `!` (`kCFBooleanTrue!`, from code where it is implicitly unwrapped), then casts.
  @inline(__always)
  private mutating func skipPostfix() throws(Failure) {
    _ = try consume(.exclamation)
    try skipCasts()
  }

  /// Skips `as String`, `as! [String: Any]`, `as? CFDictionary`: types mean nothing here.
  /// Asked after every key and value, where a cast is rare: the next token's shape is told in
  /// place first, and only a name (or text that is no token) calls ``skipWrittenCasts()``
  /// (issue 29: the call alone cost some ninety instructions).
  @inline(__always)
  mutating func skipCasts() throws(Failure) {
    guard position < end else { return }
    switch source.tokens[position].shape {
    case .identifier, .invalid: try skipWrittenCasts()
    default: return
    }
  }

  /// ``skipCasts()`` when the next token may start a cast.
  private mutating func skipWrittenCasts() throws(Failure) {
    while try consume(identifier: "as") {
      if !(try consume(.exclamation)) { _ = try consume(.question) }
      try skipType()
    }
  }

  /// A Swift type: `Name`, `Module.Name`, `[T]`, `[K: V]`, each optionally `?` or `!`.
  mutating func skipType() throws(Failure) {
    let token = try advance()
    switch token.shape {
    case .identifier:
      while try consume(.dot) { _ = try identifier("a type name") }
    case .punctuation(.leftBracket):
      try enterNesting(at: token)
      defer { leaveNesting() }
      try skipType()
      if try consume(.colon) { try skipType() }
      try expect(.rightBracket, "`]` to close the type")
    default:
      throw failure(.expected("a type such as `CFDictionary`", found: quoted(token)), at: token)
    }
    if !(try consume(.question)) { _ = try consume(.exclamation) }
  }

  /// A primary; `firstName` as for ``value(firstName:)``.
  private mutating func primary(firstName: String? = nil) throws(Failure) -> Expr {
    // The commonest values read in place: a name, a collection, a string, a boolean.
    try checkNext()
    let index = position
    switch index < end ? source.tokens[index].shape : .end {
    case .identifier:
      if let name = firstName ?? identifierText(at: index) {
        skip()
        return try named(name, at: index)
      }
    case .punctuation(.leftBracket):
      skip()
      try enterNesting(atTokenAt: index)
      defer { leaveNesting() }
      return try collection()
    case .string:
      let text = source.stringValue(of: source.tokens[index])
      skip()
      if literalsAreSecret { recordSecret(from: token(at: index)) }
      let expr = try stringOrData(text)
      if case .data = expr { recordSecret(only: token(at: index)) }
      return expr
    case .boolean:
      let value = source.tokens[index].scalar != 0
      skip()
      return .bool(value)
    default: break
    }
    let token = try advance()
    switch token.shape {
    case .punctuation(.leftParen):
      try enterNesting(at: token)
      defer { leaveNesting() }
      let expr = try value()
      try expect(.rightParen, "`)`")
      return expr
    case .integer:
      let text = text(of: token)
      guard let number = Int64(text) else { throw failure(.integerTooLarge(text), at: token) }
      if literalsAreSecret { recordSecret(from: token) }
      return .integer(number)
    default:
      throw failure(.expected("a value", found: quoted(token)), at: token)
    }
  }

  /// `"..."`, or `"...".data(using: .utf8)!`.
  private mutating func stringOrData(_ text: String) throws(Failure) -> Expr {
    guard try consume(.dot) else { return .string(text) }
    try expect(identifier: "data")
    try expect(.leftParen, "`(`")
    try expect(identifier: "using")
    try expect(.colon, "`:`")
    if try consume(identifier: "String") {
      try expect(.dot, "`.Encoding`")
      try expect(identifier: "Encoding")
    }
    try expect(.dot, "`.utf8`")
    try expect(identifier: "utf8")
    try expect(.rightParen, "`)`")
    if !(try consume(.exclamation)) { _ = try consume(.question) }
    return .data(Self.utf8Data(text))
  }

  /// A value written as a name (token `index`, just read): a keyword, a bound name or an Apple
  /// value constant.
  private mutating func named(_ name: String, at index: Int) throws(Failure) -> Expr {
    // Each word of this switch is a reserved name: other names skip its string comparisons.
    if isReservedName(at: index) {
      if let expr = try reservedValue(name, at: token(at: index)) { return expr }
    }
    if !isUnboundConstant(at: index), isBound(name, tokenAt: index) { return .binding(name) }
    // A constant first, most names here: no constant is named `result`.
    if let expr = constantExpr(at: index, named: name) { return expr }
    if name == Vocabulary.lastResult { return .lastResult }
    let token = token(at: index)
    if token.constantKey != nil { throw failure(.keyNotValue(name), at: token) }
    let candidates = SecConstants.values.keys.sorted() + bindings.keys.sorted()
    let what = name.hasPrefix("k") ? "constant" : "name"
    throw failure(
      .unknown(what, name, suggestion: Suggestion.nearest(to: name, in: candidates)), at: token)
  }

  /// The value a reserved name written as a value stands for (`nil`, `Data(...)`, ...); nil
  /// for one that is no value (`_`, `createKeychain`).
  private mutating func reservedValue(_ name: String, at token: Token) throws(Failure) -> Expr? {
    switch name {
    case "nil": return .null
    case "Data": return try dataInitializer()
    case "String":
      try expect(.leftParen, "`(`")
      try enterNesting(at: token)
      defer { leaveNesting() }
      let expr = try value()
      try expect(.rightParen, "`)`")
      return expr
    case "SecAccessControlCreateWithFlags": return .accessControl(try accessControl())
    case "LAContext":
      try expect(.leftParen, "`(` after `LAContext`")
      try expect(.rightParen, "`)`")
      return .newContext
    default: return nil
    }
  }

  /// `Data("...".utf8)` or `Data()`.
  private mutating func dataInitializer() throws(Failure) -> Expr {
    try expect(.leftParen, "`(` after `Data`")
    if try consume(.rightParen) { return .data(Data()) }
    let first = try peek()
    let text = try string("a string literal, as in `Data(\"secret\".utf8)`")
    try expect(.dot, "`.utf8`")
    try expect(identifier: "utf8")
    recordSecret(from: first)
    try expect(.rightParen, "`)`")
    return .data(Self.utf8Data(text))
  }

  // MARK: - Collections

  /// After `[`: `[:]`, `[]`, `[key: value, ...]` or `[value, ...]`, trailing comma allowed.
  private mutating func collection() throws(Failure) -> Expr {
    if try consume(.colon) {
      try expect(.rightBracket, "`]` after `[:`")
      return .dictionary([])
    }
    if try consume(.rightBracket) { return .array([]) }
    // Taken apart, not read as `first.key`: that copied the whole result (issue 29).
    let (firstKey, firstValue, firstPosition) = try keyOrValue()
    // The next token told in place (a copy of it is made only for a message).
    if try isNext(.colon) {
      guard let key = consume firstKey else {
        let next = try peek()
        throw failure(.expected("`,` or `]`", found: quoted(next)), at: next)
      }
      return .dictionary(try dictionaryEntries(first: key, at: firstPosition))
    }
    guard let head = consume firstValue else {
      let next = try peek()
      throw failure(.expected("`:` after the key", found: quoted(next)), at: next)
    }
    var elements = [head]
    while try consume(.comma) {
      if try consume(.rightBracket) { return .array(elements) }
      elements.append(try value())
    }
    try expect(.rightBracket, "`,` or `]`")
    return .array(elements)
  }

  /// The first element of a collection, which says whether it is a dictionary or an array,
  /// and where it starts (a place, not the token: the result is copied on its way out).
  private mutating func keyOrValue() throws(Failure) -> (
    key: DictionaryKey?, value: Expr?, position: TokenPosition
  ) {
    try checkNext()
    let index = position
    let start = place(ofTokenAt: index)
    // A key constant's name, nearly always, which no binding can hold: read as the key without
    // making its text to look it up (issue 29); any other name as below.
    if index < end, source.tokens[index].shape == .identifier, isUnboundConstant(at: index),
      constantValue(at: index) == nil, !isReservedName(at: index)
    {
      return (try key(), nil, start)
    }
    if index < end, let name = identifierText(at: index) {
      if !isBound(name, tokenAt: index), constantValue(at: index) == nil,
        !isReservedName(at: index)
      {
        // A key constant, or a name known nowhere: reported as an unknown key.
        return (try key(), nil, start)
      }
      if name == "String" {
        return (try key(), nil, start)
      }
    }
    let expr = try value()
    if case .string(let raw) = expr {
      return (DictionaryKey(raw: raw, appleName: SecConstants.name(forKey: raw)), expr, start)
    }
    return (nil, expr, start)
  }

  private mutating func dictionaryEntries(
    first: DictionaryKey, at firstPosition: TokenPosition
  ) throws(Failure) -> [DictionaryEntry] {
    var entries: [DictionaryEntry] = []
    // A query's handful of entries without growing the array twice on the way.
    entries.reserveCapacity(4)
    // The raw keys seen so far, once there are more than a few: one lookup per entry keeps a
    // large literal linear, and a query's handful of keys is compared without making a set.
    var seen: Set<String> = []
    var key = first
    // Where each key and value starts, as places and token indices rather than tokens: a
    // token read is copied, and these are read only once the key or value parsed (issue 29).
    var keyPosition = firstPosition
    while true {
      try expect(.colon, "`:` after the key")
      let valueStart = position
      var value = try value()
      if key.isValueData {
        recordSecret(from: source.tokens[valueStart])
        if case .binding(let name) = value { recordSecretName(name) }
        Self.makeItemData(&value)
      }
      // The first key is new without a call (nearly half the entries of a scenario's queries).
      guard entries.isEmpty || Self.isNew(key.raw, among: entries, seen: &seen) else {
        throw ScenarioDiagnostic(
          at: location(of: keyPosition), kind: .duplicateKey(key.description))
      }
      // The value and key moved into the entry, the key then read afresh: a copy retained
      // their strings, and the old key was released when the next was read (issue 29).
      entries.append(
        DictionaryEntry(
          key: consume key, value: consume value, location: location(of: keyPosition)))
      guard try consume(.comma) else { break }
      if try consume(.rightBracket) { return entries }
      let keyStart = position
      key = try self.key()
      keyPosition = source.tokens[keyStart].location
    }
    try expect(.rightBracket, "`,` or `]`")
    return entries
  }

  /// Whether no entry before has the raw key `raw`: compared with each entry while there are a
  /// few, looked up in `seen` (filled then) past that.
  private static func isNew(
    _ raw: String, among entries: [DictionaryEntry], seen: inout Set<String>
  ) -> Bool {
    let fewest = 8
    guard entries.count >= fewest else { return !entries.contains { $0.key.raw == raw } }
    if seen.isEmpty { seen = Set(entries.map(\.key.raw)) }
    return seen.insert(raw).inserted
  }

  /// `value`, given for `kSecValueData`, as item data: a string literal means its UTF-8 bytes
  /// (docs/scenario-language.md §6). Changed in place: a value returned as it was given was copied, and the original destroyed, for
  /// every entry of every dictionary (issue 29).
  static func makeItemData(_ value: inout Expr) {
    if case .string(let text) = value { value = .data(Self.utf8Data(text)) }
  }

  /// `text`'s UTF-8 as `Data`, copied at once: `Data(text.utf8)` went through the sequence
  /// initializer, a fifth of a dictionary entry holding item data (issue 29).
  static func utf8Data(_ text: String) -> Data {
    var text = text
    return text.withUTF8 { Data(buffer: $0) }
  }

  /// A key: `kSecAttrAccount`, `kSecAttrAccount as String`, `String(kSecAttrAccount)` or `"acct"`.
  mutating func key() throws(Failure) -> DictionaryKey {
    // A key constant's name, nearly every key: read in place, without copying the token.
    if position < end, let raw = constantKey(at: position), let name = identifierText(at: position) {
      skip()
      try skipCasts()
      return DictionaryKey(raw: raw, appleName: name)
    }
    let token = try advance()
    switch source.kind(of: token) {
    case .string(let raw):
      return DictionaryKey(raw: raw, appleName: SecConstants.name(forKey: raw))
    case .identifier("String"):
      try expect(.leftParen, "`(` after `String`")
      try enterNesting(at: token)
      defer { leaveNesting() }
      let key = try key()
      try expect(.rightParen, "`)`")
      return key
    case .identifier(let name):
      if let raw = token.constantKey {
        try skipCasts()
        return DictionaryKey(raw: raw, appleName: name)
      }
      if token.constantValue != nil { throw failure(.valueNotKey(name), at: token) }
      let suggestion = Suggestion.nearest(to: name, in: SecConstants.keys.keys.sorted())
      throw failure(.unknown("constant", name, suggestion: suggestion), at: token)
    default:
      throw failure(.expected("a key such as `kSecAttrAccount`", found: quoted(token)), at: token)
    }
  }

  // MARK: - Access control

  /// After `SecAccessControlCreateWithFlags`: `(nil, <accessibility>, <flags>, nil)`; the
  /// allocator may be `kCFAllocatorDefault`, the last argument `&error`, and a `!` may follow.
  private mutating func accessControl() throws(Failure) -> AccessControlExpr {
    try expect(.leftParen, "`(` after `SecAccessControlCreateWithFlags`")
    let allocator = try advance()
    guard
      source.isIdentifier(allocator, "nil") || source.isIdentifier(allocator, "kCFAllocatorDefault")
    else {
      throw failure(
        .expected("`nil` or `kCFAllocatorDefault`", found: quoted(allocator)), at: allocator)
    }
    try expect(.comma, "`,`")
    let (protectionName, protection) = try accessibility()
    try expect(.comma, "`,`")
    let flagNames = try accessControlFlags()
    if try consume(.comma) {
      let error = try advance()
      if error.shape == .punctuation(.ampersand) {
        _ = try identifier("an error variable after `&`")
      } else if !source.isIdentifier(error, "nil") {
        throw failure(.expected("`nil` or `&error`", found: quoted(error)), at: error)
      }
    }
    try expect(.rightParen, "`)`")
    if !(try consume(.exclamation)) { _ = try consume(.question) }
    let flags = flagNames.reduce(into: SecAccessControlCreateFlags()) { flags, name in
      flags.formUnion(Self.flag(named: name) ?? [])
    }
    return AccessControlExpr(
      protectionName: protectionName, protection: protection, flagNames: flagNames, flags: flags)
  }

  private mutating func accessibility() throws(Failure) -> (name: String, raw: String) {
    let (name, token) = try identifier("a `kSecAttrAccessible...` constant")
    try skipCasts()
    let accessible = SecConstants.values.keys.filter { $0.hasPrefix("kSecAttrAccessible") }
    if accessible.contains(name), case .string(let raw) = SecConstants.values[name] {
      return (name, raw)
    }
    if SecConstants.values[name] != nil || SecConstants.keys[name] != nil {
      throw failure(.notAccessibility(name), at: token)
    }
    let suggestion = Suggestion.nearest(to: name, in: accessible.sorted())
    throw failure(.unknown("constant", name, suggestion: suggestion), at: token)
  }

  /// `.biometryAny`, `[.biometryAny, .or, .devicePasscode]`, `[]`,
  /// `SecAccessControlCreateFlags.userPresence` or `kSecAccessControlUserPresence`.
  private mutating func accessControlFlags() throws(Failure) -> [String] {
    guard try consume(.leftBracket) else { return [try accessControlFlag()] }
    var names: [String] = []
    if try consume(.rightBracket) { return names }
    repeat {
      if try isNext(.rightBracket) { break }
      names.append(try accessControlFlag())
    } while try consume(.comma)
    try expect(.rightBracket, "`,` or `]`")
    return names
  }

  private mutating func accessControlFlag() throws(Failure) -> String {
    let token = try advance()
    let written: String
    switch source.kind(of: token) {
    case .punctuation(.dot):
      written = try identifier("a flag name after `.`").0
    case .identifier("SecAccessControlCreateFlags"):
      try expect(.dot, "`.`")
      written = try identifier("a flag name after `.`").0
    case .identifier(let name) where name.hasPrefix("kSecAccessControl"):
      guard let entry = SecAccessControlCreateFlags.named.first(where: { $0.objc == name }) else {
        let suggestion = Suggestion.nearest(
          to: name, in: SecAccessControlCreateFlags.named.map(\.objc))
        throw failure(.unknown("access control flag", name, suggestion: suggestion), at: token)
      }
      return entry.swift
    default:
      throw failure(.accessControlExpected(found: quoted(token)), at: token)
    }
    guard Self.flag(named: written) != nil else {
      let suggestion = Suggestion.nearest(
        to: written, in: SecAccessControlCreateFlags.named.map(\.swift))
      throw failure(
        .unknown("access control flag", "." + written, suggestion: suggestion.map { "." + $0 }),
        at: token)
    }
    return written
  }

  private static func flag(named name: String) -> SecAccessControlCreateFlags? {
    SecAccessControlCreateFlags.named.first { $0.swift == name }?.flag
  }
}
