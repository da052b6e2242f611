/// Why the device refused an event. Never carries a passcode.
public enum DeviceError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// `passcodeSet` while a passcode is already set (change it instead).
  case passcodeAlreadySet
  /// A passcode event, or `unlockFailed`, with no passcode set.
  case noPasscode
  /// A passcode entry during an escalating delay; not counted as an attempt.
  case blocked(until: SimulatedInstant)
  /// Passcode settings can only be changed on an unlocked device.
  case deviceLocked
  /// Time cannot move backwards or past the end of the clock.
  case invalidTimeAdvance(milliseconds: Int64)

  public var description: String {
    switch self {
    case .passcodeAlreadySet: "a passcode is already set"
    case .noPasscode: "no passcode is set"
    case .blocked(let until): "passcode entry is disabled until \(until)"
    case .deviceLocked: "the device must be unlocked to change passcode settings"
    case .invalidTimeAdvance(let milliseconds):
      "cannot advance the clock by \(SimulatedDuration.milliseconds(milliseconds))"
    }
  }
}
