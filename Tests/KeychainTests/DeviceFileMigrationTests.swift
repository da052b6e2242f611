import Foundation
import Testing

@testable import ItemStore
@testable import Keychain

/// A device file the previous schema's keychain-sim wrote (Tests/Fixtures/DeviceFiles, made
/// at commit a6406d9, schema version 1) opens with the current code: every item is re-sealed
/// in one transaction, and nothing is lost; a failed upgrade leaves the file as it was.
@Suite struct DeviceFileMigrationTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/DeviceFiles/schema-v1.device")
  static let passcode = "123456"

  /// A copy of the fixture in a fresh folder, removed afterwards.
  private func withFixtureCopy(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-migration-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("phone.device").path
    try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
    try body(path)
  }

  private func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// Runs `sql` on the file at `path`, then opens it with the passcode, which must fail: the
  /// error, and the file's bytes from before the open (an open that fails changes none).
  private func openingFails(after sql: String, at path: String) throws
    -> (SimulatedDeviceError, Data)
  {
    do {
      let raw = try Connection(path: path, mode: .existingOnly)
      try raw.executeScript(sql)
    }
    let before = try bytes(path)
    let error = try #require(throws: SimulatedDeviceError.self) {
      try SimulatedDevice.open(
        path: path, options: .init(kdfProfile: .fast), upgradePasscode: Self.passcode)
    }
    return (error, before)
  }

  private func version(_ path: String) throws -> Int64? {
    let connection = try Connection(path: path, mode: .existingOnly)
    return try connection.scalar("PRAGMA user_version").int64
  }

  @Test func theFixtureIsAVersionOneFile() throws {
    #expect(try version(Self.fixture.path) == 1)
  }

  @Test func versionOneFileOpensWithItsPasscodeAndKeepsEveryItem() throws {
    try withFixtureCopy { path in
      let device = try SimulatedDevice.open(
        path: path, options: .init(kdfProfile: .fast), upgradePasscode: Self.passcode)
      #expect(try version(path) == Int64(DeviceFileFormat.currentVersion))
      // Reopened as after a reboot: the upgrade's unlock was its own.
      #expect(device.state.lock == .beforeFirstUnlock)
      let mail = genp("alice", service: "mail")
      #expect(device.secItemCopyMatching(mail).status == .errSecInteractionNotAllowed)
      #expect(device.unlock(passcode: Self.passcode).succeeded)

      let read: SecQuery = ["r_Data": .bool(true)]
      #expect(device.secItemCopyMatching(mail.adding(read)).result == secret("fixture-secret-1"))
      #expect(
        device.secItemCopyMatching(genp("bob", service: "sync").adding(read)).result
          == secret("fixture-secret-2"))
      #expect(
        device.secItemCopyMatching(genp("carol", service: "vault").adding(read)).result
          == secret("fixture-secret-3"))
      let internet: SecQuery = [
        "class": .string("inet"), "srvr": .string("example.com"), "acct": .string("dave"),
        "r_Data": .bool(true),
      ]
      #expect(device.secItemCopyMatching(internet).result == secret("fixture-secret-4"))

      // The sealed attributes came through, searchable by their new hashes.
      let attributes = device.secItemCopyMatching(mail.adding(["r_Attributes": .bool(true)]))
      guard case .dictionary(let stored)? = attributes.result else {
        Issue.record("no attributes: \(attributes.status)")
        return
      }
      #expect(stored["labl"] == .string("Mail password"))
      #expect(stored["icmt"] == .string("fixture item 1"))
      #expect(stored["pdmn"] == .string("ak"))
      #expect(
        device.secItemCopyMatching(["class": passwordClass, "labl": .string("Mail password")])
          .status == .errSecSuccess)
      let port: SecQuery = ["class": .string("inet"), "port": .number(443)]
      #expect(device.secItemCopyMatching(port).status == .errSecSuccess)

      // The access-control item kept its access control: reading it asks for the passcode
      // (no answer is queued, so the prompt is dismissed).
      let tokenRead = device.secItemCopyMatching(
        genp("token", service: "api").adding(["r_Attributes": .bool(true)]))
      #expect(tokenRead.status == .errSecAuthFailed)
      #expect(tokenRead.authenticationDenial != nil)
      #expect(tokenRead.explanation?.description.contains("[.devicePasscode]") == true)

      // Every item was read above; the one deleted before the upgrade stays deleted.
      #expect(
        device.secItemCopyMatching(genp("erin", service: "gone")).status == .errSecItemNotFound)

      // The device state and the store work as usual afterwards.
      mustAdd(device, genp("frank", service: "new").adding(["v_Data": secret("after")]))
      #expect(device.secItemDelete(genp("bob", service: "sync")).status == .errSecSuccess)
    }
  }

  @Test func anUpgradedFileReopensWithoutThePasscode() throws {
    try withFixtureCopy { path in
      _ = try SimulatedDevice.open(
        path: path, options: .init(kdfProfile: .fast), upgradePasscode: Self.passcode)
      let reopened = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
      #expect(reopened.unlock(passcode: Self.passcode).succeeded)
      #expect(
        reopened.secItemCopyMatching(genp("alice", service: "mail").adding(["r_Data": .bool(true)]))
          .result == secret("fixture-secret-1"))
    }
  }

  /// Without the passcode the class A and C items cannot be opened: the upgrade fails on the
  /// first one, says what to do, and the file keeps every byte (so it still opens later).
  @Test func withoutThePasscodeTheUpgradeFailsAndLeavesTheFileAsItWas() throws {
    try withFixtureCopy { path in
      let before = try bytes(path)
      let error = try #require(throws: SimulatedDeviceError.self) {
        try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
      }
      guard case .store(.migrationFailed(let failedPath, let step, let reason)) = error else {
        Issue.record("unexpected error: \(error)")
        return
      }
      #expect(failedPath == path)
      #expect(step.hasPrefix("1 → \(DeviceFileFormat.currentVersion)"))
      #expect(reason.contains("genp row 1"))
      #expect(reason.contains("open the file with the passcode"))
      #expect("\(error)".contains(path))
      #expect("\(error)".contains("the file was left as it was"))
      #expect(!"\(error)".contains("fixture-secret"))
      #expect(try bytes(path) == before)
      #expect(try version(path) == 1)
      _ = try SimulatedDevice.open(
        path: path, options: .init(kdfProfile: .fast), upgradePasscode: Self.passcode)
      #expect(try version(path) == Int64(DeviceFileFormat.currentVersion))
    }
  }

  @Test func aWrongPasscodeFailsTheUpgradeAndLeavesTheFileAsItWas() throws {
    try withFixtureCopy { path in
      let before = try bytes(path)
      let error = try #require(throws: SimulatedDeviceError.self) {
        try SimulatedDevice.open(
          path: path, options: .init(kdfProfile: .fast), upgradePasscode: "000000")
      }
      #expect("\(error)".contains("does not unlock the device's keybag"), "\(error)")
      #expect(!"\(error)".contains("000000"))
      #expect(try bytes(path) == before)
    }
  }

  /// An item that was tampered with fails its opening: the upgrade stops there and the items
  /// already rewritten (a whole table of them) are rolled back with it.
  @Test func aDamagedItemMidwayRollsTheWholeUpgradeBack() throws {
    try withFixtureCopy { path in
      // The internet password is rewritten after every generic one.
      let (error, before) = try openingFails(
        after: "UPDATE inet SET data = X'00112233' WHERE acct = 'dave'", at: path)
      #expect("\(error)".contains("inet row 1"), "\(error)")
      #expect("\(error)".contains("'data' cannot be opened"), "\(error)")
      #expect(try bytes(path) == before)
      #expect(try version(path) == 1)
      let connection = try Connection(path: path, mode: .existingOnly)
      // Still the version-1 table, its plaintext columns as they were.
      #expect(
        try connection.scalar("SELECT CAST(svce AS TEXT) FROM genp WHERE rowid = 1")
          == .text("mail"))
    }
  }

  /// A file a newer keychain-sim wrote is still refused, naming both versions.
  @Test func aNewerFileIsStillRefused() throws {
    try withFixtureCopy { path in
      let current = DeviceFileFormat.currentVersion
      let (error, before) = try openingFails(
        after: "PRAGMA user_version = \(current + 1)", at: path)
      #expect(error == .store(.newerSchema(path: path, version: current + 1, supported: current)))
      #expect("\(error)".contains("newer keychain-sim"))
      #expect(try bytes(path) == before)
    }
  }
}
