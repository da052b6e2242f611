import Testing

@testable import DeviceState

private let now: Int64 = 2 * hour

/// A device with a passcode, in `lock`, with `names` enrolled on Face ID.
private func enrolled(
  _ names: [String] = ["alice"], lock: LockState = .unlocked, failedMatches: Int = 0,
  type: BiometryType = .faceID
) -> SecurityState {
  var start = device(.setClean, lock, now: now)
  start.biometry = BiometryState(
    type: type, enrolled: names, domainGeneration: names.count, failedMatches: failedMatches,
    lastBiometricUnlock: nil)
  return start
}

@Suite struct BiometryTransitionTests {
  @Test func aFreshDeviceHasFaceIDWithNothingEnrolled() {
    let fresh = SecurityState.fresh()
    #expect(fresh.biometry.type == .faceID)
    #expect(fresh.biometry.enrolled.isEmpty)
    #expect(!fresh.biometry.isEnrolled)
  }

  @Test func enrollingNeedsAPasscode() {
    expectRefusal(
      from: device(.notSet, .unlocked, now: now), on: .biometryEnrolled(name: "alice"),
      throws: .noPasscode)
  }

  @Test func enrollingAddsTheNameAndChangesTheDomainState() {
    expectTransition(from: enrolled(["alice"]), on: .biometryEnrolled(name: "bob")) {
      $0.biometry.enrolled = ["alice", "bob"]
      $0.biometry.domainGeneration = 2
    }
  }

  @Test func removingChangesTheDomainState() {
    expectTransition(from: enrolled(["alice", "bob"]), on: .biometryRemoved(name: "alice")) {
      $0.biometry.enrolled = ["bob"]
      $0.biometry.domainGeneration = 3
    }
  }

  struct Refusal: Sendable, CustomTestStringConvertible {
    var start: SecurityState
    var event: DeviceEvent
    var error: DeviceError
    var testDescription: String { "\(event) → \(error)" }
  }

  static let refusals: [Refusal] = [
    Refusal(
      start: enrolled(), event: .biometryEnrolled(name: "alice"), error: .alreadyEnrolled("alice")),
    Refusal(start: enrolled(), event: .biometryRemoved(name: "bob"), error: .notEnrolled("bob")),
    Refusal(
      start: enrolled(["a", "b"]), event: .biometryEnrolled(name: "c"),
      error: .enrolmentLimitReached(.faceID)),
    Refusal(
      start: enrolled([], type: .none), event: .biometryEnrolled(name: "a"),
      error: .biometryNotAvailable),
    Refusal(
      start: enrolled(lock: .locked(since: at(now))), event: .biometryEnrolled(name: "b"),
      error: .deviceLocked),
    Refusal(
      start: enrolled(lock: .beforeFirstUnlock), event: .biometricUnlockSucceeded,
      error: .passcodeRequiredAfterRestart),
    Refusal(start: enrolled(), event: .biometricUnlockSucceeded, error: .notLocked),
    Refusal(
      start: enrolled(lock: .locked(since: at(now)), failedMatches: 5),
      event: .biometricUnlockSucceeded, error: .biometryLockedOut),
    Refusal(
      start: enrolled([], lock: .locked(since: at(now))), event: .biometricUnlockSucceeded,
      error: .biometryNotEnrolled),
    Refusal(
      start: enrolled(failedMatches: 5), event: .biometricMatchFailed, error: .biometryLockedOut),
  ]

  @Test(arguments: refusals)
  func refused(_ refusal: Refusal) {
    expectRefusal(from: refusal.start, on: refusal.event, throws: refusal.error)
  }

  @Test func fiveFailedMatchesLockBiometryOut() throws {
    var device = enrolled()
    for _ in 1...4 { _ = try device.handle(.biometricMatchFailed) }
    #expect(!device.biometry.isLockedOut)
    _ = try device.handle(.biometricMatchFailed)
    #expect(device.biometry.isLockedOut)
  }

  @Test func aPasscodeEntryClearsTheLockout() {
    expectTransition(from: enrolled(failedMatches: 5), on: .passcodeVerified) {
      $0.biometry.failedMatches = 0
      $0.biometry.lastUnlock = at(now)
      $0.biometry.lastPasscodeEntry = at(now)
    }
    expectTransition(
      from: enrolled(lock: .locked(since: at(now)), failedMatches: 5), on: .unlockSucceeded
    ) {
      $0.lock = .unlocked
      $0.biometry.failedMatches = 0
      $0.biometry.lastUnlock = at(now)
      $0.biometry.lastPasscodeEntry = at(now)
    }
  }

