import Testing

@testable import DeviceState

private let now: Int64 = 2 * hour
private let set = PasscodeState.setClean
private let classesAC: Set<ProtectionClass> = [.ak, .aku, .akpu, .ck, .cku]
private let classesA: Set<ProtectionClass> = [.ak, .aku, .akpu]

@Suite struct PasscodeTransitionTests {
  @Test func settingAPasscodeOnAnUnlockedDevice() {
    expectTransition(from: device(.notSet, .unlocked, now: now), on: .passcodeSet) {
      $0.passcode = .setClean
      $0.biometry.lastUnlock = at(now)
      $0.biometry.lastPasscodeEntry = at(now)
    }
  }

  @Test func settingAPasscodeTwiceIsRefused() {
    expectRefusal(from: device(set, .unlocked), on: .passcodeSet, throws: .passcodeAlreadySet)
  }

  @Test(arguments: [LockState.beforeFirstUnlock, .locked(since: at(now - 1_000))])
  func passcodeSettingsNeedAnUnlockedDevice(_ lock: LockState) {
    expectRefusal(from: device(.notSet, lock, now: now), on: .passcodeSet, throws: .deviceLocked)
    expectRefusal(from: device(set, lock, now: now), on: .passcodeChanged, throws: .deviceLocked)
    expectRefusal(from: device(set, lock, now: now), on: .passcodeRemoved, throws: .deviceLocked)
  }

  @Test func changingResetsFailures() {
    expectTransition(
      from: device(.set(failedAttempts: 3, blockedUntil: nil), .unlocked), on: .passcodeChanged
    ) {
      $0.passcode = .setClean
      $0.biometry.lastUnlock = at(hour)
      $0.biometry.lastPasscodeEntry = at(hour)
    }
  }

  @Test func removingDestroysTheAkpuKey() {
    expectTransition(
      from: device(set, .unlocked), on: .passcodeRemoved,
      commands: [.destroyClassKey(.akpu), .discardUnlockEscrow]
    ) { $0.passcode = .notSet }
  }

  @Test func changeOrRemoveWithoutPasscodeIsRefused() {
    expectRefusal(from: device(.notSet, .unlocked), on: .passcodeChanged, throws: .noPasscode)
    expectRefusal(from: device(.notSet, .unlocked), on: .passcodeRemoved, throws: .noPasscode)
  }

  @Test func changeOrRemoveDuringABlockIsRefused() {
    let blocked = device(.set(failedAttempts: 5, blockedUntil: at(now + 1)), .unlocked, now: now)
    expectRefusal(from: blocked, on: .passcodeChanged, throws: .blocked(until: at(now + 1)))
    expectRefusal(from: blocked, on: .passcodeRemoved, throws: .blocked(until: at(now + 1)))
  }
}

@Suite struct UnlockTransitionTests {
  @Test(arguments: [LockState.beforeFirstUnlock, .locked(since: at(now - hour)), .unlocked])
  func correctPasscodeUnlocksAndResetsFailures(_ lock: LockState) {
    expectTransition(
      from: device(.set(failedAttempts: 4, blockedUntil: nil), lock, now: now),
      on: .unlockSucceeded
    ) {
      $0.passcode = .setClean
      $0.lock = .unlocked
      $0.biometry.lastUnlock = at(now)
      $0.biometry.lastPasscodeEntry = at(now)
    }
  }

  @Test(arguments: [LockState.beforeFirstUnlock, .locked(since: at(now - hour))])
  func swipingOpenWithNoPasscode(_ lock: LockState) {
    expectTransition(from: device(.notSet, lock, now: now), on: .unlockSucceeded) {
      $0.lock = .unlocked
    }
  }

  @Test func wrongPasscodeCountsAndKeepsTheDeviceLocked() {
    let locked = LockState.locked(since: at(now - hour))
    expectTransition(from: device(set, locked, now: now), on: .unlockFailed) {
      $0.passcode = .set(failedAttempts: 1, blockedUntil: nil)
    }
  }

  @Test func fifthFailureBlocksForAMinute() {
    expectTransition(
      from: device(.set(failedAttempts: 4, blockedUntil: nil), .beforeFirstUnlock, now: now),
      on: .unlockFailed
    ) { $0.passcode = .set(failedAttempts: 5, blockedUntil: at(now + 60_000)) }
  }

  @Test func wrongPasscodeWithNoPasscodeIsRefused() {
    expectRefusal(from: device(.notSet, .unlocked), on: .unlockFailed, throws: .noPasscode)
  }

