extension SecurityState {
  /// Applies one event and returns the keybag work it implies. Never touches crypto or disk.
  ///
  /// On a throw the device is unchanged. Passcode events mean the keybag has already verified
  /// the passcode; call ``checkPasscodeEntryAllowed()`` before verifying.
  ///
  /// - Throws: ``DeviceError`` when the device refuses the event.
  public mutating func handle(_ event: DeviceEvent) throws(DeviceError) -> [KeybagCommand] {
    switch event {
    case .passcodeSet:
      guard !passcode.isSet else { throw .passcodeAlreadySet }
      try requireUnlocked()
      passcode = .setClean
      recordPasscodeEntry()
      return []

    case .passcodeChanged:
      try requirePasscodeEntry()
      try requireUnlocked()
      passcode = .setClean
      recordPasscodeEntry()
      return []

    case .passcodeRemoved:
      try requirePasscodeEntry()
      try requireUnlocked()
      passcode = .notSet
      // Face ID and Touch ID cannot be used without a passcode: turning it off removes them
      // (docs/fidelity.md, "Turning the passcode off removes every enrolled face or finger").
      if !biometry.enrolled.isEmpty {
        biometry.enrolled = []
        biometry.domainGeneration += 1
      }
      biometry.failedMatches = 0
      biometry.lastBiometricUnlock = nil
      biometry.lastUnlock = nil
      biometry.lastPasscodeEntry = nil
      return [.destroyClassKey(.akpu), .discardUnlockEscrow]

    case .unlockSucceeded:
      if passcode.isSet {
        try checkPasscodeEntryAllowed()
        passcode = .setClean
        biometry.failedMatches = 0
        recordPasscodeEntry()
      }
      lock = .unlocked
      return []

    case .passcodeVerified:
      try requirePasscodeEntry()
      passcode = .setClean
      biometry.failedMatches = 0
      recordPasscodeEntry()
      return []

    case .unlockFailed:
      try requirePasscodeEntry()
      let failures = passcode.failedAttempts + 1
      let delay = PasscodeBackoff.delay(afterFailedAttempts: failures)
      passcode = .set(
        failedAttempts: failures, blockedUntil: delay > .zero ? clock.now.advanced(by: delay) : nil)
      return []

    case .lockButtonPressed:
      if lock == .unlocked { lock = .locked(since: clock.now) }
      return []

    case .rebooted:
      lock = .beforeFirstUnlock
      biometry.lastBiometricUnlock = nil
      if let until = passcode.blockedUntil, clock.now < until {
        // [APS]: a delay interrupted by a restart is still enforced, starting over.
        let failures = passcode.failedAttempts
        let delay = PasscodeBackoff.delay(afterFailedAttempts: failures)
        passcode = .set(failedAttempts: failures, blockedUntil: clock.now.advanced(by: delay))
      }
      guard passcode.isSet else { return [] }
      return [
        .discardClassKeys(ProtectionTier.a.classes.union(ProtectionTier.c.classes)),
        .discardUnlockEscrow,
      ]

    case .timeAdvanced(let milliseconds):
      // A bit mask rather than two Sets: `simulate` advances time on every event.
      let before = availabilityMask
      try clock.advance(by: .milliseconds(milliseconds))
      if let until = passcode.blockedUntil, clock.now >= until {
        passcode = .set(failedAttempts: passcode.failedAttempts, blockedUntil: nil)
      }
      let lostMask = before & ~availabilityMask
      guard lostMask != 0 else { return [] }
      let lost = ProtectionClass.allCases.enumerated()
        .filter { lostMask & (1 << $0.offset) != 0 }.map(\.element)
      return [.discardClassKeys(Set(lost))]

    case .biometryTypeChanged(let type):
      biometry.type = type
      biometry.failedMatches = 0
      return []

    case .biometryEnrolled(let name):
      try requireBiometryHardware()
      guard passcode.isSet else { throw .noPasscode }
      try requireUnlocked()
      guard !biometry.enrolled.contains(name) else { throw .alreadyEnrolled(name) }
      guard biometry.enrolled.count < biometry.type.enrolmentLimit else {
        throw .enrolmentLimitReached(biometry.type)
      }
      biometry.enrolled.append(name)
      biometry.domainGeneration += 1
      return []

    case .biometryRemoved(let name):
      try requireUnlocked()
      guard let index = biometry.enrolled.firstIndex(of: name) else { throw .notEnrolled(name) }
      biometry.enrolled.remove(at: index)
      biometry.domainGeneration += 1
      return []

    case .biometricMatchSucceeded:
      try requireUsableBiometry()
      biometry.failedMatches = 0
      return []

    case .biometricMatchFailed:
      try requireUsableBiometry()
      biometry.failedMatches += 1
      return []

    case .biometricUnlockSucceeded:
      guard lock != .beforeFirstUnlock || !passcode.isSet else {
        throw .passcodeRequiredAfterRestart
      }
      guard lock != .unlocked else { throw .notLocked }
      try requireUsableBiometry()
      lock = .unlocked
      biometry.failedMatches = 0
      biometry.lastBiometricUnlock = clock.now
      biometry.lastUnlock = clock.now
      return [.restoreClassKeysFromUnlockEscrow]
    }
  }

  // MARK: - Guards

  /// Bit `i` set when `ProtectionClass.allCases[i]` is available.
  private var availabilityMask: UInt8 {
    var mask: UInt8 = 0
    for (index, protectionClass) in ProtectionClass.allCases.enumerated()
    where availability(of: protectionClass).isAvailable {
      mask |= 1 << index
    }
    return mask
  }

  private func requireUnlocked() throws(DeviceError) {
    guard lock == .unlocked else { throw .deviceLocked }
  }

  private func requireBiometryHardware() throws(DeviceError) {
    guard biometry.type != .none else { throw .biometryNotAvailable }
  }

  /// Hardware, a passcode, an enrolled identity and none of the states in which the passcode
  /// is required instead (lockout, 48 hours without an unlock, 156 hours without the
  /// passcode): what a biometric scan needs. A restart is checked by the lock-screen unlock.
  private func requireUsableBiometry() throws(DeviceError) {
    try requireBiometryHardware()
    guard passcode.isSet else { throw .noPasscode }
    guard biometry.isEnrolled else { throw .biometryNotEnrolled }
    switch biometryPasscodeRequirement {
    case .failedMatches?: throw .biometryLockedOut
    case let requirement? where requirement != .restart: throw .passcodeRequired(requirement)
    default: return
    }
  }

  /// A verified passcode: it unlocks or proves the owner, so both time limits start over.
  private mutating func recordPasscodeEntry() {
    biometry.lastPasscodeEntry = clock.now
    biometry.lastUnlock = clock.now
  }

  /// A passcode must be set, and no escalating delay may be running.
  private func requirePasscodeEntry() throws(DeviceError) {
    guard passcode.isSet else { throw .noPasscode }
    try checkPasscodeEntryAllowed()
  }
}
