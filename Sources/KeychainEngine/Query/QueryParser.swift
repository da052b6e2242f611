import DeviceState
import Foundation
import ItemStore

/// Validates one SecItem dictionary the way Security's daemon parses it (`SecDbQuery.c`),
/// producing a ``ParsedQuery`` or the failure Apple reports (docs/evidence.md §2.1–§2.3).
///
/// Keys are visited in sorted order so that a dictionary with several faults always reports the
/// same one (the daemon reports whichever its dictionary iteration meets first).
package struct QueryParser {
  /// Security's "Past query key limit" (`SecDbQuery.c` l.1027).
  static let maximumKeyCount = 128

  /// kSecClassIdentity's raw string: a class Security knows but this simulator does not store.
  static let identityClass = "idnt"

  /// Parses `query` as the given function's dictionary. For `attributesToUpdate`, pass the class
  /// of the query it updates.
  func parse(
    _ query: SecQuery, as function: SecItemFunction, itemClass knownClass: ItemClass? = nil
  ) throws(SecItemFailure) -> ParsedQuery {
    try Self.checkKeyCount(query)
    let itemClass: ItemClass
    if let knownClass { itemClass = knownClass } else {
      itemClass = try resolveClass(query[.itemClass], in: query)
    }
    return try parseKeys(query, as: function, itemClass: itemClass)
  }

  /// ``parse(_:as:itemClass:)`` with the class from `keys`, `query`'s checked keys: the
  /// validator's pass over the keys found kSecClass, which is looked up again only when it
  /// names no class the store has.
  func parse(_ query: SecQuery, as function: SecItemFunction, holding keys: CheckedKeys)
    throws(SecItemFailure) -> ParsedQuery
  {
    try Self.checkKeyCount(query)
    let itemClass: ItemClass
    if let known = keys.itemClass { itemClass = known } else {
      itemClass = try resolveClass(query[.itemClass], in: query)
    }
    return try parseKeys(query, as: function, itemClass: itemClass)
  }

  private static func checkKeyCount(_ query: SecQuery) throws(SecItemFailure) {
    if query.count > Self.maximumKeyCount {
      throw SecItemFailure(
        .errSecParam, .tooManyKeys(count: query.count, limit: Self.maximumKeyCount))
    }
  }

  private func parseKeys(_ query: SecQuery, as function: SecItemFunction, itemClass: ItemClass)
    throws(SecItemFailure) -> ParsedQuery
  {
    var parsed = ParsedQuery(function: function, itemClass: itemClass)
    // Room for every key at once: growing the attributes one insert at a time reallocated
    // them.
    parsed.attributes = ParsedAttributes(capacity: query.count)
    try addKeys(query, to: &parsed)
    return parsed
  }

  /// Adds every key of `query` to `parsed`, then checks their combinations. Apart from
  /// ``parseKeys(_:as:itemClass:)``, which only returns what it made: with the checks there,
  /// the parsed query was copied whole to be returned, and the original destroyed (issue 29).
  private func addKeys(_ query: SecQuery, to parsed: inout ParsedQuery) throws(SecItemFailure) {
    let function = parsed.function
    let schema = ClassSchema(parsed.itemClass)
    // The dictionary's own order first: what a key adds never depends on the keys before it,
    // so a query that passes parses the same in any order, without sorting its keys. A fault
    // is then looked for again in sorted order, so that the one reported is always the same.
    do {
      for (key, value) in query {
        try add(key: key, value: value, to: &parsed, function: function, schema: schema)
      }
    } catch {
      var sortedParse = ParsedQuery(function: function, itemClass: parsed.itemClass)
      for (key, value) in query.sorted(by: { $0.key < $1.key }) {
        try add(key: key, value: value, to: &sortedParse, function: function, schema: schema)
      }
      throw error
    }
    // The two fields alone: passing the whole query had it copied and destroyed once more.
    try checkCombinations(
      parsed.attributes, hasPersistentRef: parsed.persistentRef != nil, query: query)
  }

  /// Classifies `key` and adds it: errSecParam for a key the daemon does not know.
  private func add(
    key: String, value: SecValue, to parsed: inout ParsedQuery, function: SecItemFunction,
    schema: ClassSchema
  ) throws(SecItemFailure) {
    guard let kind = QueryKey.classify(key) else {
      throw SecItemFailure(.errSecParam, .unknownKey(key, function: function))
    }
    try add(key: key, kind: kind, value: value, to: &parsed, schema: schema)
  }

  // MARK: - kSecClass

  /// `kSecClass`, given its value in `query` (`nil` when absent): missing or not a string →
  /// -50, unknown → -25306 (evidence §2.2). A persistent reference names its class, so it
  /// stands in for a missing kSecClass.
  private func resolveClass(_ value: SecValue?, in query: SecQuery) throws(SecItemFailure)
    -> ItemClass
  {
    guard let value else {
      if case .data(let reference)? = query[.valuePersistentRef],
        let (itemClass, _) = PersistentReference.decode(reference)
      {
        return itemClass
      }
      throw SecItemFailure(.errSecParam, .missingClass)
    }
    guard case .string(let raw) = value else {
      throw SecItemFailure(.errSecParam, .wrongType(key: .itemClass, got: value.type))
    }
    if let itemClass = ItemClass(rawValue: raw) { return itemClass }
    if raw == Self.identityClass { throw SecItemFailure.unsupported(.identityClass) }
    throw SecItemFailure(.errSecNoSuchClass, .unknownClass(raw))
  }

  // MARK: - One key

  private func add(
    key: String, kind: QueryKey, value: SecValue, to parsed: inout ParsedQuery,
    schema: ClassSchema
  ) throws(SecItemFailure) {
    switch kind {
    case .itemClass, .ignoredAttribute, .ignored:
      return
    case .attribute(let name, let code):
      try addAttribute(name, code: code, value: value, to: &parsed, schema: schema)
    case .match(let name):
      parsed.matchKeys.insert(name)
      if name == SecQueryKey.matchLimit.rawValue { parsed.limit = try Self.matchLimit(value) }
    case .returnKey(let returnKey):
      guard case .bool(let wanted) = value else {
        throw SecItemFailure(
          .errSecParam, .wrongType(key: .returnKey(returnKey.key), got: value.type))
      }
      parsed.returnKeysPresent.insert(QueryKey.ReturnKeys(returnKey))
      if wanted { parsed.returns.insert(QueryKey.ReturnKeys(returnKey)) }
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
        throw SecItemFailure(.errSecParam, .wrongType(key: .authenticationUI, got: value.type))
      }
      parsed.authenticationUI = AuthenticationUI(rawValue: raw)
    case .authenticationContext:
      guard case .authenticationContext(let context) = value else {
        throw SecItemFailure(
          .errSecParam, .wrongType(key: .authenticationContext, got: value.type))
      }
      parsed.authenticationContext = context
    case .operationPrompt:
      if case .string(let prompt) = value { parsed.operationPrompt = prompt }
    case .noAuthenticationUI:
      parsed.noAuthenticationUI = value == .bool(true)
    default:
      // kSecUseItemList, kSecUseTombstones, kSecUseCredentialReference and the three
      // kSecUseAuthenticationUI values as keys: only their presence matters.
      return
    }
  }

  private func addValue(
    _ key: QueryKey.ValueKey, value: SecValue, to parsed: inout ParsedQuery
  ) throws(SecItemFailure) {
    switch key {
    case .data:
      guard case .data(let bytes) = value else {
        throw SecItemFailure(.errSecParam, .wrongType(key: .valueData, got: value.type))
      }
      parsed.data = bytes
    case .persistentRef:
      guard case .data(let bytes) = value else {
        throw SecItemFailure(
          .errSecParam, .wrongType(key: .valuePersistentRef, got: value.type))
      }
      // securityd's query_add_value: a reference `_SecItemParsePersistentRef` cannot read is
      // errSecItemInvalidValue (-50), not a search that finds nothing.
      guard PersistentReference.decode(bytes) != nil else {
        throw SecItemFailure(.errSecParam, .malformedPersistentRef(length: bytes.count))
      }
      parsed.persistentRef = bytes
    case .ref:
      parsed.hasValueRef = true
      throw SecItemFailure(.errSecParam, .valueRefUnsupported)
    }
  }

  // MARK: - Cross-key rules

  private static func accessControl(_ value: SecValue) -> SecAccessControl? {
    if case .accessControl(let control) = value { return control }
    return nil
  }

  private func checkCombinations(
    _ attributes: ParsedAttributes, hasPersistentRef: Bool, query: SecQuery
  ) throws(SecItemFailure) {
    // securityd's query_set_access_control: kSecAttrAccessible makes a protection-only access
    // control, which conflicts with any other one (-50); returned attributes, which carry
    // both `pdmn` and the item's protection-only `accc`, can be passed back.
    if case .text(let accessible)? = attributes[.accessible],
      let control = query[AttributeName.accessControl].flatMap(Self.accessControl),
      control != .protectionOnly(accessible)
    {
      throw SecItemFailure(.errSecParam, .accessibleWithAccessControl)
    }
    if hasPersistentRef {
      let others = query.keys.filter { key in
        guard case .attribute = QueryKey.classify(key) else { return false }
        return true
      }
      if !others.isEmpty {
        throw SecItemFailure(.errSecParam, .persistentRefWithAttributes(others.sorted()))
      }
    }
  }
}
