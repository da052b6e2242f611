/// The security state of a simulated iPhone: passcode, lock state, biometry and clock.
///
/// "Device" in this project means the simulated phone as a whole (``SimulatedDevice`` in the
/// Keychain module, and the device file that keeps it); this value is one part of it.
///
/// A value type driven by ``DeviceEvent``s through ``handle(_:)``, which returns the keybag
/// work each event implies (effects as values). Because it is a value, a caller can
/// try an event on a copy before committing to it:
///
/// ```swift
/// var next = securityState
/// let commands = try next.handle(.passcodeRemoved)   // throws if refused
/// try keybag.removePasscode(current: entered)        // then do the crypto
/// commands.forEach(keybag.apply)
/// securityState = next
/// ```
public struct SecurityState: Equatable, Hashable, Sendable, Codable {
  /// Whether a passcode is set, and the failed-attempt count.
  public internal(set) var passcode: PasscodeState
  /// Before first unlock, unlocked, or locked since an instant.
  public internal(set) var lock: LockState
  /// Simulated time.
  public internal(set) var clock: SimulatedClock
  /// Face ID / Touch ID hardware, enrolments, failed matches.
  public internal(set) var biometry: BiometryState = .fresh

  /// How long class A keys survive a lock: "Shortly after the user locks a device (10 seconds,
  /// if the Require Password setting is Immediately), the decrypted class key is discarded"
  /// ([APS] "Data Protection classes"; docs/evidence.md §6.2).
  public static let classAGracePeriod = SimulatedDuration.seconds(10)

  /// A device fresh out of setup: no passcode, unlocked, the clock at its epoch.
  public static func fresh() -> SecurityState {
    SecurityState(passcode: .notSet, lock: .unlocked, clock: SimulatedClock())
  }

  /// Whether a passcode entry would be refused right now because of an escalating delay.
  ///
  /// The facade calls this *before* asking the keybag to verify a passcode, so a blocked
  /// attempt never reaches the key derivation and is not counted.
  ///
  /// - Throws: ``DeviceError/blocked(until:)`` while a delay runs.
  public func checkPasscodeEntryAllowed() throws(DeviceError) {
    if let until = passcode.blockedUntil, clock.now < until {
      throw .blocked(until: until)
    }
  }
}
