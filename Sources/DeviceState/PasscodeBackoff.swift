/// iOS's escalating time delays after failed passcode attempts.
///
/// Apple Platform Security guide, "Passcodes and passwords" → "Escalating time delays after
/// failed passcode attempts": attempts 1–4 no delay, 5 → 1 minute, 6 → 5 minutes, 7–8 → 15
/// minutes, 9 and later → 1 hour. See docs/fidelity.md,
/// "Escalating passcode delays".
enum PasscodeBackoff {
  /// The delay imposed after the `failedAttempts`-th consecutive wrong passcode.
  static func delay(afterFailedAttempts failedAttempts: Int) -> SimulatedDuration {
    switch failedAttempts {
    case ..<5: .zero
    case 5: .minutes(1)
    case 6: .minutes(5)
    case 7, 8: .minutes(15)
    default: .hours(1)
    }
  }
}
