import DeviceState

/// A prompt the device shows the user: a Face ID / Touch ID sheet or the passcode sheet.
public struct AuthenticationPrompt: Sendable, Hashable, CustomStringConvertible {
  /// Which sheet.
  public enum Kind: Sendable, Hashable {
    case faceID, touchID, passcode

    /// "Face ID", "Touch ID", "passcode".
    public var title: String {
      switch self {
      case .faceID: "Face ID"
      case .touchID: "Touch ID"
      case .passcode: "passcode"
      }
    }
  }

  public var kind: Kind
  /// `kSecUseOperationPrompt`, `localizedReason`, or `nil` when the app gave none.
  public var reason: String?
  /// The app asking (its bundle id), or `nil` for the lock screen.
  public var app: String?
  /// Whether the sheet offers the fallback button (Enter Password / Enter Passcode).
  public var offersFallback: Bool
  /// Whether the sheet still scans (Face ID / Touch ID): `false` once Face ID has stopped
  /// trying after its second failure and only the buttons remain (LAContext.h).
  public var offersScan: Bool
  /// How many scans this sheet has already failed; it decides the buttons (LAContext.h).
  public var failedScans: Int
  /// `localizedCancelTitle`, or `nil` for the system's "Cancel".
  public var cancelTitle: String?
  /// The fallback button's title: `localizedFallbackTitle`, "Enter Password" for the
  /// biometrics-only policy, or `nil` for "Enter Passcode".
  public var fallbackTitle: String?

  public init(
    kind: Kind, reason: String?, app: String?, offersFallback: Bool, offersScan: Bool = true,
    failedScans: Int = 0, cancelTitle: String? = nil, fallbackTitle: String? = nil
  ) {
    self.kind = kind
    self.reason = reason
    self.app = app
    self.offersFallback = offersFallback
    self.offersScan = kind != .passcode && offersScan
    self.failedScans = failedScans
    self.cancelTitle = cancelTitle
    self.fallbackTitle = fallbackTitle
  }

  /// The answers that make sense for this sheet: a scan (`match`, `fail`) while it still scans,
  /// and its buttons.
  public var acceptedResponses: [UserResponse.Kind] {
    switch kind {
    case .passcode: return [.enter, .cancel]
    case .faceID, .touchID:
      var accepted: [UserResponse.Kind] = offersScan ? [.match, .fail] : []
      accepted.append(.cancel)
      if offersFallback { accepted.append(.fallback) }
      return accepted
    }
  }

  /// The buttons the sheet shows, with their titles: `Cancel`, `Try Face ID Again`,
  /// `Enter Password`.
  public var buttons: [String] {
    var titles = [cancelTitle ?? "Cancel"]
    if kind == .faceID, offersScan, failedScans > 0 { titles.append("Try Face ID Again") }
    if kind != .passcode, offersFallback {
      titles.append(fallbackTitle ?? "Enter Passcode")
    }
    return titles
  }

  /// `Face ID for com.example.app: “Sign in”`; after a failed scan the buttons follow.
  public var description: String {
    var text = kind == .passcode ? "passcode sheet" : kind.title
    text += app.map { " for \($0)" } ?? " on the lock screen"
    if let reason { text += ": “\(reason)”" }
    if kind != .passcode, failedScans > 0 || cancelTitle != nil {
      let failed = failedScans == 1 ? "1 failed scan" : "\(failedScans) failed scans"
      text += " (\(failedScans > 0 ? "after \(failed), " : "")buttons: "
      text += buttons.joined(separator: ", ") + ")"
    }
    return text
  }
}

/// What the user does at a prompt (the scenario language's `user will ...`).
public enum UserResponse: Sendable, Hashable, CustomStringConvertible {
  case match, fail, cancel, fallback
  /// Types a passcode (never shown in `description`).
  case enter(String)

  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case match, fail, cancel, fallback, enter
  }

  public var kind: Kind {
    switch self {
    case .match: .match
    case .fail: .fail
    case .cancel: .cancel
    case .fallback: .fallback
    case .enter: .enter
    }
  }

  public var description: String {
    if case .enter = self { return "enter ••••" }
    return kind.rawValue
  }
}

extension AuthenticationPrompt.Kind {
  /// The biometric sheet of this hardware; `nil` without biometry.
  package static func biometric(_ type: BiometryType) -> Self? {
    switch type {
    case .faceID: .faceID
    case .touchID: .touchID
    case .none: nil
    }
  }
}
