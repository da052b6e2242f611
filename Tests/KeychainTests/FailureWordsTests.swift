import DeviceState
import Foundation
import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain

/// The words a failure or a sync event carries fit the state that caused them, and name the
/// rule rather than a number of the project's fact sheet (issue 26).
@Suite struct FailureWordsTests {
  /// A WhenUnlocked item read before the first unlock since boot: AfterFirstUnlock would not
  /// help then, so the fix must not offer it as the remedy.
  @Test func aClassAReadBeforeFirstUnlockIsNotToldToUseAfterFirstUnlock() throws {
    let device = try makeDeviceWithPasscode()
    #expect(
      device.secItemAdd(genp("a", ["v_Data": .data(Data("s".utf8))])).status == .errSecSuccess)
    #expect(device.reboot().succeeded)
    let read = device.secItemCopyMatching(genp("a", ["r_Data": .bool(true)]))
    #expect(read.status == .errSecInteractionNotAllowed)
    let fix = try #require(read.explanation?.fix)
    #expect(fix.contains("after the first unlock since boot"), "\(fix)")
    #expect(!fix.contains("store it with kSecAttrAccessibleAfterFirstUnlock"), "\(fix)")
  }

  /// The same item read while locked after an unlock: AfterFirstUnlock is the remedy.
  @Test func aClassAReadWhileLockedIsToldToUseAfterFirstUnlock() throws {
    let device = try makeDeviceWithPasscode()
    #expect(
      device.secItemAdd(genp("a", ["v_Data": .data(Data("s".utf8))])).status == .errSecSuccess)
    #expect(device.lock().succeeded)
    #expect(device.advanceClock(by: .hours(1)).succeeded)
    let read = device.secItemCopyMatching(genp("a", ["r_Data": .bool(true)]))
    #expect(read.status == .errSecInteractionNotAllowed)
    let fix = try #require(read.explanation?.fix)
    #expect(fix.contains("store it with kSecAttrAccessibleAfterFirstUnlock"), "\(fix)")
  }

  /// Every sync event's words state the rule; none cites "(fact N)".
  @Test(arguments: [
    SyncEvent.stays(device: "iPhone", item: "`a` (genp)", reason: .notSynchronizable),
    .stays(device: "iPhone", item: "`a` (genp)", reason: .deviceBound(.akpu)),
    .stays(device: "iPhone", item: "`a` (genp)", reason: .deviceBound(.cku)),
    .stays(device: "iPhone", item: "`a` (genp)", reason: .accessControl),
    .stays(device: "iPhone", item: "`a` (genp)", reason: .tooLarge(bytes: 1_048_576)),
    .waitsForUnlock(device: "iPad", item: "`a` (genp)", protection: .ak),
    .overwritten(device: "iPad", item: "`a` (genp)", winner: "iPhone"),
    .collision(device: "iPad", item: "`a` (genp)", kept: "A-UUID", dropped: "B-UUID"),
    .replacedUnknownLocal(device: "iPad", item: "`a` (genp)"),
    .deletionNotPropagated(device: "iPad", item: "`a` (genp)"),
  ])
  func syncWordsNameTheRuleNotAFactNumber(_ event: SyncEvent) {
    #expect(!"\(event)".contains("(fact"), "\(event)")
    #expect(!"\(event)".hasSuffix(" "), "\(event)")
  }
}
