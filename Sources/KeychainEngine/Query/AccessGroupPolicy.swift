import DeviceState

/// Which access groups a call may use (docs/evidence.md §5.2–§5.4).
package struct AccessGroupPolicy: Sendable {
  let caller: Caller

  var groups: [String] { caller.accessGroups }

  /// No keychain entitlements at all → errSecMissingEntitlement on every call (evidence §5.4):
  /// the first of the ``ReadObstacle``s.
  func requireEntitlements(_ function: SecItemFunction) throws(SecItemFailure) {
    guard ReadObstacle.entitlement(callerHasAccessGroup: caller.app.hasAccessGroups) != nil
    else { return }
    throw SecItemFailure(
      .errSecMissingEntitlement, .noEntitlements(bundleID: caller.app.bundleID, function: function))
  }

  /// An explicit `kSecAttrAccessGroup` must be one of the caller's groups, and the token group
  /// is never writable (evidence §5.2, §5.4).
  func check(explicit group: String, in function: SecItemFunction) throws(SecItemFailure) {
    let writes = function == .add || function == .attributesToUpdate || function == .delete
    if group == AppIdentity.tokenGroup, writes {
      throw SecItemFailure(.errSecMissingEntitlement, .tokenGroupReadOnly(group))
    }
    guard !groups.contains(group) else { return }
    throw SecItemFailure(
      .errSecMissingEntitlement,
      .groupNotEntitled(
        SecItemFailure.GroupRefusal(
          group: group, function: function, bundleID: caller.app.bundleID, entitled: groups,
          mistake: likelyMistake(group, in: function))))
  }

  /// The usual reason a group is missing.
  private func likelyMistake(_ group: String, in function: SecItemFunction)
    -> SecItemFailure.GroupMistake
  {
    let app = caller.app
    let prefixed = "\(app.teamID).\(group)"
    if groups.contains(prefixed) { return .missingTeamPrefix(prefixed: prefixed) }
    if group.hasPrefix("$(") { return .unexpandedBuildSetting(teamID: app.teamID) }
    if let (team, rest) = Provisioning.teamPrefixed(group), team != app.teamID {
      return .otherTeam(team: team, appTeam: app.teamID, rest: rest)
    }
    if let host = caller.hostApp, host.accessGroups.contains(group) {
      return .extensionWithoutHostGroup(host: host.bundleID, bundleID: app.bundleID)
    }
    if group.hasPrefix("group.") { return .appGroup(bundleID: app.bundleID) }
    if function == .attributesToUpdate { return .updateIntoForeignGroup }
    return .notListed(defaultGroup: groups.first)
  }
}
