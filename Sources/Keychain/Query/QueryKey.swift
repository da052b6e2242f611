/// One dictionary key, classified the way Security's daemon does it: by its spelling alone
/// (`SecDbQuery.c` `query_applier`, fact sheet §2.1).
enum QueryKey: Sendable, Equatable {
  /// `kSecClass` (`"class"`).
  case itemClass
  /// A four-character attribute (`acct`, `pdmn`, ...), resolved later against the class.
  case attribute(String)
  /// `nleg` (`kSecUseDataProtectionKeychain`): a no-op on iOS, dropped by the daemon.
  case ignoredAttribute
  /// A `kSecMatch*` key; unknown ones are accepted.
  case match(String)
  case returnKey(ReturnKey)
  /// A `kSecUse*` key.
  case use(String)
  case value(ValueKey)
  /// A key starting with `f`, which the daemon skips.
  case ignored

  enum ReturnKey: String, Sendable, CaseIterable {
    case data = "r_Data"
    case attributes = "r_Attributes"
    case ref = "r_Ref"
    case persistentRef = "r_PersistentRef"
  }

  enum ValueKey: String, Sendable, CaseIterable {
    case data = "v_Data"
    case ref = "v_Ref"
    case persistentRef = "v_PersistentRef"
  }

  /// The `kSecUse*` keys Security defines (`SecItemConstants.c`).
  static let useKeys: Set<String> = [
    "u_ItemList", "u_Tomb", "u_CredRef", "u_OpPrompt", "u_NoAuthUI", "u_AuthUI", "u_AuthCtx",
    "u_AuthUIA", "u_AuthUIF", "u_AuthUIS",
  ]

  /// Classifies `raw`, or returns `nil` for a key the daemon rejects with errSecParam.
  static func classify(_ raw: String) -> QueryKey? {
    if raw.utf8.count == 4 { return raw == "nleg" ? .ignoredAttribute : .attribute(raw) }
    switch raw.first {
    case "c": return raw == "class" ? .itemClass : nil
    case "m": return .match(raw)
    case "r": return ReturnKey(rawValue: raw).map(QueryKey.returnKey)
    case "u": return useKeys.contains(raw) ? .use(raw) : nil
    case "v": return ValueKey(rawValue: raw).map(QueryKey.value)
    case "f": return .ignored
    default: return nil
    }
  }
}
