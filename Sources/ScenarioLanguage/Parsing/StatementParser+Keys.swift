import KeyEngine

/// SecKey calls (*extension*, docs/scenario-language.md §6, "Keys"): Apple's Swift call forms,
/// so key code pasted from an app reads as it is.
extension StatementParser {
  /// After a SecKey function's name, with the name a `let` binds its return value to (nil
  /// for a bare call or `_ =`).
  mutating func keyCall(_ function: String, binding name: String?) throws(Failure) -> StatementKind
  {
    let call: KeyCall
    try expect(.leftParen, "`(` after `\(function)`: SecKey calls are written as in Swift")
    switch function {
    case "SecKeyCreateRandomKey":
      let parameters = try dictionary("the key's parameters, a dictionary")
      try errorArgument(of: function)
      call = .createRandomKey(parameters: parameters)
    case "SecKeyCopyPublicKey":
      call = .copyPublicKey(try keyOperand())
    case "SecKeyCopyAttributes":
      call = .copyAttributes(try keyOperand())
    case "SecKeyCopyExternalRepresentation":
      let key = try keyOperand()
      try errorArgument(of: function)
      call = .copyExternalRepresentation(key)
    case "SecKeyCreateSignature":
      let (key, algorithm) = try keyAndAlgorithm()
      let data = try dataArgument("the data to sign")
      try errorArgument(of: function)
      call = .createSignature(key, algorithm: algorithm, data: data)
    case "SecKeyVerifySignature":
      let (key, algorithm) = try keyAndAlgorithm()
      let data = try dataArgument("the signed data")
      try expect(.comma, "`,` and the signature")
      let signature = try dataArgument("the signature")
      try errorArgument(of: function)
      call = .verifySignature(key, algorithm: algorithm, data: data, signature: signature)
    case "SecKeyCreateEncryptedData":
      let (key, algorithm) = try keyAndAlgorithm()
      let plaintext = try dataArgument("the plaintext")
      try errorArgument(of: function)
      call = .createEncryptedData(key, algorithm: algorithm, plaintext: plaintext)
    default:
      let (key, algorithm) = try keyAndAlgorithm()
      let ciphertext = try dataArgument("the ciphertext")
      try errorArgument(of: function)
      call = .createDecryptedData(key, algorithm: algorithm, ciphertext: ciphertext)
    }
    try expect(.rightParen, "`)` after the arguments of `\(function)`")
    // `SecKeyCreateRandomKey(...)!` and a cast (`as Data?`) read as in Swift.
    _ = try consume(.exclamation)
    try skipCasts()
    if let name { bind(name, as: call.returnsKey ? .key : .value) }
    return .key(call, binding: name)
  }

  /// A key: a name bound to one (or to a call's result, known when it runs), a postfix `!`,
  /// or `SecKeyCopyPublicKey(name)` with an optional `!`.
  private mutating func keyOperand() throws(Failure) -> KeyOperand {
    let token = try peek()
    if source.isIdentifier(token, "SecKeyCopyPublicKey"), !isBound("SecKeyCopyPublicKey") {
      try advance()
      try expect(.leftParen, "`(` after `SecKeyCopyPublicKey`")
      let inner = try keyOperand()
      try expect(.rightParen, "`)` after the key")
      _ = try consume(.exclamation)
      try skipCasts()
      return .publicKey(of: inner.name)
    }
    let (name, nameToken) = try identifier(
      "a key: a name bound by `let key = SecKeyCreateRandomKey(...)`")
    guard isBound(name) else {
      let suggestion = Suggestion.nearest(to: name, in: bindings.keys.sorted())
      throw failure(.unknown("key name", name, suggestion: suggestion), at: nameToken)
    }
    try requireKey(name, at: nameToken)
    _ = try consume(.exclamation)
    try skipCasts()
    return .name(name)
  }

  /// A key name must be bound to a key, or to a call's result (`let key = result as! SecKey`).
  private func requireKey(_ name: String, at token: Token) throws(Failure) {
    guard !poisoned.contains(name), let actual = bindings[name], actual != .key, actual != .result
    else { return }
    throw failure(.bindingIsNot(name, is: actual, expected: BindingKind.key.article), at: token)
  }

  /// `key, .ecdsaSignatureMessageX962SHA256,`: the key, the algorithm and the comma after it.
  private mutating func keyAndAlgorithm() throws(Failure) -> (KeyOperand, KeyAlgorithmName) {
    let key = try keyOperand()
    try expect(.comma, "`,` and the algorithm")
    let algorithm = try keyAlgorithm()
    try expect(.comma, "`,` and the data")
    return (key, algorithm)
  }

