import DeviceState
import Keybag
import KeychainEngine

/// Biometry in Settings and on the lock screen: the hardware, enrolments, and unlocking with a
/// face or finger.
extension SimulatedDevice {
  /// Swaps the biometric hardware (a simulator knob: enrolments are kept).
  public func setBiometryType(_ type: BiometryType) -> DeviceOutcome {
    apply(.biometryTypeChanged(type))
    return .done(type == .none ? "no biometric hardware" : "biometry hardware: \(type)")
  }

  /// Enrols a face or finger, as in Settings: needs a passcode and an unlocked device.
  public func enrollBiometry(_ name: String) -> DeviceOutcome {
    guard platform.canSetPasscode else {
      return .refused("not enrolled", .simulatorBiometryNotModelled)
    }
    return biometryChange(.biometryEnrolled(name: name), refused: "not enrolled") {
      "enrolled `\(name)` in \(self.securityState.biometry.type)"
    }
  }

  /// Removes an enrolled face or finger.
  public func removeBiometry(_ name: String) -> DeviceOutcome {
    biometryChange(.biometryRemoved(name: name), refused: "not removed") {
      "removed `\(name)` from \(self.securityState.biometry.type)"
    }
  }

  private func biometryChange(
    _ event: DeviceEvent, refused: String, summary: () -> String
  ) -> DeviceOutcome {
    var next = securityState
    do {
      _ = try next.handle(event)
    } catch {
      return .refused(refused, .biometryRule(error))
    }
    securityState = next
    saveRecordingFailure()
    return .done(
      summary() + "; the biometric domain state changed: .biometryCurrentSet items added before "
        + "can no longer be read; .biometryAny and .userPresence items still can")
  }

  /// Unlocks the lock screen with Face ID / Touch ID: one prompt, answered by the user agent.
  ///
  /// Refused before the first passcode unlock since boot, with nothing enrolled, or while
  /// biometry is locked out. A match loads the class keys from the keybag's in-memory unlock
  /// escrow; a failed match counts towards the lockout; the fallback leads to the passcode.
  public func unlockWithBiometry() -> DeviceOutcome {
    guard securityState.lock != .unlocked else {
      return .done("device already unlocked; no prompt is shown")
    }
    guard securityState.passcode.isSet else {
      return unlock(passcode: nil)
    }
    if securityState.lock == .beforeFirstUnlock {
      return .refused("device still locked", .biometryBeforeFirstUnlock)
    }
    if case .denied(_, let refusal)? = authenticator.biometryUnavailability() {
      return .refused("device still locked", .biometryUnavailable(refusal))
    }
    // biometryUnavailability() already refused a device without biometric hardware.
    guard let kind = AuthenticationPrompt.Kind.biometric(securityState.biometry.type) else {
      return .refused("device still locked", .biometryUnavailable(.noBiometricHardware))
    }
    switch authenticator.askOnLockScreen(kind) {
    case .match?:
      apply(.biometricUnlockSucceeded)
      return .done(
        "device unlocked with \(kind.title); class A and C keys are loaded again (from the "
          + "escrow made at the last passcode entry)")
    case .fail?:
      apply(.biometricMatchFailed)
      return .refused(
        "device still locked",
        .biometryNoMatch(
          method: kind.title, failedMatches: securityState.biometry.failedMatches,
          lockedOut: securityState.biometry.isLockedOut))
    case .cancel?:
      return .refused("device still locked", .promptDismissed(method: kind.title))
    case .fallback?:
      guard let passcode = authenticator.askLockScreenPasscode() else {
        return .refused("device still locked", .passcodeKeypadDismissed)
      }
      return unlock(passcode: passcode)
    case .enter(let passcode)?:
      return unlock(passcode: passcode)
    case nil:
      return .refused("device still locked", .promptUnanswered(method: kind.title))
    }
  }
}
