import DeviceState
import Foundation
import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain
@testable import KeychainEngine

/// iCloud Keychain sync between a fleet's devices (docs/evidence.md §11, facts 1-24).
@Suite struct ICloudKeychainSyncTests {
  static let account = "alice@icloud.com"

  /// An iPhone and an iPad (or `second`), both signed into ``account`` with iCloud Keychain
  /// on; the iPhone is current.
  static func pair(_ second: DevicePlatform = .iPad, secondName: String = "ipad") throws
    -> DeviceFleet
  {
    let fleet = DeviceFleet(first: try makeDevice(), kdfProfile: .fast)
    try fleet.addDevice(named: secondName, platform: second)
    for name in ["iPhone", secondName] {
      _ = try fleet.use(name)
      #expect(fleet.signIn(account).succeeded)
      #expect(fleet.setICloudKeychain(true).succeeded)
    }
    _ = try fleet.use("iPhone")
    return fleet
  }

  /// `genp(account)` with `kSecAttrSynchronizable: true` and `pdmn`.
  static func synced(_ account: String, _ protection: String = "ck") -> SecQuery {
    genp(account, ["sync": .bool(true), "pdmn": .string(protection)])
  }

  /// A read of `account`'s data, synchronizable items included.
  static func read(_ account: String) -> SecQuery {
    genp(account, ["sync": .string("syna"), "r_Data": .bool(true)])
  }

  /// Adds on the current device and lets the fleet see the change, as after a statement.
  static func add(_ fleet: DeviceFleet, _ query: SecQuery) {
    mustAdd(fleet.current, query)
    fleet.settleSync()
  }

  static func device(_ fleet: DeviceFleet, _ name: String) throws -> SimulatedDevice {
    try fleet.member(named: name).device
  }

