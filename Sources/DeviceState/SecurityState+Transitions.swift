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
      // A bit mask rather than two Sets: time advances before nearly every scenario step.
      let before = availabilityMask
      try advanceClock(by: .milliseconds(milliseconds))
      let lostMask = before & ~availabilityMask
      guard lostMask != 0 else { return [] }
      return [.discardClassKeys(ProtectionClass.classes(inMask: lostMask))]

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

  /// The state change of ``DeviceEvent/timeAdvanced(milliseconds:)`` without its keybag
  /// command: moves the clock forward and ends an escalating delay that has run out.
  ///
  /// `handle(.timeAdvanced)` is this plus the classes whose keys the step made unavailable.
  /// `simulate`, which has no keybag to tell, calls it directly: it advances time before
  /// nearly every event, and working out and allocating the lost classes was half its cost
  /// (docs/benchmarks.md, "`simulate` on every core").
  ///
  /// - Throws: ``DeviceError/invalidTimeAdvance(milliseconds:)`` for a negative step or one
  ///   that would overflow the clock; the state is then unchanged.
  public mutating func advanceClock(by duration: SimulatedDuration) throws(DeviceError) {
    try clock.advance(by: duration)
    if let until = passcode.blockedUntil, clock.now >= until {
      passcode = .set(failedAttempts: passcode.failedAttempts, blockedUntil: nil)
    }
  }

  // MARK: - Guards

  /// Bit `ordinal` set for each available class (``ProtectionClass/ordinal``).
  ///
  /// ``availability(of:)`` depends on the class only through its tier and whether it is
  /// `akpu`, so four questions answer for all seven classes (`AvailabilityMaskTests` holds the
  /// mask to the class-by-class answers).
  var availabilityMask: UInt8 {
    typealias Class = ProtectionClass
    var mask: UInt8 = 0
    if availability(of: .ak).isAvailable { mask |= Class.ak.bit | Class.aku.bit }
    if availability(of: .akpu).isAvailable { mask |= Class.akpu.bit }
    if availability(of: .ck).isAvailable { mask |= Class.ck.bit | Class.cku.bit }
    if availability(of: .dk).isAvailable { mask |= Class.dk.bit | Class.dku.bit }
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
