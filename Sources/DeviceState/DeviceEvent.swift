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
}
