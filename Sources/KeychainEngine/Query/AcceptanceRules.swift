import DeviceState

/// Which key groups each SecItem function accepts (docs/evidence.md §2.4), checked after parsing.
package enum AcceptanceRules {
  static func check(_ parsed: ParsedQuery) throws(SecItemFailure) {
    switch parsed.function {
    case .add:
      if parsed.persistentRef != nil {
        throw SecItemFailure(.errSecParam, .addWithPersistentRef)
      }
    case .copyMatching, .attributesToUpdate:
      break
    case .update:
      if let key = parsed.returnKeysPresent.members.map(\.key)
        .min(by: { $0.rawValue < $1.rawValue }),
        !parsed.returns.isEmpty
      {
        throw SecItemFailure(.errSecParam, .returnKeyInUpdate(key))
      }
      if let key = parsed.matchKeys.sorted().first {
        throw SecItemFailure(.errSecParam, .matchKeyInUpdate(key))
      }
    case .delete:
      if let key = parsed.matchKeys.sorted().first {
        throw SecItemFailure(.errSecParam, .matchKeyInDelete(key))
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
      throw SecItemFailure(.errSecNoSuchAttr, .notUpdatable(key))
    }
  }
}
