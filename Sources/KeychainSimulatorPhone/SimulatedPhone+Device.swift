import Foundation
internal import Keychain

/// What a test does to the phone itself: passcode, lock, time, reboot, app state, biometry.
/// A refused operation (a wrong passcode, an escalating delay) throws ``PhoneError``: the test
/// set the phone up wrongly.
extension SimulatedPhone {
  /// Sets a passcode on a phone that has none.
  public func setPasscode(_ passcode: String) throws(PhoneError) {
    try deviceOperation("setPasscode") { $0.setPasscode(passcode) }
    rememberPasscode(passcode)
  }

  /// Changes the passcode.
  public func changePasscode(from current: String, to new: String) throws(PhoneError) {
    try deviceOperation("changePasscode") { $0.changePasscode(from: current, to: new) }
    rememberPasscode(new)
  }

  /// Removes the passcode; `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly` items are deleted.
  public func removePasscode(current: String) throws(PhoneError) {
    try deviceOperation("removePasscode") { $0.removePasscode(current: current) }
    rememberPasscode(nil)
  }

  /// Presses the lock button: class A keys go 10 seconds later (the grace period), so a read
  /// of a `kSecAttrAccessibleWhenUnlocked` item right after `lock()` still succeeds, as on an
  /// iPhone; `wait(.seconds(11))` after it to see the read refused.
  public func lock() throws(PhoneError) {
    try deviceOperation("lock") { device in
      let wasUnlocked = device.securityState.lock == .unlocked
      return (
        device.lock(),
        wasUnlocked && device.securityState.passcode.isSet
          ? Self.gracePeriodNote : nil
      )
    }
  }

  /// What the transcript says after a lock, so that a read that still succeeds is explained.
  static let gracePeriodNote =
    "class A items (kSecAttrAccessibleWhenUnlocked, kSecAttrAccessibleWhenUnlockedThisDeviceOnly) "
    + "stay readable for the \(SecurityState.classAGracePeriod) grace period after the lock, "
    + "as on an iPhone; wait(.seconds(11)) or more before a read that should be refused"

  /// Unlocks with the passcode (`nil`: the one set through this phone, or a swipe without one).
  public func unlock(passcode: String? = nil) throws(PhoneError) {
    let known = locked { () -> String? in passcode ?? currentPasscode }
    try deviceOperation("unlock") { $0.unlock(passcode: known) }
  }

  /// Unlocks with Face ID or Touch ID (asks the user, like every prompt).
  public func unlockWithBiometry() throws(PhoneError) {
    try deviceOperation("unlockWithBiometry") { $0.unlockWithBiometry() }
  }

  /// Lets simulated time pass: keys whose grace period ends are discarded.
  public func wait(_ duration: Duration) throws(PhoneError) {
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    guard milliseconds >= 0 else {
      throw PhoneError(operation: "wait", reason: "a duration cannot be negative (\(duration))")
    }
    try deviceOperation("wait(\(duration))") { $0.advanceClock(by: .milliseconds(milliseconds)) }
  }

  /// Restarts the phone: it comes back before first unlock, every class key but D's gone.
  public func reboot() throws(PhoneError) {
    try deviceOperation("reboot") { $0.reboot() }
  }

  /// Sends the app to the background, where no prompt can be shown. Data protection does not
  /// change: it follows the lock state, not the app state, so an item without access control
  /// reads exactly as it did in the foreground.
  public func moveToBackground() {
    withDevice { device in
      device.appState = .background
      recordEvent(
        PhoneEvent(
          operation: "moveToBackground",
          summary: "\(device.caller.app.bundleID) is in the background: keychain calls still run, "
            + "but no Face ID, Touch ID or passcode prompt can be shown",
          note: "data protection follows the lock state, not the app state: an item without "
            + "access control reads as it did in the foreground"))
    }
  }

