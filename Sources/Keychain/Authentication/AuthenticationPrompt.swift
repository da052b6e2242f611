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
  /// Whether the sheet offers the fallback button (Enter Passcode).
  public var offersFallback: Bool

  public init(kind: Kind, reason: String?, app: String?, offersFallback: Bool) {
    self.kind = kind
    self.reason = reason
    self.app = app
    self.offersFallback = offersFallback
  }

  /// The answers that make sense for this sheet.
  public var acceptedResponses: [UserResponse.Kind] {
    switch kind {
    case .passcode: [.enter, .cancel]
    case .faceID, .touchID:
      offersFallback ? [.match, .fail, .cancel, .fallback] : [.match, .fail, .cancel]
    }
  }

  /// `Face ID for com.example.app: “Sign in”`.
  public var description: String {
    var text = kind == .passcode ? "passcode sheet" : kind.title
    text += app.map { " for \($0)" } ?? " on the lock screen"
    if let reason { text += ": “\(reason)”" }
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
  static func biometric(_ type: BiometryType) -> Self? {
    switch type {
    case .faceID: .faceID
    case .touchID: .touchID
    case .none: nil
    }
  }
}
