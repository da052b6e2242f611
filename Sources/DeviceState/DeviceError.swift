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
  /// A biometry event on a device without biometric hardware.
  case biometryNotAvailable
  /// Biometry needs an enrolled face or finger.
  case biometryNotEnrolled
  /// Five failed matches: the passcode must be entered before biometry works again.
  case biometryLockedOut
  /// Enrolling a name that is enrolled already.
  case alreadyEnrolled(String)
  /// Removing a name that is not enrolled.
  case notEnrolled(String)
  /// Face ID takes two appearances, Touch ID five fingers.
  case enrolmentLimitReached(BiometryType)
  /// Biometric unlock before the first passcode unlock since boot.
  case passcodeRequiredAfterRestart
  /// Too long without an unlock or without the passcode: biometry needs the passcode first.
  case passcodeRequired(BiometryPasscodeRequirement)
  /// Biometric unlock of a screen that is not locked.
  case notLocked

  public var description: String {
    switch self {
    case .passcodeAlreadySet: "a passcode is already set"
    case .noPasscode: "no passcode is set"
    case .blocked(let until): "passcode entry is disabled until \(until)"
    case .deviceLocked:
      "the device must be unlocked to change passcode, Face ID or Touch ID settings"
    case .invalidTimeAdvance(let milliseconds):
      "cannot advance the clock by \(SimulatedDuration.milliseconds(milliseconds))"
    case .biometryNotAvailable: "the device has no biometric hardware"
    case .biometryNotEnrolled: "no face or finger is enrolled"
    case .biometryLockedOut:
      "biometry is locked out after \(BiometryState.maximumFailedMatches) failed matches; "
        + "the passcode is required"
    case .alreadyEnrolled(let name): "`\(name)` is already enrolled"
    case .notEnrolled(let name): "`\(name)` is not enrolled"
    case .enrolmentLimitReached(let type):
      "\(type) takes at most \(type.enrolmentLimit) enrolled identities"
    case .passcodeRequiredAfterRestart:
      "the passcode is required after a restart: biometry cannot unlock before the first "
        + "passcode unlock since boot"
    case .passcodeRequired(let requirement): requirement.description
    case .notLocked: "the screen is not locked"
    }
  }
}