  @Test func aSynchronizableItemReachesTheOtherDeviceWhenTheClockAdvances() throws {
    let fleet = try Self.pair()
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret("t1")]))
    let ipad = try Self.device(fleet, "ipad")
    #expect(ipad.secItemCopyMatching(Self.read("alice")).status == .errSecItemNotFound)
    #expect(fleet.advanceClock(by: .seconds(1)).succeeded)
    let read = ipad.secItemCopyMatching(Self.read("alice"))
    #expect(read.status == .errSecSuccess)
    #expect(read.result == secret("t1"))
    // A query without kSecAttrSynchronizable sees only non-synchronizable items (fact 1).
    #expect(ipad.secItemCopyMatching(genp("alice")).status == .errSecItemNotFound)
    let events = fleet.takeSyncEvents()
    #expect(
      events.contains {
        if case .uploaded(device: "iPhone", _, .added) = $0 { true } else { false }
      })
    #expect(
      events.contains {
        if case .downloaded(device: "ipad", _, .added, from: "iPhone") = $0 { true } else { false }
      })
  }

  @Test(arguments: ["aku", "cku", "dku"])
  func aThisDeviceOnlyItemIsAddedButNeverLeaves(_ protection: String) throws {
    let fleet = try Self.pair()
    let added = fleet.current.secItemAdd(
      Self.synced("tdo", protection).adding(["v_Data": secret()]))
    #expect(added.status == .errSecSuccess, "fact 3: SecItemAdd returns 0")
    fleet.settleSync()
    #expect(fleet.syncNow().succeeded)
    let ipad = try Self.device(fleet, "ipad")
    #expect(ipad.secItemCopyMatching(Self.read("tdo")).status == .errSecItemNotFound)
    let reason = SyncEvent.StayReason.deviceBound(ProtectionClass(rawValue: protection)!)
    #expect(
      fleet.takeSyncEvents().contains {
        if case .stays("iPhone", _, reason) = $0 { true } else { false }
      })
    #expect(fleet.currentCloud?.liveRecords.isEmpty == true)
    // Every pass tells it again: it is what a user waits for in vain.
    #expect(fleet.syncNow().succeeded)
    #expect(
      fleet.takeSyncEvents().contains {
        if case .stays("iPhone", _, reason) = $0 { true } else { false }
      })
  }

  @Test func aNonSynchronizableItemStaysAndTheTranscriptSaysWhy() throws {
    let fleet = try Self.pair()
    Self.add(fleet, genp("local", ["v_Data": secret(), "pdmn": .string("ck")]))
    #expect(fleet.syncNow().succeeded)
    #expect(
      try Self.device(fleet, "ipad").secItemCopyMatching(Self.read("local")).status
        == .errSecItemNotFound)
    let events = fleet.takeSyncEvents()
    #expect(
      events.contains {
        if case .stays("iPhone", _, .notSynchronizable) = $0 { true } else { false }
      })
    // Told once, not at every pass.
    #expect(fleet.syncNow().succeeded)
    #expect(!fleet.takeSyncEvents().contains { if case .stays = $0 { true } else { false } })
  }

  @Test func accessControlWithSynchronizableIsRefused() throws {
    let fleet = try Self.pair()
    let control = try SecAccessControl.create(protection: "ak", flags: [.userPresence])
    let outcome = fleet.current.secItemAdd(
      Self.synced("ac").adding(["accc": .accessControl(control), "v_Data": secret()]).removing(
        "pdmn"))
    #expect(outcome.status == .errSecParam, "fact 5")
  }

  @Test func anItemWithAccessControlMadeSynchronizableByAnUpdateStays() throws {
    let fleet = try Self.pair()
    // No flag that asks the user, so the update needs no prompt.
    let control = try SecAccessControl.create(protection: "ak", flags: [])
    mustAdd(fleet.current, genp("guarded", ["accc": .accessControl(control), "v_Data": secret()]))
    let update = fleet.current.secItemUpdate(genp("guarded"), ["sync": .bool(true)])
    #expect(update.status == .errSecSuccess)
    fleet.settleSync()
    #expect(fleet.syncNow().succeeded)
    #expect(fleet.currentCloud?.liveRecords.isEmpty == true)
    #expect(
      fleet.takeSyncEvents().contains {
        if case .stays("iPhone", _, .accessControl) = $0 { true } else { false }
      })
  }

  @Test func theAccessGroupTravelsSoOnlyAnAppWithItReadsTheItem() throws {
    let fleet = try Self.pair()
    Self.add(fleet, Self.synced("shared").adding(["v_Data": secret()]))
    #expect(fleet.advanceClock(by: .seconds(1)).succeeded)
    let ipad = try Self.device(fleet, "ipad")
    #expect(ipad.secItemCopyMatching(Self.read("shared")).status == .errSecSuccess)
    let other = AppIdentity(bundleID: "com.example.other", teamID: "ABCDE12345")
    #expect(ipad.install(other).succeeded)
    #expect(ipad.useApp(other.bundleID).succeeded)
    #expect(ipad.secItemCopyMatching(Self.read("shared")).status == .errSecItemNotFound)
  }

  @Test func updatesAndDeletesFollowTheItem() throws {
    let fleet = try Self.pair()
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret("v1")]))
    #expect(fleet.advanceClock(by: .seconds(1)).succeeded)
    let ipad = try Self.device(fleet, "ipad")
    _ = try fleet.use("ipad")
    #expect(
      ipad.secItemUpdate(genp("alice", ["sync": .bool(true)]), ["v_Data": secret("v2")]).status
        == .errSecSuccess)
    fleet.settleSync()
    #expect(fleet.syncNow().succeeded)
    let phone = try Self.device(fleet, "iPhone")
    #expect(phone.secItemCopyMatching(Self.read("alice")).result == secret("v2"))
    #expect(phone.secItemDelete(genp("alice", ["sync": .bool(true)])).status == .errSecSuccess)
    #expect(fleet.syncNow().succeeded)
    #expect(ipad.secItemCopyMatching(Self.read("alice")).status == .errSecItemNotFound)
    #expect(fleet.currentCloud?.allRecords.first?.isDeleted == true)
  }

  @Test func aDeleteWithoutTombstonesDoesNotPropagate() throws {
    let fleet = try Self.pair()
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret()]))
    #expect(fleet.syncNow().succeeded)
    let deleted = fleet.current.secItemDelete(
      genp("alice", ["sync": .bool(true), "u_Tomb": .bool(false)]))
    #expect(deleted.status == .errSecSuccess)
    fleet.settleSync()
    #expect(fleet.syncNow().succeeded)
    #expect(fleet.current.secItemCopyMatching(Self.read("alice")).status == .errSecItemNotFound)
    #expect(
      try Self.device(fleet, "ipad").secItemCopyMatching(Self.read("alice")).status
        == .errSecSuccess)
    #expect(
      fleet.takeSyncEvents().contains {
        if case .deletionNotPropagated("iPhone", _) = $0 { true } else { false }
      })
  }

  @Test func reAddingOverADeletedItemReusesItsUUID() throws {
    let fleet = try Self.pair()
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret()]))
    let first = try #require(fleet.currentCloud?.liveRecords.first?.uuid)
    #expect(
      fleet.current.secItemDelete(genp("alice", ["sync": .bool(true)])).status == .errSecSuccess)
    fleet.settleSync()
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret("again")]))
    let records = try #require(fleet.currentCloud?.allRecords)
    #expect(records.map(\.uuid) == [first], "fact 14: the re-add reuses the UUID")
    #expect(records.first?.isDeleted == false)
  }

  @Test func concurrentChangesTheFirstWriterWins() throws {
    let fleet = try Self.pair()
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret("v1")]))
    #expect(fleet.syncNow().succeeded)
    _ = try fleet.use("ipad")
    #expect(
      fleet.current.secItemUpdate(genp("alice", ["sync": .bool(true)]), ["v_Data": secret("ipad")])
        .status == .errSecSuccess)
    fleet.settleSync()
    _ = try fleet.use("iPhone")
    #expect(
      fleet.current.secItemUpdate(genp("alice", ["sync": .bool(true)]), ["v_Data": secret("phone")])
        .status == .errSecSuccess)
    fleet.settleSync()
    #expect(
      fleet.takeSyncEvents().contains {
        if case .overwritten("iPhone", _, winner: "ipad") = $0 { true } else { false }
      })
    #expect(fleet.syncNow().succeeded)
    for name in ["iPhone", "ipad"] {
      #expect(
        try Self.device(fleet, name).secItemCopyMatching(Self.read("alice")).result
          == secret("ipad"))
    }
  }

  @Test func twoItemsWithOnePrimaryKeyTheLowerUUIDWins() throws {
    let fleet = try Self.pair()
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret("phone")]))
    _ = try fleet.use("ipad")
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret("ipad")]))
    let uuids = try #require(fleet.currentCloud?.liveRecords.map(\.uuid))
    #expect(uuids.count == 2)
    #expect(fleet.syncNow().succeeded)
    for name in ["iPhone", "ipad"] {
      #expect(
        try Self.device(fleet, name).secItemCopyMatching(Self.read("alice")).result
          == secret("phone"))
    }
    #expect(fleet.currentCloud?.liveRecords.map(\.uuid) == [uuids[0]])
    let events = fleet.takeSyncEvents()
    // The iPhone, first to download, keeps its own (lower) UUID and deletes the iPad's record;
    // the iPad then takes the winner over its own item.
    #expect(
      events.contains {
        if case .collision("iPhone", _, kept: uuids[0], dropped: uuids[1]) = $0 {
          true
        } else {
          false
        }
      })
    #expect(
      events.contains {
        if case .collision("ipad", _, kept: uuids[0], dropped: uuids[1]) = $0 {
          true
        } else {
          false
        }
      })
  }

  @Test func aLockedDeviceGetsClassCAtOnceAndClassAAfterItsUnlock() throws {
    let fleet = try Self.pair()
    let ipad = try Self.device(fleet, "ipad")
    #expect(ipad.setPasscode("1111").succeeded)
    #expect(ipad.lock().succeeded)
    Self.add(fleet, Self.synced("classC", "ck").adding(["v_Data": secret()]))
    Self.add(fleet, Self.synced("classA", "ak").adding(["v_Data": secret()]))
    #expect(fleet.advanceClock(by: .seconds(11)).succeeded)
    #expect(ipad.state.lock != .unlocked)
    let events = fleet.takeSyncEvents()
    #expect(
      events.contains { if case .waitsForUnlock("ipad", _, .ak) = $0 { true } else { false } })
    #expect(ipad.unlock(passcode: "1111").succeeded)
    #expect(ipad.secItemCopyMatching(Self.read("classC")).status == .errSecSuccess)
    #expect(ipad.secItemCopyMatching(Self.read("classA")).status == .errSecItemNotFound)
    _ = try fleet.use("ipad")
    fleet.settleSync()
    #expect(ipad.secItemCopyMatching(Self.read("classA")).status == .errSecSuccess)
  }

  @Test func iCloudKeychainOffStopsTheFlowAndTurningItOnMerges() throws {
    let fleet = try Self.pair()
    _ = try fleet.use("ipad")
    #expect(fleet.setICloudKeychain(false).succeeded)
    Self.add(fleet, Self.synced("fromIPad").adding(["v_Data": secret()]))
    #expect(fleet.syncNow().refusal == .iCloudKeychainOff(appleID: Self.account))
    _ = try fleet.use("iPhone")
    Self.add(fleet, Self.synced("fromPhone").adding(["v_Data": secret()]))
    #expect(fleet.syncNow().succeeded)
    let ipad = try Self.device(fleet, "ipad")
    #expect(ipad.secItemCopyMatching(Self.read("fromPhone")).status == .errSecItemNotFound)
    #expect(
      fleet.takeSyncEvents().contains {
        if case .absent("ipad", _, .keychainOff) = $0 { true } else { false }
      })
    _ = try fleet.use("ipad")
    #expect(fleet.setICloudKeychain(true).succeeded)
    fleet.settleSync()  // the scan uploads what changed meanwhile (fact 23)
    #expect(fleet.syncNow().succeeded)
    #expect(ipad.secItemCopyMatching(Self.read("fromPhone")).status == .errSecSuccess)
    #expect(
      try Self.device(fleet, "iPhone").secItemCopyMatching(Self.read("fromIPad")).status
        == .errSecSuccess)
  }

  @Test func anIdenticalItemIsTakenAsTheRecordNotUploadedAsATwin() throws {
    let fleet = try Self.pair()
    _ = try fleet.use("ipad")
    #expect(fleet.setICloudKeychain(false).succeeded)
    // The same item, at the same moment, with the same data: as a restore or Quick Start
    // brings it.
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret("same")]))
    _ = try fleet.use("iPhone")
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret("same")]))
    _ = try fleet.use("ipad")
    #expect(fleet.setICloudKeychain(true).succeeded)
    fleet.settleSync()
    #expect(fleet.syncNow().succeeded)
    #expect(fleet.currentCloud?.allRecords.count == 1)
    #expect(
      !fleet.takeSyncEvents().contains {
        if case .collision = $0 { true } else { false }
      })
  }

  @Test func aSignedOutDeviceAndAnAndroidPhoneReceiveNothing() throws {
    let fleet = try Self.pair()
    try fleet.addDevice(named: "pixel", platform: .android)
    _ = try fleet.use("ipad")
    #expect(fleet.signOut().succeeded)
    #expect(fleet.syncNow().refusal == .notSignedIn)
    _ = try fleet.use("iPhone")
    Self.add(fleet, Self.synced("alice").adding(["v_Data": secret()]))
    #expect(fleet.syncNow().succeeded)
    #expect(
      try Self.device(fleet, "ipad").secItemCopyMatching(Self.read("alice")).status
        == .errSecItemNotFound)
    let events = fleet.takeSyncEvents()
    #expect(events.contains { if case .absent("ipad", _, .signedOut) = $0 { true } else { false } })
    #expect(
      events.contains {
        if case .absent("pixel", _, .noICloud(.android)) = $0 { true } else { false }
      })
  }

  @Test func aWatchReceivesSynchronizableItems() throws {
    let fleet = try Self.pair(.watch, secondName: "watch")
    Self.add(fleet, Self.synced("alice", "ak").adding(["v_Data": secret()]))
    #expect(fleet.advanceClock(by: .seconds(1)).succeeded)
    #expect(
      try Self.device(fleet, "watch").secItemCopyMatching(Self.read("alice")).status
        == .errSecSuccess)
  }

  @Test func anItemOfOneMebibyteOrMoreStays() throws {
    let fleet = try Self.pair()
    let big = SecValue.data(Data(repeating: 7, count: SyncEligibility.maximumRecordBytes))
    Self.add(fleet, Self.synced("big").adding(["v_Data": big]))
    #expect(fleet.currentCloud?.liveRecords.isEmpty == true)
    #expect(
      fleet.takeSyncEvents().contains {
        if case .stays(_, _, .tooLarge) = $0 { true } else { false }
      })
  }

  @Test func nothingSyncsWhileNoDeviceTakesPart() throws {
    let fleet = DeviceFleet(first: try makeDevice(), kdfProfile: .fast)
    mustAdd(fleet.current, Self.synced("alice").adding(["v_Data": secret()]))
    fleet.settleSync()
    #expect(fleet.advanceClock(by: .seconds(1)).succeeded)
    #expect(fleet.takeSyncEvents().isEmpty)
    #expect(fleet.currentCloud == nil)
  }
}
