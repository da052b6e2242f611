import KeychainEngine

/// The `app` statements (docs/scenario-language.md §4).
package enum AppCommand: Hashable, Sendable {
  /// `app install <bundleID> team <TEAMID> [keychain-access-groups ...] [app-groups ...]`.
  case install(AppInstall)
  /// `app use <bundleID>`: later calls come from this app.
  case use(bundleID: String)
  /// `app background`: no UI can be shown.
  case background
  /// `app foreground`.
  case foreground
  /// `app uninstall <bundleID>` (*extension*): the app and its extensions are deleted; their
  /// keychain items stay, as on iOS.
  case uninstall(bundleID: String)
  /// `app transfer <bundleID> team <TEAMID>` (*extension*): an App Store app transfer.
  case transfer(bundleID: String, teamID: String)
  /// `keychain reset [<bundleID>]` (*extension*): deletes every item in the app's access
  /// groups (the current app when none is named). A test-suite convenience, not iOS.
  case resetKeychain(bundleID: String?)
  /// `app defaults set <key> <value>` (*extension*): `UserDefaults.standard.set(value,
  /// forKey: key)` in the current app; the value is masked in every echo.
  case setDefault(key: String, value: String)
  /// `app defaults remove <key>` (*extension*): `UserDefaults.standard.removeObject(forKey:)`.
  case removeDefault(key: String)
}

/// An app's identity and keychain-relevant entitlements.
///
/// `$(AppIdentifierPrefix)` and `$(TeamIdentifierPrefix)` in the group lists are already
/// expanded to `<TEAMID>.`, as Xcode does at signing time.
package struct AppInstall: Hashable, Sendable {
  package var bundleID: String
  package var teamID: String
  package var keychainAccessGroups: [String]
  package var appGroups: [String]
  /// `extension-of <bundleID>` (*extension*): the app that contains this extension.
  package var hostBundleID: String?
  /// The kind after `extension-of <bundleID>` (*extension*): `widget`, `share`, ...
  package var extensionKind: AppExtensionKind?
  /// `no-entitlements` (*extension*): no application-identifier, no groups at all, like a
  /// unit-test bundle run without a host app.
  package var noEntitlements: Bool
  /// `expo-plugin <groups>` (*extension*): the cross-platform package's Expo config plugin
  /// with these `accessGroups` (no team prefix, as in app.json); it writes the entitlement
  /// (`ExpoConfigPlugin`).
  package var expoPluginGroups: [String]? = nil

  init(
    bundleID: String, teamID: String, keychainAccessGroups: [String] = [], appGroups: [String] = [],
    hostBundleID: String? = nil, extensionKind: AppExtensionKind? = nil,
    noEntitlements: Bool = false
  ) {
    self.bundleID = bundleID
    self.teamID = teamID
    self.keychainAccessGroups = keychainAccessGroups
    self.appGroups = appGroups
    self.hostBundleID = hostBundleID
    self.extensionKind = extensionKind
    self.noEntitlements = noEntitlements
  }

  /// `<TEAMID>.<bundleID>`: the application identifier, also the default access group.
  var applicationIdentifier: String { "\(teamID).\(bundleID)" }
}
