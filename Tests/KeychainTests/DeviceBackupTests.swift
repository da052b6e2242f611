import DeviceState
import Foundation
import Keybag
import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain
@testable import KeychainEngine

/// Backups, restores and Quick Start between the devices of a fleet (docs/evidence.md §11,
/// facts 26-32).
@Suite struct DeviceBackupTests {
  /// A fleet whose iPhone (passcode set) holds `session` (ThisDeviceOnly), `refresh` (ck) and
  /// `pin` (akpu), and an empty second iPhone `newPhone`.
  static func fleet() throws -> DeviceFleet {
    let fleet = DeviceFleet(first: try makeDevice(), kdfProfile: .fast)
    let phone = fleet.current
    #expect(phone.setPasscode("123456").succeeded)
    mustAdd(phone, genp("session", ["v_Data": secret("tdo-token"), "pdmn": .string("cku")]))
    mustAdd(phone, genp("refresh", ["v_Data": secret("ck-token"), "pdmn": .string("ck")]))
    mustAdd(phone, genp("pin", ["v_Data": secret("akpu-token"), "pdmn": .string("akpu")]))
    try fleet.addDevice(named: "newPhone", platform: .iPhone)
    return fleet
  }

  static func fates(_ report: BackupReport) -> [String: BackupItemFate.Fate] {
    var fates: [String: BackupItemFate.Fate] = [:]
    for fate in report.items {
      let account = fate.item.split(separator: "`").dropFirst().first.map(String.init) ?? ""
      fates[account] = fate.fate
    }
    return fates
  }

  static func data(_ device: SimulatedDevice, _ account: String) -> SecValue? {
    let outcome = device.secItemCopyMatching(genp(account, ["r_Data": .bool(true)]))
    return outcome.status == .errSecSuccess ? outcome.result : nil
  }

  static func deleteAll(_ device: SimulatedDevice) {
    #expect(device.secItemDelete(["class": passwordClass]).status == .errSecSuccess)
  }

  // MARK: - Encrypted

