import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// A miss's near misses are worked out when first read (issue 11: a miss costs what a hit
/// costs), yet read exactly as they would have at the call: the keychain, the lock state and
/// the caller as they were, whatever happened on the device in between.
@Suite struct DeferredDiagnosisTests {
  /// The outcome and the explanation of `query` on a device `setUp` prepares, read at once.
  private func readAtOnce(
    _ setUp: () throws -> SimulatedDevice, _ query: SecQuery
  ) throws -> (SecItemOutcome, Explanation?) {
    let device = try setUp()
    let outcome = device.secItemCopyMatching(query)
    return (outcome, outcome.explanation)
  }

  /// The same call on a second device prepared the same way, `change` applied to that device
  /// before the explanation is first read.
  private func readAfter(
    _ change: (SimulatedDevice) -> Void, _ setUp: () throws -> SimulatedDevice,
    _ query: SecQuery
  ) throws -> (SecItemOutcome, Explanation?) {
    let device = try setUp()
    let outcome = device.secItemCopyMatching(query)
    #expect(outcome.notFound?.isDeferred == true, "read before the change")
    change(device)
    return (outcome, outcome.explanation)
  }

  /// A near miss in the service: `alice` of `s1`, queried in `s2`.
  private func deviceWithANearMiss() throws -> SimulatedDevice {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp("alice", service: "s1").adding(["v_Data": secret()]))
    return device
  }

  private let missInS2 = genp("alice", service: "s2")

  @Test func aWriteAfterTheCallDoesNotChangeTheExplanation() throws {
    let (atOnce, expected) = try readAtOnce(deviceWithANearMiss, missInS2)
    #expect(atOnce.notFound?.nearMisses.first?.kind == .oneAttribute)
    let changes: [(SimulatedDevice) -> Void] = [
      // The near miss goes away.
      { #expect($0.secItemDelete(genp("alice", service: "s1")).status == .errSecSuccess) },
      // The very item asked for appears.
      { mustAdd($0, genp("alice", service: "s2").adding(["v_Data": secret()])) },
      // The near miss's service is changed.
      {
        #expect(
          $0.secItemUpdate(genp("alice", service: "s1"), ["svce": .string("s3")]).status
            == .errSecSuccess)
      },
    ]
    for change in changes {
      let (later, explanation) = try readAfter(change, deviceWithANearMiss, missInS2)
      #expect(explanation == expected)
      #expect(later == atOnce)
    }
  }

  /// The near miss is told with its value at the call, though the device locked since and its
  /// value is now sealed; and told locked when the call was made locked, though the device
  /// unlocked since.
  @Test func aLockOrAnUnlockAfterTheCallDoesNotChangeTheExplanation() throws {
    let (unlocked, expected) = try readAtOnce(deviceWithANearMiss, missInS2)
    guard case .oneAttribute(_, _, let stored, _)? = unlocked.notFound?.nearMisses.first else {
      Issue.record("expected an opened near miss: \(String(describing: unlocked.notFound))")
      return
    }
    #expect(stored == .text("s1"))
    let lockPastGrace: (SimulatedDevice) -> Void = {
      _ = $0.lock()
      _ = $0.advanceClock(by: .hours(3))
    }
    let (later, explanation) = try readAfter(lockPastGrace, deviceWithANearMiss, missInS2)
    #expect(explanation == expected)
    #expect(later == unlocked)

    // The other way round: the label is sealed, so a locked near miss has no value to tell.
    let byLabel = genp("alice", service: "s1").adding(["labl": .string("M")])
    let lockedDevice = {
      let device = try makeDeviceWithPasscode()
      mustAdd(
        device,
        genp("alice", service: "s1").adding(["labl": .string("L"), "v_Data": secret()]))
      lockPastGrace(device)
      return device
    }
    let (locked, lockedExpected) = try readAtOnce(lockedDevice, byLabel)
    #expect(locked.notFound?.nearMisses.first?.kind == .oneAttribute)
    #expect(lockedExpected?.cause.contains("sealed while its class is locked") == true)
    let unlock: (SimulatedDevice) -> Void = {
      #expect($0.unlock(passcode: "123456").succeeded)
    }
    let (afterUnlock, unlockedExplanation) = try readAfter(unlock, lockedDevice, byLabel)
    #expect(unlockedExplanation == lockedExpected)
    #expect(afterUnlock == locked)
  }

  /// The caller's scope is the call's: another app running since does not change which
  /// groups the explanation searched nor what it found.
  @Test func anotherCallerAfterTheCallDoesNotChangeTheExplanation() throws {
    let other = AppIdentity(bundleID: "com.other.app", teamID: "ZZZZZ99999")
    let (atOnce, expected) = try readAtOnce(deviceWithANearMiss, missInS2)
    let (later, explanation) = try readAfter(
      { device in
        device.caller = Caller(app: other)
        // A call as the other app, which reads the store (and resolves the diagnosis).
        _ = device.secItemCopyMatching(genp("bob", service: "s9"))
      }, deviceWithANearMiss, missInS2)
    #expect(explanation == expected)
    #expect(later == atOnce)
  }

  /// Nothing is worked out for a miss whose explanation is never read until the device is
  /// used again; reading it works it out once.
  @Test func theDiagnosisWaitsUntilReadOrTheNextUse() throws {
    let device = try deviceWithANearMiss()
    let outcome = device.secItemCopyMatching(missInS2)
    let notFound = try #require(outcome.notFound)
    #expect(notFound.isDeferred)
    _ = outcome.explanation
    #expect(!notFound.isDeferred)
    let second = device.secItemCopyMatching(missInS2)
    #expect(second.notFound?.isDeferred == true)
    // Any later statement on the store works it out first.
    _ = device.secItemCopyMatching(genp("alice", service: "s1"))
    #expect(second.notFound?.isDeferred == false)
    #expect(second == outcome)
  }
}
