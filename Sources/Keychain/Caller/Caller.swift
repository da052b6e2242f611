/// Who is making SecItem calls: the app in the foreground of the simulated device.
///
/// Kept apart from ``AppIdentity`` so that execution context (foreground, background) can grow
/// here without touching the entitlements.
public struct Caller: Sendable, Hashable, Codable {
  public var app: AppIdentity

  public init(app: AppIdentity = .example) {
    self.app = app
  }

  /// The caller every fresh device starts with (scenario language §2).
  public static let `default` = Caller()

  public var accessGroups: [String] { app.accessGroups }
}
