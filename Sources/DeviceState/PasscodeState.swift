/// Whether the device has a passcode, and how its failed attempts stand.
///
/// The passcode itself is not here: it is verified by the keybag (a wrong passcode fails to
/// unwrap the class keys), so the state machine only records what the verification said.
public enum PasscodeState: Equatable, Hashable, Sendable, Codable {
  /// No passcode: every class but `akpu` is always available.
  case notSet
  /// A passcode is set. `failedAttempts` counts consecutive wrong entries since the last correct
  /// one; `blockedUntil` is when the current escalating delay ends, if one is running.
  case set(failedAttempts: Int, blockedUntil: SimulatedInstant?)

  /// A freshly set or just-entered passcode: no failures, no delay.
  public static let setClean = PasscodeState.set(failedAttempts: 0, blockedUntil: nil)

  /// Whether a passcode is set.
  public var isSet: Bool {
    switch self {
    case .notSet: false
    case .set: true
    }
  }

  /// Consecutive wrong entries (0 when no passcode is set).
  public var failedAttempts: Int {
    switch self {
    case .notSet: 0
    case .set(let failedAttempts, _): failedAttempts
    }
  }

  /// When the running escalating delay ends, if any.
  public var blockedUntil: SimulatedInstant? {
    switch self {
    case .notSet: nil
    case .set(_, let blockedUntil): blockedUntil
    }
  }
}
