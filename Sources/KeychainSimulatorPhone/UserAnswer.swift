/// What the simulated user does at the next prompt (Face ID, Touch ID or the passcode sheet).
public enum UserAnswer: Sendable, Hashable, CustomStringConvertible {
  /// The face or finger matches.
  case match
  /// The face or finger does not match.
  case fail
  /// The user taps Cancel.
  case cancel
  /// The user taps the fallback button (Enter Passcode).
  case fallback
  /// The user types a passcode on the passcode sheet.
  case enterPasscode(String)
  /// The user presents the face or finger named `name` (as enrolled with
  /// `enrollBiometry(_:)`): a match when it is enrolled now, a failed scan otherwise (a face
  /// added after the test's key, someone else's finger).
  case face(String)

  /// The passcode is never shown.
  public var description: String {
    switch self {
    case .match: "match"
    case .fail: "fail"
    case .cancel: "cancel"
    case .fallback: "fallback"
    case .enterPasscode: "enter ••••"
    case .face(let name): "face \"\(name)\""
    }
  }
}

/// Who answers a prompt when no queued answer is left.
public enum UserBehaviour: Sendable, Hashable {
  /// Approves every prompt: a biometric match, or the right passcode on the passcode sheet.
  case cooperative
  /// Never answers: the prompt is dismissed (LAError.systemCancel, errSecAuthFailed).
  case absent
}
