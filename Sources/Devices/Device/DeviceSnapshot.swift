import DeviceState
import KeychainEngine

/// The device state as `show device`, prompts and `expect device ...` see it.
/// Data only: the scenario runner words it (`show device`).
public struct DeviceSnapshot: Sendable, Hashable {
  public var lock: LockState
  public var passcodeSet: Bool
  public var failedPasscodeAttempts: Int
  /// When the running escalating passcode delay ends, if one runs.
  public var passcodeBlockedUntil: SimulatedInstant?
  public var now: SimulatedInstant
  /// The protection classes whose items can be read right now.
  public var availableClasses: Set<ProtectionClass>
  public var caller: Caller
  /// Face ID / Touch ID hardware, enrolments, failed matches.
  public var biometry: BiometryState = .fresh
  /// Why the passcode is required instead of Face ID / Touch ID now, if it is.
  public var biometryPasscodeRequirement: BiometryPasscodeRequirement?
  /// Whether the calling app is in the foreground.
  public var appState: AppExecutionState = .foreground
  /// Set when the device file could not be written after the last change.
  public var saveError: String?
  /// What kind of device it is.
  public var platform: DevicePlatform = .iPhone
}

extension SimulatedDevice {
  /// The current state, for `show device`.
  public var state: DeviceSnapshot {
    DeviceSnapshot(
      lock: securityState.lock, passcodeSet: securityState.passcode.isSet,
      failedPasscodeAttempts: securityState.passcode.failedAttempts,
      passcodeBlockedUntil: securityState.passcode.blockedUntil, now: securityState.clock.now,
      availableClasses: keybag.loadedClasses, caller: caller, biometry: securityState.biometry,
      biometryPasscodeRequirement: securityState.biometryPasscodeRequirement, appState: appState,
      saveError: lastSaveError, platform: platform)
  }
}
