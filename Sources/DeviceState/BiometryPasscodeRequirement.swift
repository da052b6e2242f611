/// Why the device wants the passcode instead of Face ID or Touch ID right now.
///
/// Apple Platform Security, "Touch ID, Face ID, passcodes, and passwords"
/// (support.apple.com/guide/security/sec9479035f1): "A passcode or password is also required if
/// the device is in any of the following states", of which the simulator models the four below.
/// Not modelled: a remote lock command, the Emergency SOS / power-off sheet, Mac log-out.
public enum BiometryPasscodeRequirement: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// "The device has just been turned on or restarted."
  case restart
  /// "There were five unsuccessful biometric match attempts."
  case failedMatches
  /// "The user hasn't unlocked their device for more than 48 hours."
  case noUnlockFor48Hours
  /// "The user hasn't used their passcode or password to unlock their device for 156 hours
  /// (six and a half days) and the user hasn't used a biometric to unlock their device in
  /// 4 hours."
  case noPasscodeFor156Hours

  /// The 48-hour limit without any unlock.
  public static let unlockLimit = SimulatedDuration.hours(48)
  /// The 156-hour limit without a passcode entry.
  public static let passcodeLimit = SimulatedDuration.hours(156)
  /// The 4 hours without a biometric unlock that, with ``passcodeLimit``, require the passcode.
  public static let biometricUnlockLimit = SimulatedDuration.hours(4)

  public var description: String {
    switch self {
    case .restart:
      "the device restarted: the passcode is required before Face ID or Touch ID"
    case .failedMatches:
      "\(BiometryState.maximumFailedMatches) biometric matches failed in a row: the passcode "
        + "is required before Face ID or Touch ID"
    case .noUnlockFor48Hours:
      "the device has not been unlocked for more than 48 hours: the passcode is required "
        + "before Face ID or Touch ID"
    case .noPasscodeFor156Hours:
      "the passcode has not been entered for 156 hours (six and a half days) and biometry has "
        + "not unlocked the device for 4 hours: the passcode is required before Face ID or "
        + "Touch ID"
    }
  }
}

extension SecurityState {
  /// Why Face ID / Touch ID may not be used now and the passcode is required instead; `nil`
  /// when biometry may be used (or no passcode is set, when none of this applies).
  public var biometryPasscodeRequirement: BiometryPasscodeRequirement? {
    guard passcode.isSet else { return nil }
    if lock == .beforeFirstUnlock { return .restart }
    if biometry.isLockedOut { return .failedMatches }
    let now = clock.now
    if let unlocked = biometry.lastUnlock,
      now.duration(since: unlocked) > BiometryPasscodeRequirement.unlockLimit
    {
      return .noUnlockFor48Hours
    }
    if let entered = biometry.lastPasscodeEntry,
      now.duration(since: entered) >= BiometryPasscodeRequirement.passcodeLimit,
      biometry.lastBiometricUnlock.map({
        now.duration(since: $0) >= BiometryPasscodeRequirement.biometricUnlockLimit
      }) ?? true
    {
      return .noPasscodeFor156Hours
    }
    return nil
  }
}
