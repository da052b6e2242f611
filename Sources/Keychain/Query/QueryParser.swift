import Foundation
import ItemStore

/// Validates one SecItem dictionary the way Security's daemon parses it (`SecDbQuery.c`),
/// producing a ``ParsedQuery`` or the failure Apple reports (fact sheet §2.1–§2.3).
///
/// Keys are visited in sorted order so that a dictionary with several faults always reports the
/// same one (the daemon reports whichever its dictionary iteration meets first).
struct QueryParser {
  /// Security's "Past query key limit" (`SecDbQuery.c` l.1027).
  static let maximumKeyCount = 128

  /// Parses `query` as the given function's dictionary. For `attributesToUpdate`, pass the class
  /// of the query it updates.
  func parse(
    _ query: SecQuery, as function: SecItemFunction, itemClass knownClass: ItemClass? = nil
  ) throws(SecItemFailure) -> ParsedQuery {
    if query.count > Self.maximumKeyCount {
      throw SecItemFailure(
        .errSecParam,
        "the dictionary has \(query.count) keys; Security refuses more than "
          + "\(Self.maximumKeyCount) (\"Past query key limit\")",
        fix: "pass only the attributes that identify or describe the item")
    }
    let itemClass: ItemClass
    if let knownClass { itemClass = knownClass } else { itemClass = try resolveClass(query) }
    var parsed = ParsedQuery(function: function, itemClass: itemClass)
    let schema = ClassSchema(itemClass)
    for key in query.keys.sorted() {
      guard let value = query[key] else { continue }
      guard let kind = QueryKey.classify(key) else {
        throw SecItemFailure(
          .errSecParam,
          "\(KeyName.of(key)) is not a key \(function) understands",
          fix: "use a kSecClass, kSecAttr*, kSecMatch*, kSecReturn*, kSecUse* or kSecValue* "
            + "constant")
      }
      try add(key: key, kind: kind, value: value, to: &parsed, schema: schema)
    }
    try checkCombinations(parsed, query: query)
    return parsed
  }

  // MARK: - kSecClass

  /// `kSecClass`: missing or not a string → -50, unknown → -25306 (§2.2). A persistent
  /// reference names its class, so it stands in for a missing kSecClass.
  private func resolveClass(_ query: SecQuery) throws(SecItemFailure) -> ItemClass {
    guard let value = query[.itemClass] else {
      if case .data(let reference)? = query[.valuePersistentRef],
        let (itemClass, _) = PersistentReference.decode(reference)
      {
        return itemClass
      }
      throw SecItemFailure(
        .errSecParam, "the dictionary has no kSecClass (\"class\")",
        fix: "add kSecClass: kSecClassGenericPassword (or InternetPassword, Certificate, Key)")
    }
    guard case .string(let raw) = value else {
      throw SecItemFailure(
        .errSecParam, "kSecClass (\"class\") must be a string constant, got \(value.kindName)",
        fix: "use kSecClassGenericPassword, kSecClassInternetPassword, kSecClassCertificate or "
          + "kSecClassKey")
    }
    if let itemClass = ItemClass(rawValue: raw) { return itemClass }
    if raw == "idnt" {
      throw SecItemFailure.unsupported(
        "kSecClassIdentity (identities are a join of a certificate and its private key)",
        fix: "query the certificate (kSecClassCertificate) and the key (kSecClassKey) separately")
    }
    throw SecItemFailure(
      .errSecNoSuchClass, "kSecClass \"\(raw)\" is not a keychain item class",
      fix: "use kSecClassGenericPassword (\"genp\"), kSecClassInternetPassword (\"inet\"), "
        + "kSecClassCertificate (\"cert\") or kSecClassKey (\"keys\")")
  }

  // MARK: - One key

  private func add(
    key: String, kind: QueryKey, value: SecValue, to parsed: inout ParsedQuery,
    schema: ClassSchema
  ) throws(SecItemFailure) {
    switch kind {
    case .itemClass, .ignoredAttribute, .ignored:
      return
    case .attribute(let name):
      try addAttribute(name, value: value, to: &parsed, schema: schema)
    case .match(let name):
      parsed.matchKeys.insert(name)
      if name == SecQueryKey.matchLimit.rawValue { parsed.limit = try Self.matchLimit(value) }
    case .returnKey(let returnKey):
      guard case .bool(let wanted) = value else {
        throw SecItemFailure(
          .errSecParam, "\(KeyName.of(key)) must be a CFBoolean, got \(value.kindName)",
          fix: "pass true (kCFBooleanTrue); an integer 1 is not a CFBoolean")
      }
      parsed.returnKeysPresent.insert(returnKey)
      if wanted { parsed.returns.insert(returnKey) }
    case .use(let useKey):
      try addUse(useKey, value: value, to: &parsed)
    case .value(let valueKey):
      try addValue(valueKey, value: value, to: &parsed)
    }
  }

