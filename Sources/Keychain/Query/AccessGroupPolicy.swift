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
        + "keychain-access-groups entitlement, so \(function) has no access group to use "
        + "(\"Client has neither application-identifier nor keychain-access-groups "
        + "entitlements\"); the usual cause is a unit-test bundle run without a host app, or "
        + "an unsigned tool",
      fix: "give the test target a host application (or sign the app with a team), so that "
        + "it has an application-identifier")
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
    let (mistake, fix) = likelyMistake(group, in: function)
    throw SecItemFailure(
      .errSecMissingEntitlement,
      "\(function) names kSecAttrAccessGroup \(group), but \(caller.app.bundleID) is only "
        + "entitled to \(groups.joined(separator: ", ")) (\"Client explicitly specifies access "
        + "group ... but is only entitled for ...\")" + (mistake.map { "; " + $0 } ?? ""),
      fix: fix)
  }

  /// The usual reason a group is missing, and its fix.
  private func likelyMistake(_ group: String, in function: SecItemFunction)
    -> (String?, String)
  {
    let app = caller.app
    let prefixed = "\(app.teamID).\(group)"
    if groups.contains(prefixed) {
      return (
        "the group is written without the team prefix: the app's group is \(prefixed)",
        "write kSecAttrAccessGroup as \"\(prefixed)\" (in code the team id is spelt out; "
          + "$(AppIdentifierPrefix) only expands in the entitlements file)"
      )
    }
    if group.hasPrefix("$(") {
      return (
        "build settings such as $(AppIdentifierPrefix) expand only in the entitlements file, "
          + "never in a string in code",
        "write the expanded group, such as \(app.teamID).<group>"
      )
    }
    if let (team, rest) = Provisioning.teamPrefixed(group), team != app.teamID {
      return (
        "the group belongs to team \(team), and an app of team \(app.teamID) can never be "
          + "entitled to another team's group",
        "share through a group of your own team, such as \(app.teamID).\(rest)"
      )
    }
    if let host = caller.hostApp, host.accessGroups.contains(group) {
      let capability = group.hasPrefix("group.") ? "App Groups" : "Keychain Sharing"
      return (
        "its host app \(host.bundleID) is entitled to it, but an extension is its own "
          + "executable with its own entitlements and inherits nothing from its host",
        "add the \(capability) capability with \(group) to the extension target "
          + "(\(app.bundleID)) too"
      )
    }
    if group.hasPrefix("group.") {
      return (
        "app groups come from the com.apple.security.application-groups entitlement",
        "add the App Groups capability with \(group) to \(app.bundleID)'s target"
      )
    }
    if function == .attributesToUpdate {
      return (
        "an update may move an item only into a group the app is entitled to",
        "add \(group) to the app's keychain-access-groups before moving items into it"
      )
    }
    return (
      nil,
      "add \(group) to the app's keychain-access-groups (or app groups), or omit "
        + "kSecAttrAccessGroup to use \(groups.first ?? "the default group")"
    )
  }
}
