import Devices

/// The cross-platform package's statements: `createKeychain(...)` bound by `let`, and the
/// methods called on the bound name (docs/scenario-language.md §13).
extension StatementParser {
  /// After `let name =` and the word `createKeychain`: `(service: "s", accessGroup: "g")`,
  /// `accessGroup` optional. The TypeScript's object braces are left out.
  mutating func packageKeychainCreation(binding name: String?) throws(Failure) -> StatementKind {
    guard let name else {
      let next = try peek()
      let call = lastRead ?? next
      throw failure(.expected("`let <name> =` before `createKeychain`", found: "`_`"), at: call)
    }
    try expect(.leftParen, "`(` after `createKeychain`")
    let service = try labelledString(.service)
    var accessGroup: String?
    if try consume(.comma) {
      accessGroup = try labelledString(.accessGroup)
    }
    try expect(.rightParen, "`)`")
    bind(name, as: .packageKeychain)
    return .package(
      .create(name: name, PackageKeychain(service: service, accessGroup: accessGroup)))
  }

  /// `service: "shared"`: the label, a colon and a string literal.
  private mutating func labelledString(_ label: Vocabulary.PackageOption) throws(Failure) -> String
  {
    let token = try advance()
    guard source.isIdentifier(token, label.rawValue) else {
      let options = Vocabulary.PackageOption.allCases.map { "`\($0.rawValue):`" }
      throw failure(
        .expected(
          "`\(label.rawValue):` (createKeychain takes \(options.joined(separator: ", ")))",
          found: quoted(token)), at: token)
    }
    try expect(.colon, "`:` after `\(label.rawValue)`")
    return try string("the \(label.rawValue), as a string literal")
  }

  /// After `shared.`: `setItem("key", value)`, `getItem("key")` or `deleteItem("key")`.
  mutating func packageCall(on name: String) throws(Failure) -> StatementKind {
    let method = try choice("package method", Vocabulary.PackageMethod.self)
    try expect(.leftParen, "`(` after `\(method.rawValue)`")
    let key = try string("the key, as a string literal")
    let call: PackageCall
    switch method {
    case .setItem:
      try expect(.comma, "`,` and the value to store")
      let first = try peek()
      let value = try value()
      switch value {
      case .string:
        // The value is the item's secret: every echo of the statement masks it.
        recordSecret(from: first)
      case .binding(let bound):
        recordSecretName(bound)
      default:
        throw failure(
          .expected("the value, as a string literal or a bound string", found: quoted(first)),
          at: first)
      }
      call = .setItem(key: key, value: value)
    case .getItem: call = .getItem(key: key)
    case .deleteItem: call = .deleteItem(key: key)
    }
    try expect(.rightParen, "`)`")
    return .package(.call(name: name, call))
  }
}

extension StatementParser {
  /// After `expo-plugin`: `com.example.shared, com.example.other`, the groups as app.json
  /// lists them, without the team prefix (the plugin adds `$(AppIdentifierPrefix)`).
  mutating func expoPluginGroups() throws(Failure) -> [String] {
    var groups: [String] = []
    repeat {
      let token = try word()
      let group: String
      switch source.kind(of: token) {
      case .word(let text), .string(let text): group = text
      default:
        throw failure(
          .expected("an access group such as `com.example.shared`", found: quoted(token)),
          at: token)
      }
      guard !group.hasPrefix("$(") else {
        throw failure(
          .expected(
            "the group without `$(AppIdentifierPrefix)`: the plugin adds the team prefix",
            found: quoted(token)), at: token)
      }
      groups.append(group)
      let separator = try word()
      guard separator.shape == .punctuation(.comma) else {
        pushBack(separator)
        return groups
      }
    } while true
  }
}
