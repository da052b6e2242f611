import DeviceState
import KeychainEngine

/// SecItem calls, `let`, and LAContext statements (docs/scenario-language.md §6-§8).
extension StatementParser {
  // MARK: - SecItem calls

  /// After the function name: the bare form (`SecItemAdd <dict>`) or the Swift call form
  /// (`SecItemAdd(<dict> as CFDictionary, &result)`).
  mutating func secItemCall(_ function: String) throws(Failure) -> SecItemCall {
    let function = SecItemFunction(function)
    let isUpdate = function == .update
    guard try consume(.leftParen) else {
      let query = try dictionary("a query dictionary")
      return try call(function, query, isUpdate ? try dictionary("an attributes dictionary") : nil)
    }
    let query = try dictionary("a query dictionary")
    var attributes: Expr?
    if isUpdate {
      try expect(.comma, "`,` and the attributes to update")
      attributes = try dictionary("an attributes dictionary")
    } else if try consume(.comma) {
      if function == .delete {
        let token = try peek()
        throw failure(
          .expected("`)`: SecItemDelete takes one argument", found: quoted(token)), at: token)
      }
      try resultArgument()
    }
    try expect(.rightParen, "`)`")
    return try call(function, query, attributes)
  }

  /// `nil` or `&name`: where Swift code receives the result; the runner always keeps it.
  private mutating func resultArgument() throws(Failure) {
    let token = try advance()
    if token.shape == .punctuation(.ampersand) {
      _ = try identifier("a variable name after `&`")
    } else if !source.isIdentifier(token, "nil") {
      throw failure(.expected("`nil` or `&result`", found: quoted(token)), at: token)
    }
  }

  /// One of the four SecItem functions, named by a word the caller has checked is one of them
  /// (``Vocabulary/secItemFunctions``).
  private enum SecItemFunction {
    case add, copyMatching, delete, update

    /// Told by the eighth byte, the first where the four names differ (`SecItemAdd`,
    /// `SecItemCopyMatching`, `SecItemDelete`, `SecItemUpdate`): comparing the name with each
    /// was some 250 instructions a call (issue 29).
    init(_ name: String) {
      var name = name
      let eighth = name.withUTF8 { $0.count > 7 ? $0[7] : 0 }
      switch eighth {
      case UInt8(ascii: "A"): self = .add
      case UInt8(ascii: "C"): self = .copyMatching
      case UInt8(ascii: "D"): self = .delete
      default: self = .update
      }
    }
  }

  /// The query and attributes are moved in: borrowed, each was copied into the call and the
  /// caller's destroyed (issue 29).
  private mutating func call(
    _ function: SecItemFunction, _ query: consuming Expr, _ attributes: consuming Expr?
  ) throws(Failure) -> SecItemCall {
    switch function {
    case .add: return .add(query)
    case .copyMatching: return .copyMatching(query)
    case .delete: return .delete(query)
    case .update:
      guard let attributes else {
        let token = try peek()
        throw failure(.expected("`,` and the attributes to update", found: quoted(token)), at: token)
      }
      return .update(query: query, attributes: attributes)
    }
  }

  // MARK: - let and var

  /// The name a statement starting with `let name` or `var name` binds, read from its first
  /// line's tokens without parsing it: for a statement refused before parsing (too long, too
  /// deep), whose name is then poisoned as a failed binding's is.
  static func boundName(in firstLine: LexedSource) -> String? {
    let tokens = firstLine.tokens
    guard tokens.count > 1,
      firstLine.isIdentifier(tokens[0], "let") || firstLine.isIdentifier(tokens[0], "var"),
      tokens[1].shape == .identifier
    else { return nil }
    return firstLine.identifierText(of: tokens[1])
  }

  /// `let name = ...`, `let name: [String: Any] = ...`, `var result: CFTypeRef?`.
  mutating func binding(isVariable: Bool) throws(Failure) -> StatementKind {
    let (name, nameToken) = try identifier("a name after `\(isVariable ? "var" : "let")`")
    guard !nameToken.isReservedName, nameToken.constantKey == nil,
      nameToken.constantValue == nil
    else {
      throw failure(.reservedName(name), at: nameToken)
    }
    beginBinding(name)
    var hasType = false
    if try consume(.colon) {
      try skipType()
      hasType = true
    }
    if isVariable, hasType, try peek().shape == .end {
      return .declaration(name: name)
    }
    try expect(.equals, "`=` after `\(name)`")
    if isVariable, hasType, try consume(identifier: "nil") {
      return .declaration(name: name)
    }
    return try rightHandSide(binding: name, mayBeStatusName: nameMayBeStatus(nameToken))
  }

  /// What follows `let name =` (or `_ =`): a call, whose result is not bound, or a value.
  /// `mayBeStatusName` as for ``bind(_:as:mayBeStatusName:)``.
  mutating func rightHandSide(
    binding name: String?, mayBeStatusName: Bool = true
  ) throws(Failure) -> StatementKind {
    while true {
      if try consume(identifier: "try") {
        if !(try consume(.question)) { _ = try consume(.exclamation) }
      } else if !(try consume(identifier: "await")) {
        break
      }
    }
    let token = try peek()
    if case .identifier(let word) = source.kind(of: token) {
      if Vocabulary.secItemFunctions.contains(word) {
        try advance()
        return .secItem(try secItemCall(word))
      }
      if Vocabulary.secKeyFunctions.contains(word), !isBound(word) {
        try advance()
        return try keyCall(word, binding: name)
      }
      if word == Vocabulary.createKeychain, !isBound(word) {
        try advance()
        return try packageKeychainCreation(binding: name)
      }
      if boundKind(of: word) == .packageKeychain {
        try advance()
        try expect(.dot, "`.` and a method after `\(word)`")
        return try packageCall(on: word)
      }
      if boundKind(of: word) == .context {
        try advance()
        if try consume(.dot) { return .context(word, try contextAction()) }
        pushBack(token)
      }
    }
    let valueStart = try peek()
    let expr = try value()
    if case .string = expr, valueStart.shape == .string, lastRead == valueStart {
      boundLiteral = SourceSpan(from: valueStart, through: valueStart)
    }
    guard let name else {
      throw failure(
        .expected("a SecItem or LAContext call after `_ =`", found: quoted(token)), at: token)
    }
    bind(name, as: kind(of: expr), mayBeStatusName: mayBeStatusName)
    return .bind(name: name, value: expr)
  }

