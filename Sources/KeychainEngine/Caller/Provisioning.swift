import DeviceState

/// The checks code signing and the provisioning profile make before iOS installs an app
/// (docs/evidence.md §5.1; docs/fidelity.md, "A refused install, not a stripped
/// entitlement").
///
/// A profile only allows `keychain-access-groups` that start with the team's own prefix
/// (`<TEAMID>.*`), so an app can never name another team's group; an app group belongs to
/// the one team that registered it. The simulator refuses such an install rather than
/// silently dropping the group, as installd refuses "invalid entitlements".
package enum Provisioning {
  /// `kSecAttrAccessGroupToken`: apps may list it to read CryptoTokenKit items.
  static let tokenGroup = AppIdentity.tokenGroup

  package static func check(_ app: AppIdentity, registry: AppRegistry) throws(InstallRefusal) {
    try checkNames(app)
    try checkTeam(of: app, registry: registry)
    if !app.hasApplicationIdentifier {
      guard app.keychainAccessGroups.isEmpty, app.appGroups.isEmpty, app.hostBundleID == nil
      else {
        throw InstallRefusal(
          "\(app.bundleID) has keychain-access-groups or app groups but no "
            + "application-identifier; on iOS every signed app has one",
          fix: "drop `no-entitlements`, or drop the groups")
      }
      return
    }
    for group in app.keychainAccessGroups { try checkKeychainGroup(group, of: app) }
    for group in app.appGroups { try checkAppGroup(group, of: app, registry: registry) }
    if let host = app.hostBundleID { try checkHost(host, of: app, registry: registry) }
  }

  /// A team id is ten characters, upper-case letters and digits (`ABCDE12345`).
  package static func isTeamID(_ text: String) -> Bool {
    text.count == 10 && text.allSatisfy { ($0.isASCII && $0.isUppercase) || $0.isASCIIDigit }
  }

  private static func checkNames(_ app: AppIdentity) throws(InstallRefusal) {
    let allowed = app.bundleID.allSatisfy { $0.isASCIIAlphanumeric || $0 == "." || $0 == "-" }
    guard !app.bundleID.isEmpty, allowed, !app.bundleID.hasPrefix(".") else {
      throw InstallRefusal(
        "`\(app.bundleID)` is not a bundle id: only letters, digits, `.` and `-` are allowed",
        fix: "use a reverse-DNS name such as com.example.app")
    }
    guard isTeamID(app.teamID) else {
      throw InstallRefusal(
        "`\(app.teamID)` is not a team id: Apple team ids are ten upper-case letters and "
          + "digits, such as ABCDE12345",
        fix: "copy the team id from the Membership page of the developer account")
    }
  }

  /// An installed app keeps its team; moving it to another team is `app transfer`.
  private static func checkTeam(of app: AppIdentity, registry: AppRegistry)
    throws(InstallRefusal)
  {
    guard let known = registry.app(app.bundleID), known.identity.teamID != app.teamID else {
      return
    }
    throw InstallRefusal(
      "\(app.bundleID) is signed by team \(known.identity.teamID) on this device; a bundle id "
        + "belongs to one team, so team \(app.teamID) cannot install an app with it",
      fix: "to move the app to team \(app.teamID), use `app transfer \(app.bundleID) team "
        + "\(app.teamID)`")
  }

  private static func checkKeychainGroup(_ group: String, of app: AppIdentity)
    throws(InstallRefusal)
  {
    let prefix = "\(app.teamID)."
    if group == tokenGroup { return }
    if group.hasPrefix(prefix), group.count > prefix.count { return }
    let profile =
      "\(app.bundleID)'s provisioning profile (team \(app.teamID)) allows keychain-access-groups "
      + "\(prefix)* only, so iOS refuses to install it (\"The executable was signed with invalid "
      + "entitlements\")"
    if let (team, rest) = teamPrefixed(group) {
      throw InstallRefusal(
        "keychain-access-groups names \(group), a group of team \(team); \(profile). Teams "
          + "never share keychain access groups, whatever the string says",
        fix: "use a group of your own team, such as $(AppIdentifierPrefix)\(rest); to share "
          + "with another team's app, use a server or iCloud Keychain shared web credentials")
    }
    throw InstallRefusal(
      "keychain-access-groups names \(group) without the team prefix; \(profile)",
      fix: "write it as $(AppIdentifierPrefix)\(group), which expands to \(prefix)\(group) "
        + "at signing time")
  }

  private static func checkAppGroup(
    _ group: String, of app: AppIdentity, registry: AppRegistry
  ) throws(InstallRefusal) {
    guard group.hasPrefix("group."), group.count > "group.".count else {
      throw InstallRefusal(
        "app group \(group) does not start with `group.`; "
          + "com.apple.security.application-groups entries on iOS always do",
        fix: "register and use group.\(group)"
          + (teamPrefixed(group) != nil ? ", or list it under keychain-access-groups" : ""))
    }
    if let owner = registry.appGroupTeams[group], owner != app.teamID {
      throw InstallRefusal(
        "app group \(group) is registered to team \(owner); an app group id belongs to one "
          + "team, so \(app.bundleID) of team \(app.teamID) cannot be provisioned with it",
        fix: "register an app group of your own team")
    }
  }

  private static func checkHost(_ host: String, of app: AppIdentity, registry: AppRegistry)
    throws(InstallRefusal)
  {
    guard let hostApp = registry.app(host), hostApp.isInstalled else {
      throw InstallRefusal(
        "\(app.bundleID) is an extension of \(host), which is not installed; an extension "
          + "ships inside its host app",
        fix: "`app install \(host) team \(app.teamID)` first")
    }
    guard !hostApp.isExtension else {
      throw InstallRefusal(
        "\(host) is itself an extension; extensions are embedded in apps, not in extensions",
        fix: "name the containing app after `extension-of`")
    }
    guard hostApp.identity.teamID == app.teamID else {
      throw InstallRefusal(
        "\(app.bundleID) is signed by team \(app.teamID) but its host \(host) by team "
          + "\(hostApp.identity.teamID); an app and its extensions are signed by one team",
        fix: "sign the extension with team \(hostApp.identity.teamID)")
    }
    guard app.bundleID.hasPrefix(host + "."), app.bundleID.count > host.count + 1 else {
      throw InstallRefusal(
        "\(app.bundleID) does not start with \(host).; an extension's bundle id is its host's "
          + "followed by a suffix",
        fix: "name it \(host).<name>, such as \(host).share")
    }
  }

  /// `("ZZZZZ99999", "com.example.shared")` when `group` starts with a team id and a dot.
  static func teamPrefixed(_ group: String) -> (team: String, rest: String)? {
    guard let dot = group.firstIndex(of: ".") else { return nil }
    let team = String(group[..<dot])
    guard isTeamID(team) else { return nil }
    return (team, String(group[group.index(after: dot)...]))
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
  fileprivate var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}
