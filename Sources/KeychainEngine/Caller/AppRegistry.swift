import DeviceState

/// The apps and extensions installed on the simulated device, in install order, and which
/// team registered each app group.
///
/// Pure bookkeeping: the checks a provisioning profile makes live in ``Provisioning``, the
/// keychain consequences in `SimulatedDevice+Apps`.
public struct AppRegistry: Sendable, Hashable, Codable {
  public package(set) var apps: [InstalledApp]
  /// App group ids are unique across teams: the developer portal registers each to one team.
  public package(set) var appGroupTeams: [String: String]

  /// A device with one app installed: the scenario language's `com.example.app`.
  public init(installing first: AppIdentity = .example) {
    apps = [InstalledApp(identity: first)]
    appGroupTeams = [:]
    register(appGroupsOf: first)
  }

  /// The app with this bundle id, installed or deleted.
  public func app(_ bundleID: String) -> InstalledApp? {
    apps.first { $0.bundleID == bundleID }
  }

  public func isInstalled(_ bundleID: String) -> Bool {
    app(bundleID)?.isInstalled == true
  }

  /// The extensions whose host is `bundleID`, installed or not.
  public func extensions(of bundleID: String) -> [InstalledApp] {
    apps.filter { $0.identity.hostBundleID == bundleID }
  }

  /// Adds or replaces the record for `identity.bundleID` and marks it installed.
  package mutating func record(_ identity: AppIdentity) {
    if let index = apps.firstIndex(where: { $0.bundleID == identity.bundleID }) {
      apps[index] = InstalledApp(identity: identity)
    } else {
      apps.append(InstalledApp(identity: identity))
    }
    register(appGroupsOf: identity)
  }

  package mutating func setInstalled(_ bundleID: String, _ installed: Bool) {
    guard let index = apps.firstIndex(where: { $0.bundleID == bundleID }) else { return }
    apps[index].isInstalled = installed
  }

  mutating func register(appGroupsOf identity: AppIdentity) {
    for group in identity.appGroups where appGroupTeams[group] == nil {
      appGroupTeams[group] = identity.teamID
    }
  }
}