  /// After `query[`: `key] = value`, a Swift-style update of a dictionary variable, parsed as a
  /// new binding of the merge `query + [key: value]`.
  mutating func subscriptAssignment(_ name: String) throws(Failure) -> StatementKind {
    let keyToken = try peek()
    let key = try self.key()
    try expect(.rightBracket, "`]` after the key")
    try expect(.equals, "`=`")
    let valueToken = try peek()
    if source.isIdentifier(valueToken, "nil") { throw failure(.subscriptNil, at: valueToken) }
    var value = try value()
    if key.isValueData { Self.makeItemData(&value) }
    let entry = DictionaryEntry(key: key, value: value, location: location(of: keyToken))
    beginBinding(name)
    return .bind(name: name, value: .merge([.binding(name), .dictionary([entry])]))
  }

  // MARK: - LAContext

  /// After `ctx.`: a property assignment or a method call.
  mutating func contextAction() throws(Failure) -> ContextAction {
    let members = Vocabulary.ContextMember.allCases.map(\.rawValue)
    let (member, token) = try identifier("an LAContext member such as `evaluatePolicy`")
    switch member {
    case "touchIDAuthenticationAllowableReuseDuration":
      try expect(.equals, "`=`")
      return .setReuseDuration(try reuseDuration())
    case "interactionNotAllowed":
      try expect(.equals, "`=`")
      let value = try advance()
      guard case .boolean(let flag) = source.kind(of: value) else {
        throw failure(.expected("`true` or `false`", found: quoted(value)), at: value)
      }
      return .setInteractionNotAllowed(flag)
    case "localizedReason":
      try expect(.equals, "`=`")
      return .setLocalizedReason(try string("a string literal"))
    case "localizedFallbackTitle":
      try expect(.equals, "`=`")
      return .setLocalizedFallbackTitle(try string("a string literal"))
    case "localizedCancelTitle":
      try expect(.equals, "`=`")
      return .setLocalizedCancelTitle(try string("a string literal"))
    case "evaluatePolicy":
      try expect(.leftParen, "`(`")
      let policy = try policy()
      try expect(.comma, "`, localizedReason:`")
      try expect(identifier: "localizedReason")
      try expect(.colon, "`:`")
      let reason = try string("the reason, as a string literal")
      try expect(.rightParen, "`)`")
      return .evaluatePolicy(policy, localizedReason: reason)
    case "canEvaluatePolicy":
      try expect(.leftParen, "`(`")
      let policy = try policy()
      if try consume(.comma) {
        try expect(identifier: "error")
        try expect(.colon, "`:`")
        try resultArgument()
      }
      try expect(.rightParen, "`)`")
      return .canEvaluatePolicy(policy)
    case "invalidate":
      try expect(.leftParen, "`(`")
      try expect(.rightParen, "`)`")
      return .invalidate
    default:
      let suggestion = Suggestion.nearest(to: member, in: members)
      throw failure(.unknown("LAContext member", member, suggestion: suggestion), at: token)
    }
  }

  /// Seconds as a number (Swift's `TimeInterval`), a duration, or Apple's maximum constant.
  private mutating func reuseDuration() throws(Failure) -> SimulatedDuration {
    let token = try advance()
    switch source.kind(of: token) {
    case .integer(let text):
      guard !text.hasPrefix("-") else { throw failure(.negativeDuration(text), at: token) }
      // Any value past 300 s acts as 300 s (LAContext.h), so a huge one is no error: it is
      // kept at the largest count of seconds a duration can hold.
      let largest = Int64.max / 1000
      return .seconds(Int64(text).map { min($0, largest) } ?? largest)
    case .duration(let duration):
      return duration
    case .identifier("LATouchIDAuthenticationMaximumAllowableReuseDuration"):
      return .seconds(300)
    default:
      throw failure(.expected("a number of seconds", found: quoted(token)), at: token)
    }
  }

  /// `.deviceOwnerAuthentication` or `LAPolicy.deviceOwnerAuthentication`.
  private mutating func policy() throws(Failure) -> LAPolicy {
    let token = try advance()
    switch source.kind(of: token) {
    case .punctuation(.dot): break
    case .identifier("LAPolicy"): try expect(.dot, "`.`")
    default:
      throw failure(
        .expected("a policy such as `.deviceOwnerAuthentication`", found: quoted(token)), at: token)
    }
    let (name, nameToken) = try identifier("a policy name")
    if let policy = LAPolicy.allCases.first(where: { $0.name == name }) { return policy }
    let suggestion = Suggestion.nearest(to: name, in: LAPolicy.allCases.map(\.name))
    throw failure(
      .unknown("LAPolicy", "." + name, suggestion: suggestion.map { "." + $0 }), at: nameToken)
  }
}
