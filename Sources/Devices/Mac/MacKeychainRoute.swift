import DeviceState
import ItemStore
import KeychainEngine

/// Which of a Mac's keychains a SecItem call reaches, and why (docs/evidence.md §11,
/// fact 35: the shim's `SecItemCategorizeQuery`).
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

  /// Routes `query` as the macOS shim does for an app of `personality`.
  ///
  /// Order: Mac Catalyst always reaches the data protection keychain (fact 42); a query
  /// naming kSecUseDataProtectionKeychain true, kSecAttrSynchronizable true, an access
  /// control, a token id or the token group reaches only it; kSecUseDataProtectionKeychain
  /// false reaches only the file-based keychain; anything else reaches both (fact 35). A
  /// daemon has no data protection keychain (fact 43): its "both" is the file-based one.
  static func route(_ query: SecQuery, personality: MacAppPersonality) -> MacKeychainRoute {
    if personality == .catalyst {
      return MacKeychainRoute(
        target: .dataProtection,
        reason: "a Mac Catalyst / iOS app always uses the data protection keychain; "
          + "kSecUseDataProtectionKeychain is ignored there")
    }
    if let key = dataProtectionKey(in: query) {
      return MacKeychainRoute(target: .dataProtection, reason: "the query sets \(key)")
    }
    if isFalse(query["nleg"]) {
      return MacKeychainRoute(
        target: .fileBased, reason: "the query sets kSecUseDataProtectionKeychain to false")
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
    if isTrue(query[.useDataProtectionKeychain]) { return "kSecUseDataProtectionKeychain to true" }
    if isTrue(query[.synchronizable]) { return "kSecAttrSynchronizable to true" }
    if query[.accessControl] != nil { return "kSecAttrAccessControl" }
    if query[.tokenID] != nil { return "kSecAttrTokenID" }
    if query[.accessGroup] == .string(AppIdentity.tokenGroup) {
      return "kSecAttrAccessGroup to kSecAttrAccessGroupToken"
    }
    return nil
  }

  /// CFBoolean true or a non-zero CFNumber, as CFBooleanGetValue-style checks read it.
  static func isTrue(_ value: SecValue?) -> Bool {
    switch value {
    case .bool(true): true
    case .number(let number): number != 0
    default: false
    }
  }

  static func isFalse(_ value: SecValue?) -> Bool {
    switch value {
    case .bool(false), .number(0): true
    default: false
    }
  }
}
