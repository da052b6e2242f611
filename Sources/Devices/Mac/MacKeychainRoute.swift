import DeviceState
import ItemStore
import KeychainEngine

/// Which of a Mac's keychains a SecItem call reaches, and why (docs/evidence.md §11,
/// fact 35: the shim's `SecItemCategorizeQuery`, `OSX/libsecurity_keychain/lib/SecItem.cpp`).
package struct MacKeychainRoute: Sendable, Hashable {
  package enum Target: Sendable, Hashable {
    /// The iOS-style data protection keychain only.
    case dataProtection
    /// The file-based keychain(s) only.
    case fileBased
    /// Both: SecItemAdd goes to the file-based keychain, the others search both and merge.
    case both
  }

  var target: Target
  /// What in the query or the app decided it, for the transcript.
  var reason: String
  /// Whether the data protection keychain was asked for outright: the query sets
  /// kSecUseDataProtectionKeychain to true, or the app is a Mac Catalyst / iOS app (the
  /// shim's `useDataProtectionKeychainFlag`). SecItemUpdate then never moves an item between
  /// the keychains (`SecItemUpdate`: "don't touch the legacy keychain at all").
  var usesDataProtectionFlag = false

  /// Routes `query` as the macOS shim does for an app of `personality`.
  ///
  /// Order: Mac Catalyst always reaches the data protection keychain (fact 42). A query
  /// holding kSecUseDataProtectionKeychain is decided by it alone, as `SecItemCategorizeQuery`
  /// returns as soon as it finds the key: a true value (`readNumber` non-zero) reaches only
  /// the data protection keychain, any other value only the file-based keychain, whatever else
  /// the query holds (kSecAttrSynchronizable true, an access control, a token id: the
  /// file-based keychain then drops them). Without it, kSecAttrSynchronizable true, an access
  /// control, a token id or the token group reaches only the data protection keychain, and
  /// anything else both (fact 35). A daemon has no data protection keychain (fact 43): its
  /// "both" is the file-based one.
  static func route(_ query: SecQuery, personality: MacAppPersonality) -> MacKeychainRoute {
    if personality == .catalyst {
      return MacKeychainRoute(
        target: .dataProtection,
        reason: "a Mac Catalyst / iOS app always uses the data protection keychain; "
          + "kSecUseDataProtectionKeychain is ignored there",
        usesDataProtectionFlag: true)
    }
    if let flag = query[.useDataProtectionKeychain] {
      if isTrue(flag) {
        return MacKeychainRoute(
          target: .dataProtection, reason: "the query sets kSecUseDataProtectionKeychain to true",
          usesDataProtectionFlag: true)
      }
      var reason = "the query sets kSecUseDataProtectionKeychain to false"
      if let key = dataProtectionKey(in: query) {
        reason += ", which decides before \(key) is looked at"
      }
      return MacKeychainRoute(target: .fileBased, reason: reason)
    }
    if let key = dataProtectionKey(in: query) {
      return MacKeychainRoute(target: .dataProtection, reason: "the query sets \(key)")
    }
    if personality == .daemon {
      return MacKeychainRoute(
        target: .fileBased,
        reason: "a launchd daemon has no data protection keychain (no user login session)")
    }
    return MacKeychainRoute(
      target: .both,
      reason: "the query sets neither kSecUseDataProtectionKeychain nor "
        + "kSecAttrSynchronizable to true")
  }

  /// The key that sends a call to the data protection keychain only, named for the
  /// transcript; `nil` when there is none.
  private static func dataProtectionKey(in query: SecQuery) -> String? {
    if isTrue(query[.synchronizable]) { return "kSecAttrSynchronizable to true" }
    if query[.accessControl] != nil { return "kSecAttrAccessControl" }
    if query[.tokenID] != nil { return "kSecAttrTokenID" }
    if query[.accessGroup] == .string(AppIdentity.tokenGroup) {
      return "kSecAttrAccessGroup to kSecAttrAccessGroupToken"
    }
    return nil
  }

  /// Whether the shim reads `value` as true: its `readNumber` (SecItem.cpp) is a CFBoolean's
  /// value, a CFNumber's as a 32-bit integer, a CFString's integer when the string is exactly
  /// that integer printed ("1", not "yes" or "01"), and 0 for anything else.
  static func isTrue(_ value: SecValue?) -> Bool {
    switch value {
    case .bool(let flag): flag
    case .number(let number): Int32(truncatingIfNeeded: number) != 0
    case .string(let text): Int32(text).map { $0 != 0 && String($0) == text } ?? false
    default: false
    }
  }
}
