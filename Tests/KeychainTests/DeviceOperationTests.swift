import Foundation
import Testing

@testable import Keychain

/// Device operations are outcomes: refused ones say why and are recorded.
@Suite struct DeviceOperationTests {
  @Test func wrongPasscodeIsRefusedAndCounted() throws {
    let device = try makeDeviceWithPasscode()
    _ = device.lock()
    for attempt in 1...4 {
      let outcome = device.unlock(passcode: "000000")
      #expect(outcome.status == .refused)
      #expect(device.state.failedPasscodeAttempts == attempt)
    }
    let fifth = device.unlock(passcode: "000000")
    let now = device.state.now
    #expect(
      fifth.refusal
        == .wrongPasscode(
          failedAttempts: 5,
          blockedUntil: SimulatedInstant(milliseconds: now.milliseconds + 60_000),
          now: now))
    let blocked = device.unlock(passcode: "123456")
    #expect(blocked.status == .refused)
    #expect(device.state.lock != .unlocked)
    _ = device.advanceClock(by: .minutes(1))
    #expect(device.unlock(passcode: "123456").succeeded)
    #expect(device.state.failedPasscodeAttempts == 0)
  }

  @Test func passcodeOperationsNeedTheDeviceUnlockedAndTheRightPasscode() throws {
    let device = try makeDeviceWithPasscode()
    let again = device.setPasscode("1")
    #expect(again.refusal == .deviceRule(.passcodeAlreadySet))
    #expect(again.summary == "passcode unchanged")  // not "passcode not set"
    let wrong = device.changePasscode(from: "999999", to: "1")
    #expect(wrong.refusal == .wrongPasscode(failedAttempts: 1, blockedUntil: nil, now: .epoch))
    #expect(device.changePasscode(from: "123456", to: "777777").succeeded)
    _ = device.lock()
    #expect(device.removePasscode(current: "777777").status == .refused)
    _ = device.unlock(passcode: "777777")
    #expect(device.removePasscode(current: "777777").succeeded)
    #expect(!device.state.passcodeSet)
  }

  @Test func changingThePasscodeKeepsItems() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp().adding(["pdmn": .string("akpu"), "v_Data": secret()]))
    _ = device.changePasscode(from: "123456", to: "424242")
    _ = device.reboot()
    #expect(device.unlock(passcode: "424242").succeeded)
    #expect(device.secItemCopyMatching(genp().adding(["r_Data": .bool(true)])).result == secret())
  }

  @Test func snapshotDescribesTheDevice() throws {
    let device = try makeDeviceWithPasscode()
    _ = device.lock()
    _ = device.advanceClock(by: .seconds(30))
    let state = device.state
    #expect(state.lock == .locked(since: .epoch))
    #expect(state.now == SimulatedInstant(milliseconds: 30_000))
    #expect(state.caller.app.bundleID == "com.example.app")
    #expect(!device.state.availableClasses.contains(.ak))
    #expect(device.state.availableClasses.contains(.ck))
  }

  @Test func advancingTheClockReportsDiscardedKeys() throws {
    let device = try makeDeviceWithPasscode()
    _ = device.lock()
    let outcome = device.advanceClock(by: .seconds(10))
    // In Apple's vocabulary: the kSecAttrAccessible values, not the keybag's class names.
    #expect(
      outcome.summary.hasSuffix(
        "unreadable until the next unlock: kSecAttrAccessibleWhenUnlocked, "
          + "kSecAttrAccessibleWhenUnlockedThisDeviceOnly, "
          + "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"))
    #expect(!outcome.summary.contains("ak"))
    #expect(device.advanceClock(by: .milliseconds(-1)).status == .refused)
  }
}