  @Test func anEncryptedBackupMovesAllButThisDeviceOnlyToANewDevice() throws {
    let fleet = try Self.fleet()
    let made = try fleet.createBackup(named: "monday", kind: .encrypted, password: "hunter2")
    #expect(made.outcome.succeeded)
    #expect(
      Self.fates(made) == [
        "session": .backedUp(sameDeviceOnly: true), "refresh": .backedUp(sameDeviceOnly: false),
        "pin": .stayedBehind(.akpu),
      ])
    #expect(try fleet.use("newPhone").succeeded)
    let restored = try fleet.restoreBackup(named: "monday", password: "hunter2")
    #expect(restored.outcome.succeeded, "\(restored.outcome)")
    #expect(
      Self.fates(restored) == [
        "refresh": .moved(replaced: false, awaitingGroup: nil),
        "session": .stayedBehind(.thisDeviceOnly(origin: "iPhone")),
        "pin": .stayedBehind(.akpu),
      ])
    let newPhone = fleet.current
    #expect(Self.data(newPhone, "refresh") == secret("ck-token"))
    #expect(newPhone.secItemCopyMatching(genp("session")).status == .errSecItemNotFound)
    #expect(newPhone.secItemCopyMatching(genp("pin")).status == .errSecItemNotFound)
  }

  @Test func anEncryptedBackupRestoresThisDeviceOnlyItemsToTheSameDevice() throws {
    let fleet = try Self.fleet()
    _ = try fleet.createBackup(named: "monday", kind: .encrypted, password: "hunter2")
    Self.deleteAll(fleet.current)
    let restored = try fleet.restoreBackup(named: "monday", password: "hunter2")
    #expect(restored.outcome.succeeded)
    #expect(Self.data(fleet.current, "session") == secret("tdo-token"))
    #expect(Self.data(fleet.current, "refresh") == secret("ck-token"))
    #expect(fleet.current.secItemCopyMatching(genp("pin")).status == .errSecItemNotFound)
  }

  @Test func aWrongOrMissingPasswordRestoresNothing() throws {
    let fleet = try Self.fleet()
    _ = try fleet.createBackup(named: "monday", kind: .encrypted, password: "hunter2")
    #expect(try fleet.use("newPhone").succeeded)
    let wrong = try fleet.restoreBackup(named: "monday", password: "hunter3")
    #expect(wrong.outcome.refusal == .backup(.wrongPassword(backup: "monday")))
    let missing = try fleet.restoreBackup(named: "monday", password: nil)
    #expect(missing.outcome.refusal == .backup(.passwordNeeded(backup: "monday")))
    #expect(fleet.current.secItemCopyMatching(genp("refresh")).status == .errSecItemNotFound)
    #expect(!wrong.outcome.description.contains("hunter"))
  }

  @Test func anEncryptedBackupNeedsAPasswordAndOthersTakeNone() throws {
    let fleet = try Self.fleet()
    let noPassword = try fleet.createBackup(named: "a", kind: .encrypted, password: nil)
    #expect(noPassword.outcome.refusal == .backup(.passwordNeeded(backup: "a")))
    #expect(fleet.backups.isEmpty)
    #expect(throws: BackupError.passwordNotTaken(.unencrypted)) {
      try fleet.createBackup(named: "b", kind: .unencrypted, password: "x")
    }
    _ = try fleet.createBackup(named: "c", kind: .unencrypted, password: nil)
    #expect(throws: BackupError.passwordNotUsed(backup: "c", kind: .unencrypted)) {
      try fleet.restoreBackup(named: "c", password: "x")
    }
    #expect(throws: BackupError.nameTaken("c")) {
      try fleet.createBackup(named: "c", kind: .unencrypted, password: nil)
    }
    #expect(throws: BackupError.unknownBackup(name: "d", known: ["c"])) {
      try fleet.restoreBackup(named: "d", password: nil)
    }
  }

  // MARK: - Unencrypted and iCloud

  @Test(arguments: [BackupKind.unencrypted, .icloud])
  func sameDeviceOnlyBackupsRestoreNothingOnANewDevice(kind: BackupKind) throws {
    let fleet = try Self.fleet()
    #expect(fleet.signIn("alice@icloud.com").succeeded)
    let made = try fleet.createBackup(named: "b", kind: kind, password: nil)
    #expect(made.outcome.succeeded)
    #expect(try fleet.use("newPhone").succeeded)
    let restored = try fleet.restoreBackup(named: "b", password: nil)
    #expect(restored.outcome.succeeded)
    #expect(restored.items.filter(\.movedItem).isEmpty)
    #expect(
      Self.fates(restored)["refresh"]
        == .stayedBehind(.sameDeviceBackup(kind, origin: "iPhone")))
    #expect(fleet.current.secItemCopyMatching(genp("refresh")).status == .errSecItemNotFound)
  }

  @Test(arguments: [BackupKind.unencrypted, .icloud])
  func sameDeviceOnlyBackupsRestoreEverythingBackedUpOnTheSameDevice(kind: BackupKind) throws {
    let fleet = try Self.fleet()
    #expect(fleet.signIn("alice@icloud.com").succeeded)
    _ = try fleet.createBackup(named: "b", kind: kind, password: nil)
    Self.deleteAll(fleet.current)
    let restored = try fleet.restoreBackup(named: "b", password: nil)
    #expect(restored.items.filter(\.movedItem).count == 2)
    #expect(Self.data(fleet.current, "session") == secret("tdo-token"))
    #expect(Self.data(fleet.current, "refresh") == secret("ck-token"))
  }

  @Test func anICloudBackupNeedsAnAppleAccount() throws {
    let fleet = try Self.fleet()
    let report = try fleet.createBackup(named: "b", kind: .icloud, password: nil)
    #expect(report.outcome.refusal == .backup(.iCloudNeedsAccount))
  }

  // MARK: - What is never backed up

  @Test func itemsWhoseReadNeedsAuthenticationAreNeverBackedUp() throws {
    let fleet = try Self.fleet()
    let phone = fleet.current
    let guarded = SecAccessControl(protection: "ck", flags: [.userPresence])
    let open = SecAccessControl(protection: "ck", flags: [])
    mustAdd(phone, genp("guarded", ["v_Data": secret(), "accc": .accessControl(guarded)]))
    mustAdd(phone, genp("open", ["v_Data": secret(), "accc": .accessControl(open)]))
    let made = try fleet.createBackup(named: "b", kind: .encrypted, password: "pw")
    let fates = Self.fates(made)
    #expect(fates["guarded"] == .stayedBehind(.needsAuthentication))
    #expect(fates["open"] == .backedUp(sameDeviceOnly: false))
  }

  @Test func tombstonesAreNeverBackedUp() {
    var item = KeychainItem(
      rowID: nil, itemClass: .genp, attributes: ["pdmn": .text("ck"), "tomb": .integer(1)])
    #expect(SecItemEngine.backupOmission(item) == .tombstone)
    item.attributes["tomb"] = .integer(0)
    #expect(SecItemEngine.backupOmission(item) == nil)
  }

  // MARK: - Merge

  @Test func aRestoreMergesAndTheNewerCopyWins() throws {
    let fleet = try Self.fleet()
    let phone = fleet.current
    let newPhone = try fleet.member(named: "newPhone").device
    mustAdd(newPhone, genp("refresh", ["v_Data": secret("stale"), "pdmn": .string("ck")]))
    _ = try fleet.createBackup(named: "old", kind: .encrypted, password: "pw")
    #expect(fleet.advanceClock(by: .seconds(60)).succeeded)
    // Changed after the backup: the device's copy is newer and stays.
    #expect(
      phone.secItemUpdate(genp("refresh"), ["v_Data": secret("changed")]).status
        == .errSecSuccess)
    mustAdd(phone, genp("later", ["v_Data": secret()]))
    let restored = try fleet.restoreBackup(named: "old", password: "pw")
    #expect(Self.fates(restored)["refresh"] == .stayedBehind(.deviceCopyKept(newer: true)))
    #expect(Self.fates(restored)["session"] == .stayedBehind(.deviceCopyKept(newer: false)))
    #expect(Self.data(phone, "refresh") == secret("changed"))
    #expect(Self.data(phone, "later") == secret(), "a restore removes nothing")
    // A backup newer than the device's copy (added before the change) replaces it.
    _ = try fleet.createBackup(named: "new", kind: .encrypted, password: "pw")
    #expect(try fleet.use("newPhone").succeeded)
    let replaced = try fleet.restoreBackup(named: "new", password: "pw")
    #expect(Self.fates(replaced)["refresh"] == .moved(replaced: true, awaitingGroup: nil))
    #expect(Self.data(fleet.current, "refresh") == secret("changed"))
  }

  @Test func aRestoredItemWaitsForAnAppWithItsAccessGroup() throws {
    let fleet = try Self.fleet()
    let phone = fleet.current
    let other = AppIdentity(bundleID: "com.example.other", teamID: "ABCDE12345")
    #expect(phone.install(other).succeeded)
    #expect(phone.useApp("com.example.other").succeeded)
    mustAdd(phone, genp("otherToken", ["v_Data": secret(), "pdmn": .string("ck")]))
    _ = try fleet.createBackup(named: "b", kind: .encrypted, password: "pw")
    #expect(try fleet.use("newPhone").succeeded)
    let restored = try fleet.restoreBackup(named: "b", password: "pw")
    #expect(
      Self.fates(restored)["otherToken"]
        == .moved(replaced: false, awaitingGroup: "ABCDE12345.com.example.other"))
    #expect(Self.fates(restored)["refresh"] == .moved(replaced: false, awaitingGroup: nil))
  }

  // MARK: - Sealing

  @Test func backupContentsAreSealedAndThisDeviceOnlyEntriesOpenOnlyOnTheirDevice() throws {
    let fleet = try Self.fleet()
    _ = try fleet.createBackup(named: "b", kind: .unencrypted, password: nil)
    let backup = try #require(fleet.backups.first)
    let plaintexts = ["tdo-token", "ck-token"].map { Data($0.utf8) }
    for entry in backup.entries {
      for plain in plaintexts { #expect(entry.sealed.range(of: plain) == nil) }
    }
    let phone = fleet.current
    let newPhone = try fleet.member(named: "newPhone").device
    #expect(phone.keybag.deviceIdentity == backup.originIdentity)
    #expect(newPhone.keybag.deviceIdentity != backup.originIdentity)
    let context = backup.context(entry: 0)
    #expect(throws: KeybagError.authenticationFailed) {
      try newPhone.keybag.openOnThisDevice(backup.entries[0].sealed, context: context)
    }
    let opened = try phone.keybag.openOnThisDevice(backup.entries[0].sealed, context: context)
    #expect(BackupItemCodec.decode(opened)?.data == Data("tdo-token".utf8))
  }

  @Test func anEncryptedBackupsEntriesOpenOnlyWithItsPassword() throws {
    let fleet = try Self.fleet()
    _ = try fleet.createBackup(named: "b", kind: .encrypted, password: "hunter2")
    let backup = try #require(fleet.backups.first)
    let portable = try #require(backup.entries.firstIndex { !$0.uidBound })
    let sealed = backup.entries[portable].sealed
    let context = backup.context(entry: portable)
    #expect(sealed.range(of: Data("ck-token".utf8)) == nil)
    #expect(throws: KeybagError.authenticationFailed) {
      try fleet.current.keybag.openOnThisDevice(sealed, context: context)
    }
    let salt = try #require(backup.passwordSalt)
    let parameters = try #require(backup.passwordParameters)
    let wrong = try BackupPasswordKey(password: "hunter3", salt: salt, parameters: parameters)
    #expect(throws: KeybagError.authenticationFailed) { try wrong.open(sealed, context: context) }
    let right = try BackupPasswordKey(password: "hunter2", salt: salt, parameters: parameters)
    let item = try #require(BackupItemCodec.decode(try right.open(sealed, context: context)))
    #expect(item.data == Data("ck-token".utf8))
    #expect(item.attributes[.account] == .text("refresh"))
  }

  // MARK: - Refusals

  @Test func aLockedDeviceCannotBeBackedUp() throws {
    let fleet = try Self.fleet()
    #expect(fleet.current.lock().succeeded)
    #expect(fleet.advanceClock(by: .seconds(11)).succeeded)
    #expect(fleet.current.reboot().succeeded)
    let report = try fleet.createBackup(named: "b", kind: .encrypted, password: "pw")
    guard case .backup(.deviceLocked(let device, let classes))? = report.outcome.refusal else {
      Issue.record("expected a locked refusal, got \(report.outcome)")
      return
    }
    #expect(device == "iPhone")
    #expect(classes.contains(ProtectionClass.cku.appleName))
    #expect(fleet.backups.isEmpty)
  }

  @Test func onlyIPhonesAndIPadsAreBackedUp() throws {
    let fleet = try Self.fleet()
    try fleet.addDevice(named: "watch", platform: .watch)
    #expect(try fleet.use("watch").succeeded)
    let report = try fleet.createBackup(named: "b", kind: .encrypted, password: "pw")
    #expect(report.outcome.refusal == .backup(.unsupportedPlatform(.watch)))
  }

  // MARK: - Quick Start

  @Test func quickStartMovesAllButThisDeviceOnlyItems() throws {
    let fleet = try Self.fleet()
    #expect(try fleet.use("newPhone").succeeded)
    let report = try fleet.transfer(from: "iPhone")
    #expect(report.outcome.succeeded)
    #expect(
      Self.fates(report) == [
        "refresh": .moved(replaced: false, awaitingGroup: nil),
        "session": .stayedBehind(.thisDeviceOnly(origin: "iPhone")),
        "pin": .stayedBehind(.akpu),
      ])
    #expect(report.items.first?.description.hasPrefix("transferred: ") == true)
    #expect(Self.data(fleet.current, "refresh") == secret("ck-token"))
    #expect(fleet.current.secItemCopyMatching(genp("session")).status == .errSecItemNotFound)
  }

  @Test func quickStartNeedsAnotherKnownDevice() throws {
    let fleet = try Self.fleet()
    let toItself = try fleet.transfer(from: "iPhone")
    #expect(toItself.outcome.refusal == .backup(.transferToItself("iPhone")))
    #expect(throws: FleetError.unknownDevice(name: "oldPhone", known: ["iPhone", "newPhone"])) {
      try fleet.transfer(from: "oldPhone")
    }
  }
}