  /// Brings the app back to the foreground.
  public func moveToForeground() {
    withDevice { device in
      device.appState = .foreground
      recordEvent(
        PhoneEvent(
          operation: "moveToForeground",
          summary: "\(device.caller.app.bundleID) is in the foreground: prompts can be shown"))
    }
  }

  /// Whether the app is in the background.
  public var isInBackground: Bool { withDevice { $0.appState == .background } }

  /// The biometric hardware (`LABiometryType`).
  public enum Biometry: Sendable, Hashable {
    case none, touchID, faceID
  }

  /// Changes the biometric hardware; enrolments are cleared.
  public func setBiometry(_ biometry: Biometry) throws(PhoneError) {
    let type: BiometryType =
      switch biometry {
      case .none: .none
      case .touchID: .touchID
      case .faceID: .faceID
      }
    try deviceOperation("setBiometry(.\(biometry))") { $0.setBiometryType(type) }
  }

  /// Enrols a face or finger: the domain state changes, so `biometryCurrentSet` items become
  /// unreadable.
  public func enrollBiometry(_ name: String) throws(PhoneError) {
    try deviceOperation("enrollBiometry(\"\(name)\")") { $0.enrollBiometry(name) }
  }

  /// Removes an enrolled face or finger.
  public func removeBiometry(_ name: String) throws(PhoneError) {
    try deviceOperation("removeBiometry(\"\(name)\")") { $0.removeBiometry(name) }
  }

  /// Whether the phone is locked (or before its first unlock).
  public var isLocked: Bool {
    withDevice {
      if case .unlocked = $0.securityState.lock { return false }
      return true
    }
  }

  /// Deletes every item in the app's access groups (shared groups included): a test-suite
  /// convenience iOS does not have.
  public func deleteAppItems() throws(PhoneError) {
    try deviceOperation("deleteAppItems") { $0.resetKeychain(of: $0.caller.app.bundleID) }
  }

  /// How many items the phone holds, whatever their group, class or lock state.
  public func itemCount() throws(PhoneError) -> Int {
    try withDevice { device throws(PhoneError) in
      do throws(SimulatedDeviceError) {
        return try device.listItems().count
      } catch {
        throw PhoneError(operation: "itemCount", reason: error.description)
      }
    }
  }

  private func deviceOperation(
    _ name: String, _ body: (SimulatedDevice) -> DeviceOutcome
  ) throws(PhoneError) {
    try deviceOperation(name) { device in (body(device), nil) }
  }

  /// Runs a device operation and records it in the transcript, with the engine's summary and
  /// explanation (never a passcode: the operation is named without its arguments' secrets)
  /// and `note`, when it was done, for what it means to the calls that follow.
  private func deviceOperation(
    _ name: String, _ body: (SimulatedDevice) -> (DeviceOutcome, note: String?)
  ) throws(PhoneError) {
    // The operation's name is the label, without the arguments in parentheses.
    let operation = String(name.prefix { $0 != "(" })
    try withDevice { device throws(PhoneError) in
      let (outcome, note) = body(device)
      discardPrompts()
      if let failure = device.takeSaveFailure() {
        recordEvent(
          PhoneEvent(
            operation: name, summary: outcome.summary, refused: true,
            why: failure.description))
        throw PhoneError(operation: operation, reason: failure.description)
      }
      let explanation = outcome.explanation
      recordEvent(
        PhoneEvent(
          operation: name, summary: outcome.summary, refused: !outcome.succeeded,
          why: explanation?.cause, fix: explanation?.fix,
          note: outcome.succeeded ? note : nil))
      try Self.check(outcome, operation)
    }
  }
}

extension SimulatedPhone {
  /// Whether the phone has a Secure Enclave (default true). Set it false for a phone without
  /// one (or to mimic the Xcode Simulator): `kSecAttrTokenIDSecureEnclave` key generation then
  /// fails with errSecUnimplemented, which apps probe for.
  public var hasSecureEnclave: Bool {
    get { withDevice { $0.hasSecureEnclave } }
    set { withDevice { $0.hasSecureEnclave = newValue } }
  }
}
