/// A scripted answer to a prompt (docs/scenario-language.md §5), queued by `user will ...`.
package enum UserAnswer: Hashable, Sendable, CustomStringConvertible {
  /// The next biometric scan matches an enrolled identity.
  case match
  /// The next biometric scan does not match.
  case fail
  /// The user taps Cancel.
  case cancel
  /// The user taps the fallback button ("Enter Passcode").
  case fallback
  /// The user types this passcode (never shown in `description`).
  case enter(passcode: String)

  package var description: String {
    switch self {
    case .match: "match"
    case .fail: "fail"
    case .cancel: "cancel"
    case .fallback: "fallback"
    case .enter: "enter ••••"
    }
  }
}
