import DeviceState
import Foundation

/// Which access groups a call may use (docs/evidence.md §5.2–§5.4).
package struct AccessGroupPolicy: Sendable {
  let caller: Caller

  var groups: [String] { caller.accessGroups }

  /// No keychain entitlements at all → errSecMissingEntitlement on every call (evidence §5.4):
  /// the first of the ``ReadObstacle``s. Static, `caller` borrowed: every call checks this,
  /// and a policy holds a copy of its caller.
  static func requireEntitlements(_ function: SecItemFunction, of caller: borrowing Caller)
    throws(SecItemFailure)
  {
    guard ReadObstacle.entitlement(callerHasAccessGroup: caller.app.hasAccessGroups) != nil
    else { return }
    throw SecItemFailure(
      .errSecMissingEntitlement, .noEntitlements(bundleID: caller.app.bundleID, function: function))
  }

  /// Checks `query`'s kSecAttrAccessGroup, when it is a string or UTF-8 data, as
  /// ``check(explicit:in:)`` does.
  func checkExplicitGroup(_ query: SecQuery, as function: SecItemFunction)
    throws(SecItemFailure)
  {
    switch query[.accessGroup] {
    case .string(let group)?:
      try check(explicit: group, in: function)
    case .data(let bytes)?:
      // The daemon converts CFData to a string for this String attribute; check that too.
      guard let group = String(data: bytes, encoding: .utf8) else { return }
      try check(explicit: group, in: function)
    default:
      return
    }
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
