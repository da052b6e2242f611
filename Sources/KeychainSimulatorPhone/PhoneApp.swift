import Foundation
package import Keychain

/// The app whose code calls SecItem on the simulated phone: what its provisioning profile and
/// entitlements say.
///
/// Resolved, when a test does not set it in code, from environment variables, then from an
/// `Info.plist` next to the test executable, then from ``default``
/// (see ``resolve(environment:infoDictionary:)``).
public struct PhoneApp: Sendable, Hashable, CustomStringConvertible {
  public var bundleID: String
  public var teamID: String
  /// `keychain-access-groups`, in entitlement order (the first is where SecItemAdd puts items
  /// without kSecAttrAccessGroup); `$(AppIdentifierPrefix)` expands to `<teamID>.`.
  public var keychainAccessGroups: [String]
  /// `com.apple.security.application-groups`.
  public var appGroups: [String]

  public init(
    bundleID: String, teamID: String = "ABCDE12345", keychainAccessGroups: [String] = [],
    appGroups: [String] = []
  ) {
    self.bundleID = bundleID
    self.teamID = teamID
    self.keychainAccessGroups = keychainAccessGroups
    self.appGroups = appGroups
  }

  /// The documented default: `com.example.app` of team `ABCDE12345`, no extra groups, so its
  /// items go to `ABCDE12345.com.example.app`.
  public static let `default` = PhoneApp(bundleID: "com.example.app", teamID: "ABCDE12345")

  /// The environment variables read by ``resolve(environment:infoDictionary:)``.
  public enum EnvironmentKey {
    public static let bundleID = "KEYCHAIN_SIM_BUNDLE_ID"
    public static let teamID = "KEYCHAIN_SIM_TEAM_ID"
    /// Comma-separated, in entitlement order.
    public static let keychainAccessGroups = "KEYCHAIN_SIM_ACCESS_GROUPS"
    /// Comma-separated.
    public static let appGroups = "KEYCHAIN_SIM_APP_GROUPS"
  }

  /// The `Info.plist` keys read by ``resolve(environment:infoDictionary:)``: Apple's names
  /// for the bundle id and the entitlements, and `AppIdentifierPrefix` (`"ABCDE12345."`, the
  /// key Xcode templates use) for the team.
  public enum InfoPlistKey {
    public static let bundleID = "CFBundleIdentifier"
    public static let appIdentifierPrefix = "AppIdentifierPrefix"
    public static let keychainAccessGroups = "keychain-access-groups"
    public static let appGroups = "com.apple.security.application-groups"
  }

  /// The app as the test process describes it: each field from the environment when set,
  /// else from the Info.plist, else from ``default``.
  ///
  /// - Parameters:
  ///   - environment: `ProcessInfo.processInfo.environment` by default.
  ///   - infoDictionary: `Bundle.main.infoDictionary` by default (on Linux, an `Info.plist`
  ///     in the test executable's folder, `$(swift build --show-bin-path)/Info.plist`).
  public static func resolve(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    infoDictionary: [String: Any]? = Bundle.main.infoDictionary
  ) -> PhoneApp {
    let info = infoDictionary ?? [:]
    var app = PhoneApp.default
    if let bundleID = nonEmpty(environment[EnvironmentKey.bundleID])
      ?? nonEmpty(info[InfoPlistKey.bundleID] as? String)
    {
      app.bundleID = bundleID
    }
    let prefix = (info[InfoPlistKey.appIdentifierPrefix] as? String).map {
      $0.hasSuffix(".") ? String($0.dropLast()) : $0
    }
    if let team = nonEmpty(environment[EnvironmentKey.teamID]) ?? nonEmpty(prefix) {
      app.teamID = team
    }
    if let groups = list(environment[EnvironmentKey.keychainAccessGroups])
      ?? (info[InfoPlistKey.keychainAccessGroups] as? [String])
    {
      app.keychainAccessGroups = groups
    }
    if let groups = list(environment[EnvironmentKey.appGroups])
      ?? (info[InfoPlistKey.appGroups] as? [String])
    {
      app.appGroups = groups
    }
    return app
  }

  /// The engine's identity for this app.
  package var identity: AppIdentity {
    AppIdentity(
      bundleID: bundleID, teamID: teamID, keychainAccessGroups: keychainAccessGroups,
      appGroups: appGroups)
  }

  /// The access groups in Security's order; the first is the default for SecItemAdd.
  public var accessGroups: [String] { identity.accessGroups }

  /// `com.example.app (team ABCDE12345; groups ABCDE12345.com.example.app)`.
  public var description: String {
    "\(bundleID) (team \(teamID); groups \(accessGroups.joined(separator: ", ")))"
  }

  private static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
  }

  private static func list(_ text: String?) -> [String]? {
    guard let text = nonEmpty(text) else { return nil }
    return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }
}
