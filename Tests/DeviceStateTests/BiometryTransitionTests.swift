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
    }
    expectTransition(
      from: enrolled(lock: .locked(since: at(now)), failedMatches: 5), on: .unlockSucceeded
    ) {
      $0.lock = .unlocked
      $0.biometry.failedMatches = 0
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
    }
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
