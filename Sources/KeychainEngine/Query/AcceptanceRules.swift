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
      // The cheap test first: the keys are only looked at when the call is refused.
      if !parsed.returns.isEmpty,
        let key = parsed.returnKeysPresent.members.map(\.key)
          .min(by: { $0.rawValue < $1.rawValue })
      {
        throw SecItemFailure(.errSecParam, .returnKeyInUpdate(key))
      }
      // Most queries have no kSecMatch key: `min()` of an empty set was a call regardless.
      if !parsed.matchKeys.isEmpty, let key = parsed.matchKeys.min() {
        throw SecItemFailure(.errSecParam, .matchKeyInUpdate(key))
      }
    case .delete:
      if let key = parsed.matchKeys.min() {
        throw SecItemFailure(.errSecParam, .matchKeyInDelete(key))
      }
    }
  }

  /// `attributesToUpdate` holds attributes and kSecValueData only: kSecClass, kSecMatch*,
  /// kSecReturn* and kSecUse* keys are "attributes" the class does not have → -25303.
  /// The refused key reported is the first in sorted order, found without sorting the keys.
  static func checkUpdateKeys(_ attributes: SecQuery) throws(SecItemFailure) {
    var firstRefused: String?
    for key in attributes.keys where isRefusedInUpdate(key) {
      if let first = firstRefused, first <= key { continue }
      firstRefused = key
    }
    if let key = firstRefused {
      throw SecItemFailure(.errSecNoSuchAttr, .notUpdatable(key))
    }
  }

  private static func isRefusedInUpdate(_ key: String) -> Bool {
    // kSecValueData, the key most updates hold, is accepted without classifying it: a call
    // into the classifier per update (issue 29).
    if key == SecQueryKey.valueData.rawValue { return false }
    return switch QueryKey.classify(key) {
    case .itemClass?, .match?, .returnKey?, .use?: true
    case .value(let value)?: value != .data
    default: false
    }
  }
}
