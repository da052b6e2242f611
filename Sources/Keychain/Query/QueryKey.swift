import ItemStore

/// One dictionary key, classified the way Security's daemon does it: by its spelling alone
/// (`SecDbQuery.c` `query_applier`, docs/evidence.md §2.1).
enum QueryKey: Sendable, Equatable {
  /// `kSecClass` (`"class"`).
  case itemClass
  /// A four-character attribute (`acct`, `pdmn`, ...), resolved later against the class.
  case attribute(AttributeName)
  /// `nleg` (`kSecUseDataProtectionKeychain`): a no-op on iOS, dropped by the daemon.
  case ignoredAttribute
  /// A `kSecMatch*` key; unknown ones are accepted.
  case match(String)
  case returnKey(ReturnKey)
  /// A `kSecUse*` key.
  case use(SecQueryKey)
  case value(ValueKey)
  /// A key starting with `f`, which the daemon skips.
  case ignored

  enum ReturnKey: Sendable, CaseIterable {
    case data
    case attributes
    case ref
    case persistentRef

    var key: SecQueryKey {
      switch self {
      case .data: .returnData
      case .attributes: .returnAttributes
      case .ref: .returnRef
      case .persistentRef: .returnPersistentRef
      }
    }

    init?(_ raw: String) {
      guard let found = Self.allCases.first(where: { $0.key.rawValue == raw }) else {
        return nil
      }
      self = found
    }
  }

  enum ValueKey: Sendable, CaseIterable {
    case data
    case ref
    case persistentRef

    var key: SecQueryKey {
      switch self {
      case .data: .valueData
      case .ref: .valueRef
      case .persistentRef: .valuePersistentRef
      }
    }

    init?(_ raw: String) {
      guard let found = Self.allCases.first(where: { $0.key.rawValue == raw }) else {
        return nil
      }
      self = found
    }
  }

  /// Classifies `raw`, or returns `nil` for a key the daemon rejects with errSecParam.
  static func classify(_ raw: String) -> QueryKey? {
    if raw.utf8.count == 4 {
      return raw == AttributeName.dataProtectionKeychain.rawValue
        ? .ignoredAttribute : .attribute(AttributeName(rawValue: raw))
    }
    switch raw.first {
    case "c": return raw == SecQueryKey.itemClass.rawValue ? .itemClass : nil
    case "m": return .match(raw)
    case "r": return ReturnKey(raw).map(QueryKey.returnKey)
    case "u": return SecQueryKey.useKeys.contains(raw) ? .use(SecQueryKey(rawValue: raw)) : nil
    case "v": return ValueKey(raw).map(QueryKey.value)
    case "f": return .ignored
    default: return nil
    }
  }
}
