import DeviceState
import KeychainEngine

/// Why the device refused an operation, with the values that explain it. Tests and library
/// users match on these; ``explanation`` is the one renderer into the transcript's words.
public enum DeviceRefusal: Sendable, Hashable {
  /// The keybag did not open with the passcode; counted as a failed attempt, which may have
  /// started an escalating delay (`blockedUntil`).
  case wrongPasscode(failedAttempts: Int, blockedUntil: SimulatedInstant?, now: SimulatedInstant)
  /// The keybag is damaged: not a wrong passcode, and no attempt was counted.
  case damagedKeybag(detail: String)
  case emptyPasscode
  /// The device's state machine refused (a passcode already set, entry blocked, locked...).
  case deviceRule(DeviceError)
  /// Settings refused a biometric enrolment change.
  case biometryRule(DeviceError)
  /// An unlock with no passcode given while one is set.
  case passcodeNeeded
  /// The lock-screen Face ID / Touch ID cannot be used (locked out, nothing enrolled...).
  case biometryUnavailable(AuthenticationRefusal)
  /// The lock-screen Face ID / Touch ID before the first unlock since a restart.
  case biometryBeforeFirstUnlock
  /// A face or finger did not match; `lockedOut` when that was one failure too many.
  case biometryNoMatch(method: String, failedMatches: Int, lockedOut: Bool)
  /// The user dismissed a prompt (`method` is "Face ID", "Touch ID").
  case promptDismissed(method: String)
  case passcodeKeypadDismissed
  /// No scripted or interactive answer for a prompt.
  case promptUnanswered(method: String)
  /// The item store failed while the device changed (`action` says what was left undone).
  case storeFailed(detail: String)
  /// iOS refused to install the app (entitlements its team's profile does not allow).
  case installRefused(InstallRefusal)
  /// No such app installed (`everInstalled` tells a deleted app from an unknown one).
  case unknownApp(bundleID: String, everInstalled: Bool, installed: [String])
  case extensionTransfer(bundleID: String, host: String, team: String)
  case notATeamID(String)
  case alreadyInTeam(bundleID: String, team: String)
  /// Any other refusal of the keybag, in its own words.
  case keybag(String)
  /// iCloud Keychain needs an Apple Account signed in on the device.
  case notSignedIn
  /// A device signs into one Apple Account at a time.
  case signedIntoAnotherAccount(current: String)
  /// The device has no iCloud (an Android phone).
  case noICloud(DevicePlatform)
  /// The device kind has no passcode setting (the iOS Simulator).
  case noPasscodeSetting(DevicePlatform)
  /// The iOS Simulator's Face ID / Touch ID menu, which enrols without a passcode, is not
  /// modelled (docs/fidelity.md, "The iOS Simulator").
  case simulatorBiometryNotModelled
  /// iCloud Keychain is off for the signed-in account on this device.
  case iCloudKeychainOff(appleID: String)
  /// A backup, restore or Quick Start transfer that could not run.
  case backup(BackupRefusal)
  /// A Mac-only setting (how an app runs on a Mac) on another kind of device.
  case notAMac(DevicePlatform)