  /// `.ecdsaSignatureMessageX962SHA256`, `SecKeyAlgorithm.ecdsa...`, or the global
  /// `kSecKeyAlgorithmECDSASignatureMessageX962SHA256`; a name Security does not define is an
  /// error with the nearest one.
  private mutating func keyAlgorithm() throws(Failure) -> KeyAlgorithmName {
    let token = try advance()
    let name: String
    let nameToken: Token
    switch source.kind(of: token) {
    case .punctuation(.dot):
      (name, nameToken) = try identifier(
        "an algorithm name such as `ecdsaSignatureMessageX962SHA256`")
    case .identifier("SecKeyAlgorithm"):
      try expect(.dot, "`.` after `SecKeyAlgorithm`")
      (name, nameToken) = try identifier(
        "an algorithm name such as `ecdsaSignatureMessageX962SHA256`")
    case .identifier(let global) where global.hasPrefix("kSecKeyAlgorithm"):
      guard let known = Self.algorithmsByGlobalName[global] else {
        let suggestion = Suggestion.nearest(
          to: global, in: Self.algorithmsByGlobalName.keys.sorted())
        throw failure(.unknown("SecKeyAlgorithm", global, suggestion: suggestion), at: token)
      }
      try skipCasts()
      return KeyAlgorithmName(swiftName: known.name, rawValue: known.rawValue)
    default:
      throw failure(
        .expected("an algorithm such as `.ecdsaSignatureMessageX962SHA256`", found: quoted(token)),
        at: token)
    }
    guard let known = KeyAlgorithm.all.first(where: { $0.name == name }) else {
      let suggestion = Suggestion.nearest(to: name, in: KeyAlgorithm.all.map(\.name))
      throw failure(
        .unknown("SecKeyAlgorithm", "." + name, suggestion: suggestion.map { "." + $0 }),
        at: nameToken)
    }
    return KeyAlgorithmName(swiftName: known.name, rawValue: known.rawValue)
  }

  /// The `kSecKeyAlgorithm...` globals: the Swift name with its leading lower-case run
  /// capitalised (`ecdsaSignature...` is `kSecKeyAlgorithmECDSASignature...`), as SecKey.h
  /// spells them.
  static let algorithmsByGlobalName: [String: KeyAlgorithm] = Dictionary(
    uniqueKeysWithValues: KeyAlgorithm.all.map { algorithm in
      let prefix = algorithm.name.prefix(while: \.isLowercase)
      let global = "kSecKeyAlgorithm" + prefix.uppercased() + algorithm.name.dropFirst(prefix.count)
      return (global, algorithm)
    })

  /// Data for a key operation: `Data("x".utf8)`, `"x".data(using: .utf8)!`, a bound name (a
  /// signature, a ciphertext) or a string literal, which means its UTF-8 bytes (*extension*:
  /// Swift would need `Data(...)`).
  private mutating func dataArgument(_ what: String) throws(Failure) -> Expr {
    let start = try peek()
    switch source.kind(of: start) {
    case .end, .punctuation(.comma), .punctuation(.rightParen), .punctuation(.ampersand):
      throw failure(.expected(what, found: quoted(start)), at: start)
    case .identifier(let name) where isBound(name):
      if bindings[name] == .key || bindings[name] == .context || bindings[name] == .dictionary {
        throw failure(
          .bindingIsNot(name, is: bindings[name] ?? .value, expected: "data"), at: start)
      }
    default: break
    }
    let expr = try value()
    switch expr {
    case .string, .data, .binding, .lastResult: return expr
    default: throw failure(.expected(what + " (data or a string)", found: quoted(start)), at: start)
    }
  }

  /// `, &error` or `, nil`: where Swift code receives the CFError; the runner always records it.
  private mutating func errorArgument(of function: String) throws(Failure) {
    try expect(.comma, "`, &error` or `, nil`: \(function) takes an error argument last")
    let token = try advance()
    if token.shape == .punctuation(.ampersand) {
      _ = try identifier("a variable name after `&`")
    } else if !source.isIdentifier(token, "nil") {
      throw failure(.expected("`&error` or `nil`", found: quoted(token)), at: token)
    }
  }
}

extension Vocabulary {
  /// The SecKey functions the language plays (docs/scenario-language.md §6, "Keys").
  package static let secKeyFunctions = [
    "SecKeyCreateRandomKey", "SecKeyCopyPublicKey", "SecKeyCopyExternalRepresentation",
    "SecKeyCopyAttributes", "SecKeyCreateSignature", "SecKeyVerifySignature",
    "SecKeyCreateEncryptedData", "SecKeyCreateDecryptedData",
  ]
}