  @Test func attemptsDuringABlockAreRefusedAndNotCounted() {
    let blocked = device(
      .set(failedAttempts: 5, blockedUntil: at(now + 60_000)), .beforeFirstUnlock, now: now)
    expectRefusal(from: blocked, on: .unlockFailed, throws: .blocked(until: at(now + 60_000)))
    expectRefusal(from: blocked, on: .unlockSucceeded, throws: .blocked(until: at(now + 60_000)))
    #expect(throws: DeviceError.blocked(until: at(now + 60_000))) {
      try blocked.checkPasscodeEntryAllowed()
    }
  }

  @Test func theBlockEndsExactlyOnTime() throws {
    var phone = device(
      .set(failedAttempts: 5, blockedUntil: at(now + 60_000)), .beforeFirstUnlock, now: now)
    expectTransition(from: phone, on: .timeAdvanced(milliseconds: 59_999)) {
      $0.clock = SimulatedClock(now: at(now + 59_999))
    }
    _ = try phone.handle(.timeAdvanced(milliseconds: 60_000))
    #expect(phone.passcode == .set(failedAttempts: 5, blockedUntil: nil))
    try phone.checkPasscodeEntryAllowed()
    expectTransition(from: phone, on: .unlockFailed) {
      $0.passcode = .set(failedAttempts: 6, blockedUntil: at(now + 60_000 + 5 * 60_000))
    }
  }
}

@Suite struct LockAndRebootTransitionTests {
  @Test func lockingWithAPasscodeDiscardsNothingYet() {
    expectTransition(from: device(set, .unlocked, now: now), on: .lockButtonPressed) {
      $0.lock = .locked(since: at(now))
    }
  }

  @Test func lockingWithNoPasscodeProtectsNothing() throws {
    var phone = device(.notSet, .unlocked, now: now)
    expectTransition(from: phone, on: .lockButtonPressed) { $0.lock = .locked(since: at(now)) }
    _ = try phone.handle(.lockButtonPressed)
    #expect(try phone.handle(.timeAdvanced(milliseconds: hour)) == [])
    #expect(phone.availableClasses == Set(ProtectionClass.allCases).subtracting([.akpu]))
  }

  @Test func pressingLockAgainKeepsTheOriginalLockTime() {
    expectTransition(
      from: device(set, .locked(since: at(now - 5_000)), now: now), on: .lockButtonPressed)
  }

  @Test func lockingBeforeFirstUnlockStaysBeforeFirstUnlock() {
    expectTransition(from: device(set, .beforeFirstUnlock, now: now), on: .lockButtonPressed)
  }

  @Test(arguments: [LockState.unlocked, .locked(since: at(now - hour)), .beforeFirstUnlock])
  func rebootWithAPasscodeDiscardsAAndC(_ lock: LockState) {
    let failures = PasscodeState.set(failedAttempts: 2, blockedUntil: nil)
    expectTransition(
      from: device(failures, lock, now: now), on: .rebooted,
      commands: [.discardClassKeys(classesAC), .discardUnlockEscrow]
    ) { $0.lock = .beforeFirstUnlock }
  }

  @Test func rebootRestartsARunningDelay() {
    // [APS] "Passcodes and passwords": restarted during a timed delay, the timer starts over.
    let blocked = PasscodeState.set(failedAttempts: 6, blockedUntil: at(now + 1_000))
    expectTransition(
      from: device(blocked, .unlocked, now: now), on: .rebooted,
      commands: [.discardClassKeys(classesAC), .discardUnlockEscrow]
    ) {
      $0.lock = .beforeFirstUnlock
      $0.passcode = .set(failedAttempts: 6, blockedUntil: at(now + 5 * 60_000))
    }
  }

  @Test func rebootWithNoPasscodeDiscardsNothing() {
    expectTransition(from: device(.notSet, .unlocked, now: now), on: .rebooted) {
      $0.lock = .beforeFirstUnlock
    }
  }
}

@Suite struct TimeTransitionTests {
  @Test func crossingTheGraceDiscardsClassA() {
    expectTransition(
      from: device(set, .locked(since: at(now - 9_000)), now: now),
      on: .timeAdvanced(milliseconds: 1_000), commands: [.discardClassKeys(classesA)]
    ) { $0.clock = SimulatedClock(now: at(now + 1_000)) }
  }

  @Test func timeInsideTheGraceDiscardsNothing() {
    expectTransition(
      from: device(set, .locked(since: at(now)), now: now), on: .timeAdvanced(milliseconds: 9_999)
    ) { $0.clock = SimulatedClock(now: at(now + 9_999)) }
  }

  @Test func timeAfterTheGraceDiscardsNothingMore() {
    expectTransition(
      from: device(set, .locked(since: at(now - hour)), now: now),
      on: .timeAdvanced(milliseconds: hour)
    ) { $0.clock = SimulatedClock(now: at(now + hour)) }
  }

  @Test func zeroTimeIsFine() {
    expectTransition(
      from: device(set, .locked(since: at(now)), now: now), on: .timeAdvanced(milliseconds: 0))
  }

  @Test(arguments: [Int64(-1), .min])
  func timeCannotGoBackwards(_ milliseconds: Int64) {
    expectRefusal(
      from: device(set, .unlocked), on: .timeAdvanced(milliseconds: milliseconds),
      throws: .invalidTimeAdvance(milliseconds: milliseconds))
  }

  @Test func theClockCannotOverflow() {
    expectRefusal(
      from: device(set, .unlocked, now: .max - 10), on: .timeAdvanced(milliseconds: 11),
      throws: .invalidTimeAdvance(milliseconds: 11))
  }
}
