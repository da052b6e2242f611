import Testing

@testable import DeviceState

private let now: Int64 = 5 * hour

/// Every reachable-looking state, for the state × event sweep.
let sweepStates: [SecurityState] = {
  let locks: [LockState] = [
    .unlocked, .beforeFirstUnlock, .locked(since: at(now)), .locked(since: at(now - 9_999)),
    .locked(since: at(now - hour)),
  ]
  let passcodes: [PasscodeState] = [
    .notSet, .setClean, .set(failedAttempts: 4, blockedUntil: nil),
    .set(failedAttempts: 7, blockedUntil: at(now + 60_000)),
  ]
  let plain = passcodes.flatMap { passcode in locks.map { device(passcode, $0, now: now) } }
  let enrolled = plain.filter(\.passcode.isSet).map { start -> SecurityState in
    var device = start
    device.biometry = BiometryState(
      type: .faceID, enrolled: ["alice"], domainGeneration: 1, failedMatches: 0,
      lastBiometricUnlock: nil)
    return device
  }
  return plain + enrolled
}()

let sweepEvents: [DeviceEvent] = [
  .passcodeSet, .passcodeChanged, .passcodeRemoved, .unlockSucceeded, .unlockFailed,
  .lockButtonPressed, .rebooted, .timeAdvanced(milliseconds: 1), .timeAdvanced(milliseconds: hour),
  .timeAdvanced(milliseconds: -5), .passcodeVerified, .biometryTypeChanged(.touchID),
  .biometryEnrolled(name: "bob"), .biometryRemoved(name: "alice"), .biometricMatchSucceeded,
  .biometricMatchFailed, .biometricUnlockSucceeded,
]

@Suite struct InvariantTests {
  /// "Locked means undecryptable": start with exactly the available keys loaded, carry out the
  /// returned commands, and no class that is now unavailable may still hold its key. Refused
  /// events leave the state untouched.
  @Test(arguments: sweepStates, sweepEvents)
  func noUnavailableClassKeepsItsKey(_ start: SecurityState, _ event: DeviceEvent) {
    var loaded = start.availableClasses
    var next = start
    let commands: [KeybagCommand]
    do {
      commands = try next.handle(event)
    } catch {
      #expect(next == start)
      return
    }
    for command in commands {
      switch command {
      case .discardClassKeys(let classes): loaded.subtract(classes)
      case .destroyClassKey(let protectionClass): loaded.remove(protectionClass)
      case .restoreClassKeysFromUnlockEscrow: loaded.formUnion(next.availableClasses)
      case .discardUnlockEscrow: break
      }
    }
    let unavailable = Set(ProtectionClass.allCases).subtracting(next.availableClasses)
    #expect(
      loaded.isDisjoint(with: unavailable), "\(event) left \(loaded.intersection(unavailable))")
    #expect(next.clock.now >= start.clock.now)
    if case .timeAdvanced = event {} else { #expect(next.clock == start.clock) }
  }
}
