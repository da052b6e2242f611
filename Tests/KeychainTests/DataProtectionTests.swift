import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// docs/evidence.md §6.2: which protection classes can be added and read in which device state.
@Suite struct DataProtectionTests {
  enum State: String, CaseIterable, Sendable {
    case noPasscode, noPasscodeLocked, unlocked, lockedInGrace, lockedPastGrace, beforeFirstUnlock

    var hasPasscode: Bool { self != .noPasscode && self != .noPasscodeLocked }

    /// Moves an unlocked device (with a passcode if `hasPasscode`) into this state.
    func enter(_ device: SimulatedDevice) {
      switch self {
      case .noPasscode, .unlocked: break
      case .noPasscodeLocked:
        _ = device.lock()
        _ = device.advanceClock(by: .hours(3))
      case .lockedInGrace:
        _ = device.lock()
        _ = device.advanceClock(by: .seconds(9))
      case .lockedPastGrace:
        _ = device.lock()
        _ = device.advanceClock(by: .hours(3))
      case .beforeFirstUnlock:
        _ = device.reboot()
      }
    }

    /// The status a read or an add of `protection` gets in this state.
    func expected(_ protection: ProtectionClass, adding: Bool) -> OSStatus {
      if protection == .akpu, !hasPasscode {
        return adding ? .errSecNotAvailable : .errSecItemNotFound
      }
      switch (self, protection.tier) {
      case (.lockedPastGrace, .a), (.beforeFirstUnlock, .a), (.beforeFirstUnlock, .c):
        return .errSecInteractionNotAllowed
      default:
        return .errSecSuccess
      }
    }
  }

  struct Case: Sendable, CustomTestStringConvertible {
    let state: State
    let protection: ProtectionClass
    var testDescription: String { "\(state.rawValue) × \(protection.rawValue)" }
  }

  static let cases = State.allCases.flatMap { state in
    ProtectionClass.allCases.map { Case(state: state, protection: $0) }
  }

  private func device(for state: State) throws -> SimulatedDevice {
    state.hasPasscode ? try makeDeviceWithPasscode() : try makeDevice()
  }

