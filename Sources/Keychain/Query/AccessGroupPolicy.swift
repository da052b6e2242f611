/// Which access groups a call may use (fact sheet §5.2–§5.4).
struct AccessGroupPolicy: Sendable {
  let caller: Caller

  var groups: [String] { caller.accessGroups }

  /// No keychain entitlements at all → errSecMissingEntitlement on every call (§5.4).
  func requireEntitlements(_ function: SecItemFunction) throws(SecItemFailure) {
    guard groups.isEmpty else { return }
    throw SecItemFailure(
      .errSecMissingEntitlement,
      "\(caller.app.bundleID) has neither an application-identifier nor a "
        + "keychain-access-groups entitlement, so \(function) has no access group to use",
      fix: "sign the app with a team (application-identifier) or add keychain-access-groups")
  }

  /// An explicit `kSecAttrAccessGroup` must be one of the caller's groups, and the token group
  /// is never writable (§5.2, §5.4).
  func check(explicit group: String, in function: SecItemFunction) throws(SecItemFailure) {
    let writes = function == .add || function == .attributesToUpdate || function == .delete
    if group == AppIdentity.tokenGroup, writes {
      throw SecItemFailure(
        .errSecMissingEntitlement,
        "kSecAttrAccessGroup \(group) (kSecAttrAccessGroupToken) holds CryptoTokenKit items "
          + "and is read-only for apps",
        fix: "store the item in one of your own groups")
    }
    guard !groups.contains(group) else { return }
    throw SecItemFailure(
      .errSecMissingEntitlement,
      "\(function) names kSecAttrAccessGroup \(group), but \(caller.app.bundleID) is only "
        + "entitled to \(groups.joined(separator: ", ")) (\"Client explicitly specifies access "
        + "group ... but is only entitled for ...\")",
      fix: "add \(group) to the app's keychain-access-groups (or app groups), or omit "
        + "kSecAttrAccessGroup to use \(groups.first ?? "the default group")")
  }
}
