extension Device {
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
      return []

    case .passcodeChanged:
      try requirePasscodeEntry()
      try requireUnlocked()
      passcode = .setClean
      return []

    case .passcodeRemoved:
      try requirePasscodeEntry()
      try requireUnlocked()
      passcode = .notSet
      return [.destroyClassKey(.akpu)]

    case .unlockSucceeded:
      if passcode.isSet {
        try checkPasscodeEntryAllowed()
        passcode = .setClean
      }
      lock = .unlocked
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
      if let until = passcode.blockedUntil, clock.now < until {
        // [APS]: a delay interrupted by a restart is still enforced, starting over.
        let failures = passcode.failedAttempts
        let delay = PasscodeBackoff.delay(afterFailedAttempts: failures)
        passcode = .set(failedAttempts: failures, blockedUntil: clock.now.advanced(by: delay))
      }
      guard passcode.isSet else { return [] }
      return [.discardClassKeys(ProtectionTier.a.classes.union(ProtectionTier.c.classes))]

    case .timeAdvanced(let milliseconds):
      let before = availableClasses
      try clock.advance(by: .milliseconds(milliseconds))
      if let until = passcode.blockedUntil, clock.now >= until {
        passcode = .set(failedAttempts: passcode.failedAttempts, blockedUntil: nil)
      }
      let lost = before.subtracting(availableClasses)
      return lost.isEmpty ? [] : [.discardClassKeys(lost)]
    }
  }

  // MARK: - Guards

  private func requireUnlocked() throws(DeviceError) {
    guard lock == .unlocked else { throw .deviceLocked }
  }

  /// A passcode must be set, and no escalating delay may be running.
  private func requirePasscodeEntry() throws(DeviceError) {
    guard passcode.isSet else { throw .noPasscode }
    try checkPasscodeEntryAllowed()
  }
}
