import DeviceState

/// One app (or app extension) the device knows about, installed or deleted.
///
/// A deleted app is remembered because iOS keeps its keychain items: reinstalling it with the
/// same entitlements makes them visible again.
public struct InstalledApp: Sendable, Hashable, Codable {
  public var identity: AppIdentity
  public var isInstalled: Bool

  public init(identity: AppIdentity, isInstalled: Bool = true) {
    self.identity = identity
    self.isInstalled = isInstalled
  }

  public var bundleID: String { identity.bundleID }
  public var isExtension: Bool { identity.hostBundleID != nil }
}
