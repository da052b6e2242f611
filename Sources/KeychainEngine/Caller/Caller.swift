import DeviceState

/// Who is making SecItem calls: the app in the foreground of the simulated device.
///
/// Kept apart from ``AppIdentity`` so that execution context (foreground, background) can grow
/// here without touching the entitlements.
public struct Caller: Sendable, Hashable, Codable {
  public var app: AppIdentity
  /// The app containing the caller when the caller is an extension; only used to explain
  /// errSecMissingEntitlement (the host's groups are not the extension's).
  public var hostApp: AppIdentity?

  public init(app: AppIdentity = .example, hostApp: AppIdentity? = nil) {
    self.app = app
    self.hostApp = hostApp
  }

  /// The caller every fresh device starts with (docs/scenario-language.md §2).
  public static let `default` = Caller()

  public var accessGroups: [String] { app.accessGroups }
}