  @Test(arguments: cases)
  func read(_ testCase: Case) throws {
    let device = try device(for: testCase.state)
    let item = genp().adding(["pdmn": .string(testCase.protection.rawValue), "v_Data": secret()])
    _ = device.secItemAdd(item)
    testCase.state.enter(device)
    let outcome = device.secItemCopyMatching(genp().adding(["r_Data": .bool(true)]))
    let expected = testCase.state.expected(testCase.protection, adding: false)
    #expect(outcome.status == expected, "\(outcome.explanation?.description ?? "-")")
    if expected == .errSecSuccess { #expect(outcome.result == secret()) }
    if expected == .errSecInteractionNotAllowed {
      let locked = try #require(outcome.lockedItem)
      #expect(locked.item.attributes["acct"] == .text("alice"))
      #expect(locked.protection == testCase.protection)
    }
  }

  @Test(arguments: cases)
  func add(_ testCase: Case) throws {
    let device = try device(for: testCase.state)
    testCase.state.enter(device)
    let outcome = device.secItemAdd(
      genp().adding(["pdmn": .string(testCase.protection.rawValue), "v_Data": secret()]))
    #expect(outcome.status == testCase.state.expected(testCase.protection, adding: true))
  }

  @Test func attributesOnlyAndExistenceQueriesAreLockedToo() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    State.lockedPastGrace.enter(device)
    #expect(device.secItemCopyMatching(genp()).status == .errSecInteractionNotAllowed)
    #expect(
      device.secItemCopyMatching(genp().adding(["r_Attributes": .bool(true)])).status
        == .errSecInteractionNotAllowed)
  }

  @Test func oneLockedMatchFailsTheWholeSearch() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp("a").adding(["pdmn": .string("ck"), "v_Data": secret()]))
    mustAdd(device, genp("b").adding(["pdmn": .string("ak"), "v_Data": secret()]))
    State.lockedPastGrace.enter(device)
    let all = ["class": passwordClass, "m_Limit": .string("m_LimitAll")] as SecQuery
    #expect(device.secItemCopyMatching(all).status == .errSecInteractionNotAllowed)
    // A query whose plaintext filter excludes the locked item is unaffected.
    #expect(device.secItemCopyMatching(genp("a")).status == .errSecSuccess)
  }

  @Test func updateOfALockedItemFails() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    State.lockedPastGrace.enter(device)
    #expect(
      device.secItemUpdate(genp(), ["labl": .string("x")]).status == .errSecInteractionNotAllowed)
  }

  /// Every attribute is a searchable column (a keyed hash), so a locked item is deleted
  /// without being opened whichever attributes select it, as securityd does
  /// (`SecItemSchema.c`: every attribute but accc has a column).
  @Test func lockedItemIsDeletableByItsKeyAndByANonKeyAttribute() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp("a").adding(["labl": .string("L"), "v_Data": secret()]))
    mustAdd(device, genp("b").adding(["labl": .string("M"), "v_Data": secret()]))
    mustAdd(device, genp("c").adding(["labl": .string("N"), "v_Data": secret()]))
    State.lockedPastGrace.enter(device)
    let byLabel = ["class": passwordClass, "labl": .string("L")] as SecQuery
    #expect(device.secItemDelete(byLabel).status == .errSecSuccess)
    #expect(device.secItemDelete(genp("b")).status == .errSecSuccess)
    _ = device.unlock(passcode: "123456")
    #expect(device.secItemCopyMatching(genp("a")).status == .errSecItemNotFound)
    #expect(device.secItemCopyMatching(genp("b")).status == .errSecItemNotFound)
    #expect(device.secItemCopyMatching(genp("c")).status == .errSecSuccess)
  }

  /// The near-miss diagnosis still finds a locked item one attribute away, by its hashes,
  /// and says its value is sealed rather than inventing one.
  @Test func lockedNearMissIsToldWithoutItsValue() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(
      device, genp("alice", service: "s1").adding(["labl": .string("L"), "v_Data": secret()]))
    State.lockedPastGrace.enter(device)
    let outcome = device.secItemCopyMatching(
      genp("alice", service: "s1").adding(["labl": .string("M")]))
    #expect(outcome.status == .errSecItemNotFound)
    guard case .oneAttributeLocked(_, let name, let queried)? = outcome.notFound?.nearMisses.first
    else {
      Issue.record("expected a locked near miss, got \(String(describing: outcome.notFound))")
      return
    }
    #expect(name == .label)
    #expect(queried == .text("M"))
    let cause = try #require(outcome.explanation?.cause)
    #expect(cause.contains("sealed while its class is locked"), "\(cause)")
    #expect(!cause.contains("`L`"))
  }

  /// A locked item the query does not select is never opened: the matching item in an
  /// available class is returned (securityd filters in SQL, `SecDbQuery.c`).
  @Test func lockedItemThatDoesNotMatchDoesNotFailTheSearch() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp("a").adding(["labl": .string("mine"), "pdmn": .string("dk")]))
    mustAdd(device, genp("b").adding(["labl": .string("other"), "pdmn": .string("ak")]))
    State.lockedPastGrace.enter(device)
    let byLabel =
      ["class": passwordClass, "labl": .string("mine"), "m_Limit": .string("m_LimitAll")]
      as SecQuery
    #expect(device.secItemCopyMatching(byLabel).status == .errSecSuccess)
    let none = ["class": passwordClass, "labl": .string("nobody")] as SecQuery
    #expect(device.secItemCopyMatching(none).status == .errSecItemNotFound)
  }

  @Test func lockingWithoutPasscodeSaysItProtectsNothing() throws {
    let device = try makeDevice()
    let outcome = device.lock()
    #expect(outcome.explanation?.cause.contains("protects nothing") == true)
  }

  @Test func itemsAreSealedWithTheirClassKeyNotJustFlagged() throws {
    // The keybag, not a flag, decides: after the grace period the class A key is gone.
    let device = try makeDeviceWithPasscode()
    State.lockedPastGrace.enter(device)
    #expect(!device.keybag.isLoaded(.ak))
    #expect(device.keybag.isLoaded(.ck))
    #expect(!device.state.availableClasses.contains(.aku))
  }
}