  /// Why, and the usual fix, as the transcript prints them.
  public var explanation: Explanation {
    switch self {
    case .wrongPasscode(let failed, let blockedUntil, let now):
      var cause = "wrong passcode (\(failed) failed attempt(s) in a row)"
      if let until = blockedUntil {
        cause +=
          "; passcode entry is disabled until \(until) (\(until.duration(since: now)) from now)"
      }
      return Explanation(cause: cause, fix: "enter the device's current passcode")
    case .damagedKeybag(let detail):
      return Explanation(
        cause: "the keybag in the device file is damaged (\(detail)); this is not a wrong "
          + "passcode, so no failed attempt was counted",
        fix: "restore the device file from a copy, or create a new device")
    case .emptyPasscode:
      return Explanation(cause: "the passcode is empty", fix: "use at least one digit")
    case .deviceRule(let error):
      return Explanation(cause: error.description, fix: Self.fix(for: error))
    case .biometryRule(let error):
      return Explanation(cause: error.description, fix: Self.biometryFix(for: error))
    case .passcodeNeeded:
      return Explanation(
        cause: "a passcode is set; unlocking needs it", fix: "unlock with the passcode")
    case .biometryUnavailable(let refusal):
      return AuthenticationRefusalRenderer.explanation(refusal)
    case .biometryBeforeFirstUnlock:
      return Explanation(
        cause: DeviceError.passcodeRequiredAfterRestart.description,
        fix: "unlock with the passcode (device unlock <passcode>)")
    case .biometryNoMatch(let method, let failed, let lockedOut):
      var cause = "\(method) did not match (\(failed) failed in a row)"
      if lockedOut { cause += "; \(method) is now locked out until the passcode is entered" }
      return Explanation(cause: cause, fix: "try again, or unlock with the passcode")
    case .promptDismissed(let method):
      return Explanation(cause: "the user dismissed the \(method) prompt")
    case .passcodeKeypadDismissed:
      return Explanation(cause: "the passcode keypad was dismissed")
    case .promptUnanswered(let method):
      return Explanation(cause: "the \(method) prompt got no answer")
    case .storeFailed(let detail):
      return Explanation(
        cause: "the simulated keychain database failed: \(detail)",
        fix: "this is a simulator fault, not app behaviour; please report it")
    case .installRefused(let refusal):
      return Explanation(cause: refusal.cause, fix: refusal.fix)
    case .unknownApp(let bundleID, let everInstalled, let installed):
      return Explanation(
        cause: everInstalled
          ? "\(bundleID) was deleted from this device"
          : "no app \(bundleID) was ever installed on this device",
        fix: "install it with `app install \(bundleID) team <TEAMID> ...`; installed: "
          + (installed.isEmpty ? "none" : installed.joined(separator: ", ")))
    case .extensionTransfer(let bundleID, let host, let team):
      return Explanation(
        cause: "\(bundleID) is an extension; extensions are transferred with their host app",
        fix: "`app transfer \(host) team \(team)`")
    case .notATeamID(let team):
      return Explanation(
        cause: "`\(team)` is not a team id: Apple team ids are ten upper-case letters and digits")
    case .alreadyInTeam(let bundleID, let team):
      return Explanation(cause: "\(bundleID) already belongs to team \(team)")
    case .keybag(let message):
      return Explanation(cause: message)
    case .notSignedIn:
      return Explanation(
        cause: "no Apple Account is signed in on this device; iCloud Keychain belongs to one",
        fix: "`icloud sign-in <apple-id>` first")
    case .signedIntoAnotherAccount(let current):
      return Explanation(
        cause: "this device is signed into \(current); a device has one Apple Account at a time",
        fix: "`icloud sign-out` first")
    case .iCloudKeychainOff(let appleID):
      return Explanation(
        cause: "iCloud Keychain is off for \(appleID) on this device, so it takes no part in sync",
        fix: "`icloud keychain on`")
    case .backup(let refusal):
      return refusal.explanation
    case .noICloud(let platform):
      return Explanation(
        cause: "an \(platform.displayName) has no iCloud Keychain; its apps keep their own "
          + "secrets (Android Keystore)")
    case .noPasscodeSetting(let platform):
      return Explanation(
        cause: "the \(platform.displayName) has no passcode setting, so it enforces no data "
          + "protection: locked, restarted or not, every item stays readable",
        fix: "play the same steps on an iPhone (`device use iPhone`) to see what a user's "
          + "phone does")
    case .simulatorBiometryNotModelled:
      return Explanation(
        cause: "the iOS Simulator enrols Face ID from a menu (Features > Face ID > Enrolled), "
          + "with no passcode; keychain-sim does not model that menu, and enrolling needs a "
          + "passcode here, which the Simulator cannot set",
        fix: "play biometry on an iPhone (`device use iPhone`)")
    case .notAMac(let platform):
      return Explanation(
        cause: "this device is an \(platform.displayName): only a Mac has the file-based "
          + "keychain and runs daemons, Mac Catalyst apps or ad-hoc-signed apps",
        fix: "add a Mac (`device add mac mac`) and `device use mac` first")
    }
  }

  private static func fix(for error: DeviceError) -> String? {
    switch error {
    case .passcodeAlreadySet: "change it with changePasscode(from:to:)"
    case .noPasscode: "set a passcode first"
    case .blocked: "wait until the delay ends (advance the clock)"
    case .deviceLocked: "unlock the device first"
    case .invalidTimeAdvance: "advance the clock by a positive duration"
    case .biometryNotAvailable: "choose hardware first (biometry type faceID or touchID)"
    case .biometryNotEnrolled: "enrol a face or finger first"
    case .biometryLockedOut: "unlock with the passcode"
    case .alreadyEnrolled: "enrol another name"
    case .notEnrolled: "remove a name that is enrolled"
    case .enrolmentLimitReached: "remove an enrolled identity first"
    case .passcodeRequiredAfterRestart: "unlock with the passcode"
    case .passcodeRequired: "unlock with the passcode"
    case .notLocked: "lock the device first"
    }
  }

  private static func biometryFix(for error: DeviceError) -> String? {
    switch error {
    case .noPasscode: "set a passcode first: Face ID and Touch ID need one"
    case .deviceLocked: "unlock the device first (Settings needs it unlocked)"
    case .biometryNotAvailable: "choose hardware first (biometry type faceID or touchID)"
    case .enrolmentLimitReached: "remove an enrolled identity first"
    default: nil
    }
  }
}