  @Test func aBiometricUnlockRestoresTheKeysFromTheEscrowAndIsRemembered() {
    expectTransition(
      from: enrolled(lock: .locked(since: at(now - hour)), failedMatches: 2),
      on: .biometricUnlockSucceeded, commands: [.restoreClassKeysFromUnlockEscrow]
    ) {
      $0.lock = .unlocked
      $0.biometry.failedMatches = 0
      $0.biometry.lastBiometricUnlock = at(now)
      $0.biometry.lastUnlock = at(now)
    }
  }

  // MARK: - When the passcode is required instead (Apple Platform Security, sec9479035f1)

  /// A device whose passcode was last entered, and which was last unlocked, at `entered` and
  /// `unlocked` (hours), with the clock at `clock` hours.
  private func timed(
    entered: Int64, unlocked: Int64, biometricUnlock: Int64? = nil, clock: Int64,
    lock: LockState = .locked(since: at(0))
  ) -> SecurityState {
    var state = enrolled(lock: lock)
    state.biometry.lastPasscodeEntry = at(entered * hour)
    state.biometry.lastUnlock = at(unlocked * hour)
    state.biometry.lastBiometricUnlock = biometricUnlock.map { at($0 * hour) }
    state.clock = SimulatedClock(now: at(clock * hour))
    return state
  }

  @Test func moreThan48HoursWithoutAnUnlockRequireThePasscode() {
    #expect(timed(entered: 0, unlocked: 0, clock: 48).biometryPasscodeRequirement == nil)
    let late = timed(entered: 0, unlocked: 0, clock: 49)
    #expect(late.biometryPasscodeRequirement == .noUnlockFor48Hours)
    expectRefusal(
      from: late, on: .biometricUnlockSucceeded, throws: .passcodeRequired(.noUnlockFor48Hours))
    expectRefusal(
      from: late, on: .biometricMatchSucceeded, throws: .passcodeRequired(.noUnlockFor48Hours))
    // The passcode unlocks, and biometry works again.
    var next = late
    _ = try? next.handle(.unlockSucceeded)
    #expect(next.biometryPasscodeRequirement == nil)
  }

  @Test func theSixAndAHalfDayRuleNeedsFourHoursWithoutABiometricUnlock() {
    // Unlocked by Face ID every day, passcode last entered 156 hours ago.
    let recent = timed(entered: 0, unlocked: 154, biometricUnlock: 154, clock: 156)
    #expect(recent.biometryPasscodeRequirement == nil)
    let stale = timed(entered: 0, unlocked: 152, biometricUnlock: 152, clock: 156)
    #expect(stale.biometryPasscodeRequirement == .noPasscodeFor156Hours)
    expectRefusal(
      from: stale, on: .biometricUnlockSucceeded,
      throws: .passcodeRequired(.noPasscodeFor156Hours))
    let early = timed(entered: 1, unlocked: 140, biometricUnlock: 140, clock: 156)
    #expect(early.biometryPasscodeRequirement == nil)
  }

  @Test func aRestartAndALockoutAreRequirementsToo() {
    #expect(enrolled(lock: .beforeFirstUnlock).biometryPasscodeRequirement == .restart)
    #expect(enrolled(failedMatches: 5).biometryPasscodeRequirement == .failedMatches)
    var noPasscode = enrolled(lock: .beforeFirstUnlock)
    noPasscode.passcode = .notSet
    #expect(noPasscode.biometryPasscodeRequirement == nil)
  }

  @Test func removingThePasscodeRemovesEveryEnrolment() {
    expectTransition(
      from: enrolled(["alice", "bob"]), on: .passcodeRemoved,
      commands: [.destroyClassKey(.akpu), .discardUnlockEscrow]
    ) {
      $0.passcode = .notSet
      $0.biometry.enrolled = []
      $0.biometry.domainGeneration = 3
    }
  }

  @Test func aRebootForgetsTheLastBiometricUnlock() {
    var start = enrolled()
    start.biometry.lastBiometricUnlock = at(now)
    expectTransition(
      from: start, on: .rebooted,
      commands: [
        .discardClassKeys(ProtectionTier.a.classes.union(ProtectionTier.c.classes)),
        .discardUnlockEscrow,
      ]
    ) {
      $0.lock = .beforeFirstUnlock
      $0.biometry.lastBiometricUnlock = nil
    }
  }

  @Test func changingTheHardwareKeepsTheEnrolments() {
    expectTransition(from: enrolled(), on: .biometryTypeChanged(.touchID)) {
      $0.biometry.type = .touchID
    }
  }
}
