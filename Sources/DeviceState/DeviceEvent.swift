/// Something that happened to the device, named for what happened rather than what to do.
///
/// Passcode events are reported *after* the keybag verified the passcode: the state machine
/// never sees a passcode, only the outcome.
public enum DeviceEvent: Equatable, Hashable, Sendable {
  /// A passcode was set where none was.
  case passcodeSet
  /// The passcode was changed (the current one was entered correctly).
  case passcodeChanged
  /// The passcode was turned off (the current one was entered correctly).
  case passcodeRemoved
  /// The correct passcode was entered, or the screen was swiped open with no passcode set.
  case unlockSucceeded
  /// A wrong passcode was entered.
  case unlockFailed
  /// The side button was pressed (or auto-lock fired): the screen locks.
  case lockButtonPressed
  /// The device was power cycled; it comes back before first unlock.
  case rebooted
  /// Simulated time passed.
  case timeAdvanced(milliseconds: Int64)
  /// The correct passcode was entered in an in-app passcode sheet (LocalAuthentication): like
  /// an unlock, it clears failed attempts and a biometry lockout, but locks nothing open.
  case passcodeVerified

  // MARK: - Biometry

  /// The biometric hardware was swapped (a scenario knob: changes nothing enrolled).
  case biometryTypeChanged(BiometryType)
  /// A face or finger was enrolled in Settings (needs a passcode, as on iOS).
  case biometryEnrolled(name: String)
  /// An enrolled face or finger was removed.
  case biometryRemoved(name: String)
  /// A biometric scan matched, in an app's prompt.
  case biometricMatchSucceeded
  /// A biometric scan did not match (lock screen or app); five in a row lock biometry out.
  case biometricMatchFailed
  /// The lock screen was unlocked by a biometric match.
  case biometricUnlockSucceeded
}
