/// The `app` statements (spec §4).
public enum AppCommand: Hashable, Sendable {
  /// `app install <bundleID> team <TEAMID> [keychain-access-groups ...] [app-groups ...]`.
  case install(AppInstall)
  /// `app use <bundleID>`: later calls come from this app.
  case use(bundleID: String)
  /// `app background`: no UI can be shown.
  case background
  /// `app foreground`.
  case foreground
}

/// An app's identity and keychain-relevant entitlements.
///
/// `$(AppIdentifierPrefix)` and `$(TeamIdentifierPrefix)` in the group lists are already
/// expanded to `<TEAMID>.`, as Xcode does at signing time.
public struct AppInstall: Hashable, Sendable {
  public var bundleID: String
  public var teamID: String
  public var keychainAccessGroups: [String]
  public var appGroups: [String]

  public init(
    bundleID: String, teamID: String, keychainAccessGroups: [String] = [], appGroups: [String] = []
  ) {
    self.bundleID = bundleID
    self.teamID = teamID
    self.keychainAccessGroups = keychainAccessGroups
    self.appGroups = appGroups
  }

  /// `<TEAMID>.<bundleID>`: the application identifier, also the default access group.
  public var applicationIdentifier: String { "\(teamID).\(bundleID)" }
}
