import DeviceState

/// What kind of app extension an app is, named by its `NSExtensionPointIdentifier`.
///
/// What matters to the keychain is whether the extension can present UI: the Face ID, Touch ID
/// and passcode sheets that an item's access control needs are presented over the calling
/// process's UI. A widget (rendered by WidgetKit from a timeline) and a notification service
/// extension (which runs headless before a notification is shown) have none, so a call that
/// needs a prompt fails as if prompts were forbidden (errSecInteractionNotAllowed); a share or
/// action extension shows its own view controller and can prompt (docs/fidelity.md,
/// "Extensions that cannot present UI (MED)").
public enum AppExtensionKind: String, Sendable, Hashable, Codable, CaseIterable {
  case widget = "com.apple.widgetkit-extension"
  case notificationService = "com.apple.usernotifications.service"
  case intents = "com.apple.intents-service"
  case share = "com.apple.share-services"
  case action = "com.apple.ui-services"

  /// Whether the extension has UI over which a Face ID, Touch ID or passcode sheet can appear.
  public var canPresentUI: Bool {
    switch self {
    case .widget, .notificationService, .intents: false
    case .share, .action: true
    }
  }

  /// `widget extension`, for explanations.
  public var displayName: String {
    switch self {
    case .widget: "widget extension"
    case .notificationService: "notification service extension"
    case .intents: "Siri intents extension"
    case .share: "share extension"
    case .action: "action extension"
    }
  }
}
