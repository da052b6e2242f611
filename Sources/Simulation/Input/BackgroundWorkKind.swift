/// The kinds of background work iOS gives an app, each with how often and when it runs by
/// default (docs/simulate.md, "Background work: when it runs").
public enum BackgroundWorkKind: String, CaseIterable, Sendable, Hashable {
  /// BGAppRefreshTask: a few runs a day, clustered just before predicted use.
  case appRefresh = "app-refresh"
  /// A background (content-available) push: spread over the day, ≤ 2–3 an hour.
  case silentPush = "silent-push"
  /// BGProcessingTask: once a night, idle and charging.
  case processing = "processing"
  /// A WidgetKit timeline reload: 40–70 a day for a widget the user views often.
  case widget = "widget"
  /// A notification service extension: once per alert push with mutable-content.
  case notificationService = "notification-service"

  /// Runs a day when the spec gives no `per-day`.
  public var defaultRunsPerDay: Double {
    switch self {
    case .appRefresh: 4  // UNCERTAIN: one developer log (4 grants in a day)
    case .silentPush: 6  // the server's choice; Apple's ceiling is 2–3 an hour
    case .processing: 1  // "a few minutes, idle + charging, i.e. overnight"
    case .widget: 55  // middle of WidgetKit's "40 to 70" daily budget
    case .notificationService: 10  // the server's choice: alert pushes with mutable-content
    }
  }

  /// Whether this kind runs in an app extension (its own process and entitlements) rather than
  /// the app: a widget and a notification service extension do.
  public var runsInExtension: Bool {
    self == .widget || self == .notificationService
  }
}