  /// A `kSecUse*` key, resolved into its typed field.
  private func addUse(
    _ key: SecQueryKey, value: SecValue, to parsed: inout ParsedQuery
  ) throws(SecItemFailure) {
    parsed.useKeysPresent.insert(key)
    switch key {
    case .authenticationUI:
      guard case .string(let raw) = value else {
        throw SecItemFailure(
          .errSecParam,
          "kSecUseAuthenticationUI (\"u_AuthUI\") must be a string constant, "
            + "got \(value.kindName)",
          fix: "use kSecUseAuthenticationUIAllow, kSecUseAuthenticationUIFail or "
            + "kSecUseAuthenticationUISkip")
      }
      parsed.authenticationUI = AuthenticationUI(rawValue: raw)
    case .authenticationContext:
      guard case .authenticationContext(let context) = value else {
        throw SecItemFailure(
          .errSecParam,
          "kSecUseAuthenticationContext (\"u_AuthCtx\") must be an LAContext, got "
            + "\(value.kindName)",
          fix: "pass the LAContext itself")
      }
      parsed.authenticationContext = context
    case .operationPrompt:
      if case .string(let prompt) = value { parsed.operationPrompt = prompt }
    case .noAuthenticationUI:
      parsed.noAuthenticationUI = value == .bool(true)
    default:
      return
    }
  }

  private func addValue(
    _ key: QueryKey.ValueKey, value: SecValue, to parsed: inout ParsedQuery
  ) throws(SecItemFailure) {
    switch key {
    case .data:
      guard case .data(let bytes) = value else {
        throw SecItemFailure(
          .errSecParam, "kSecValueData (\"v_Data\") must be CFData, got \(value.kindName)",
          fix: "pass Data, e.g. Data(\"secret\".utf8)")
      }
      parsed.data = bytes
    case .persistentRef:
      guard case .data(let bytes) = value else {
        throw SecItemFailure(
          .errSecParam,
          "kSecValuePersistentRef (\"v_PersistentRef\") must be CFData, got "
            + "\(value.kindName)",
          fix: "pass the data a kSecReturnPersistentRef query returned")
      }
      parsed.persistentRef = bytes
    case .ref:
      parsed.hasValueRef = true
      throw SecItemFailure(
        .errSecParam,
        "kSecValueRef (\"v_Ref\") needs a SecKeyRef, SecCertificateRef or SecIdentityRef; "
          + "passwords have no refs (errSecValueRefUnsupported) and this simulator models none",
        fix: "identify the item by its attributes (kSecAttrAccount, kSecAttrService, ...)")
    }
  }

  // MARK: - Cross-key rules

  private func checkCombinations(_ parsed: ParsedQuery, query: SecQuery) throws(SecItemFailure) {
    if parsed.attributes[.accessible] != nil, parsed.accessControl != nil {
      throw SecItemFailure(
        .errSecParam,
        "the dictionary has both kSecAttrAccessible (\"pdmn\") and kSecAttrAccessControl "
          + "(\"accc\"); Security reports \"conflicting kSecAccess and kSecAccessControl "
          + "attributes\"",
        fix: "drop kSecAttrAccessible: the access control object already carries the "
          + "protection class")
    }
    if parsed.persistentRef != nil {
      let others = query.keys.filter { key in
        guard case .attribute = QueryKey.classify(key) else { return false }
        return true
      }
      if !others.isEmpty {
        let names = others.sorted().map { KeyName.of($0) }.joined(separator: ", ")
        throw SecItemFailure(
          .errSecParam,
          "kSecValuePersistentRef cannot be combined with attributes (\(names)): \"both "
            + "persistent ref and other attributes can't be searched\"",
          fix: "search by the persistent reference alone, or by attributes alone")
      }
    }
  }
}

// MARK: - Descriptions used in explanations

extension SecValue {
  /// "a string", "CFData", ... for messages that say what type was passed.
  var kindName: String {
    switch self {
    case .string: "a string"
    case .data: "CFData"
    case .number: "a number"
    case .bool: "a boolean"
    case .date: "a date"
    case .array: "an array"
    case .dictionary: "a dictionary"
    case .accessControl: "a SecAccessControl"
    case .authenticationContext: "an LAContext"
    case .null: "NULL"
    }
  }

  var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }
}
