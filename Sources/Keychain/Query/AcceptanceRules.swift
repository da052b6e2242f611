/// Which key groups each SecItem function accepts (fact sheet §2.4), checked after parsing.
enum AcceptanceRules {
  static func check(_ parsed: ParsedQuery) throws(SecItemFailure) {
    switch parsed.function {
    case .add:
      if parsed.persistentRef != nil {
        throw SecItemFailure(
          .errSecParam,
          "SecItemAdd does not take kSecValuePersistentRef (errSecValuePersistentRefUnsupported)",
          fix: "pass the item's attributes and kSecValueData instead")
      }
    case .copyMatching, .attributesToUpdate:
      break
    case .update:
      if let key = parsed.returnKeysPresent.map(\.key.rawValue).sorted().first,
        !parsed.returns.isEmpty
      {
        throw SecItemFailure(
          .errSecParam,
          "SecItemUpdate's query contains \(KeyName.of(key)); iOS refuses return keys in an "
            + "update (macOS ignores them)",
          fix: "remove the kSecReturn* keys; read the item back with SecItemCopyMatching")
      }
      if let key = parsed.matchKeys.sorted().first {
        throw SecItemFailure(
          .errSecParam,
          "SecItemUpdate's query contains \(KeyName.of(key)): \"match not supported in "
            + "attributes to update\"; an update always changes every matching item",
          fix: "remove \(KeyName.of(key)); narrow the query with attributes instead")
      }
    case .delete:
      if let key = parsed.matchKeys.sorted().first {
        throw SecItemFailure(
          .errSecParam,
          "SecItemDelete does not accept \(KeyName.of(key)) (\"match not supported by "
            + "delete\"), not even kSecMatchLimitAll; a delete always removes every match",
          fix: "remove \(KeyName.of(key))")
      }
    }
  }

  /// `attributesToUpdate` holds attributes and kSecValueData only: kSecClass, kSecMatch*,
  /// kSecReturn* and kSecUse* keys are "attributes" the class does not have → -25303.
  static func checkUpdateKeys(_ attributes: SecQuery) throws(SecItemFailure) {
    for key in attributes.keys.sorted() {
      let refused: Bool
      switch QueryKey.classify(key) {
      case .itemClass?, .match?, .returnKey?, .use?: refused = true
      case .value(let value)?: refused = value != .data
      default: refused = false
      }
      guard refused else { continue }
      throw SecItemFailure(
        .errSecNoSuchAttr,
        "attributesToUpdate contains \(KeyName.of(key)), which is not an attribute that can "
          + "be updated",
        fix: "put kSecClass, kSecMatch*, kSecReturn* and kSecUse* keys in the query argument, "
          + "and only the new attribute values (and kSecValueData) in attributesToUpdate")
    }
  }
}
