import Foundation
import Testing

@testable import Devices
@testable import ItemStore
@testable import Keychain
@testable import KeychainEngine

/// The device file: no plaintext secrets on disk, reopen as after a reboot, clear errors.
@Suite struct DeviceFileTests {
  private func temporaryPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-\(UUID().uuidString).device").path
  }

  private func makeFileDevice(_ path: String) throws -> SimulatedDevice {
    try SimulatedDevice(options: .init(kdfProfile: .fast, path: path))
  }

  @Test func secretsNeverReachTheFileAndTheDeviceReopens() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let secretText = "PLAINTEXT-SECRET-81F3"
    let labelText = "SEALED-LABEL-2C7D"
    do {
      let device = try makeFileDevice(path)
      #expect(device.setPasscode("246810").succeeded)
      mustAdd(device, genp().adding(["labl": .string(labelText), "v_Data": secret(secretText)]))
      _ = device.advanceClock(by: .minutes(2))
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(bytes.range(of: Data(secretText.utf8)) == nil)
    #expect(bytes.range(of: Data(labelText.utf8)) == nil)
    #expect(bytes.range(of: Data("246810".utf8)) == nil)

    let reopened = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    #expect(reopened.state.lock == .beforeFirstUnlock)
    #expect(reopened.state.now == SimulatedInstant(milliseconds: 120_000))
    let read = genp().adding(["r_Data": .bool(true)])
    #expect(reopened.secItemCopyMatching(read).status == .errSecInteractionNotAllowed)
    #expect(!reopened.unlock(passcode: "000000").succeeded)
    #expect(reopened.unlock(passcode: "246810").succeeded)
    #expect(reopened.secItemCopyMatching(read).result == secret(secretText))
  }

  @Test func failedAttemptsAndCallerSurviveAReopen() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let app = AppIdentity(bundleID: "com.other.app", teamID: "ZZZZZ99999")
    do {
      let device = try makeFileDevice(path)
      _ = device.setPasscode("1111")
      _ = device.lock()
      _ = device.unlock(passcode: "2222")
      try device.setCaller(Caller(app: app))
    }
    let reopened = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    #expect(reopened.state.failedPasscodeAttempts == 1)
    #expect(reopened.caller.app == app)
  }

  @Test func truncatedFileIsAnError() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let device = try makeFileDevice(path)
      for index in 0..<40 { mustAdd(device, genp("a\(index)").adding(["v_Data": secret()])) }
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
    #expect(throws: SimulatedDeviceError.self) {
      try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    }
  }

  @Test func garbageFileIsAnError() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
    do {
      _ = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
      Issue.record("a garbage file opened")
    } catch {
      guard case .store(.notADatabase) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(error.description.contains(path))
    }
  }

  @Test func tamperedKeybagIsAnError() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do { _ = try makeFileDevice(path) }
    let database = try ItemDatabase(path: path)
    var blob = try #require(try database.deviceBlob(forKey: "keybag"))
    blob[blob.count - 5] ^= 0xFF
    blob.removeLast(3)
    try database.saveDeviceBlob(blob, forKey: "keybag")
    do {
      _ = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
      Issue.record("a tampered keybag opened")
    } catch {
      guard case .corruptState(_, let part, _) = error else {
        Issue.record("unexpected error \(error)")
        return
      }
      #expect(part == "keybag")
    }
  }

  /// A device file holding one generic password whose row `damage` has changed, reopened.
  private func deviceWithOneDamagedItem(
    at path: String, _ damage: (inout ItemRow) throws -> Void
  ) throws -> SimulatedDevice {
    do {
      let device = try makeFileDevice(path)
      mustAdd(device, genp().adding(["v_Data": secret()]))
    }
    let database = try ItemDatabase(path: path)
    var row = try #require(try database.rows(in: .genp).first)
    try damage(&row)
    try database.replace(rowID: try #require(row.rowID), with: row)
    return try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
  }

  @Test func tamperedItemIsDroppedNotReturned() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let reopened = try deviceWithOneDamagedItem(at: path) { row in
      var sealed = try #require(row.sealedColumns["data"])
      sealed[sealed.count - 1] ^= 0x01
      row.sealedColumns["data"] = sealed
    }
    let outcome = reopened.secItemCopyMatching(genp().adding(["r_Data": .bool(true)]))
    // securityd skips and deletes items it cannot decrypt (docs/evidence.md §4).
    #expect(outcome.status == .errSecItemNotFound)
    #expect(outcome.notFound?.lost == 1)
    #expect(try reopened.listItems().isEmpty)
  }

  /// A read of the secret alone opens the attributes without decoding them
  /// (`ItemSealer.openSecretAlone`): a damaged attributes column, or a protection class
  /// column that is not the sealed one, still drops the row, as a read of the attributes does.
  @Test(arguments: [
    ["r_Data": SecValue.bool(true)], ["r_Data": .bool(true), "r_Attributes": .bool(true)],
  ])
  func damagedAttributesDropTheRowWhateverTheReadReturns(returns: SecQuery) throws {
    for damage in ["attributes byte", "protection class"] {
      let path = temporaryPath()
      defer { try? FileManager.default.removeItem(atPath: path) }
      let reopened = try deviceWithOneDamagedItem(at: path) { row in
        if damage == "attributes byte" {
          var sealed = try #require(row.sealedColumns[ItemClass.attributesColumn])
          sealed[sealed.count - 1] ^= 0x01
          row.sealedColumns[ItemClass.attributesColumn] = sealed
        } else {
          #expect(row.searchColumns["pdmn"] == .text("ak"))
          row.searchColumns["pdmn"] = .text("ck")
        }
      }
      let outcome = reopened.secItemCopyMatching(genp().adding(returns))
      #expect(outcome.status == .errSecItemNotFound, "\(damage)")
      #expect(outcome.notFound?.lost == 1, "\(damage)")
      #expect(try reopened.listItems().isEmpty, "\(damage)")
    }
  }

  @Test func openingAMissingFileOrCreatingOverADeviceIsAnError() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(throws: SimulatedDeviceError.noDevice(path: path)) {
      try SimulatedDevice.open(path: path)
    }
    _ = try makeFileDevice(path)
    #expect(throws: SimulatedDeviceError.deviceExists(path: path)) {
      try makeFileDevice(path)
    }
  }

  /// A damaged row next to a good one: the call succeeds with the good one, and its note says
  /// a row was dropped (it used to vanish without a word).
  @Test func droppedDamagedRowIsReportedOnSuccess() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let device = try makeFileDevice(path)
      mustAdd(device, genp("good").adding(["v_Data": secret()]))
      mustAdd(device, genp("bad").adding(["v_Data": secret()]))
    }
    let database = try ItemDatabase(path: path)
    // Values are hashed in the file: "bad" is the second row added.
    var row = try #require(try database.rows(in: .genp).last)
    var sealed = try #require(row.sealedColumns["data"])
    sealed[sealed.count - 1] ^= 0x01
    row.sealedColumns["data"] = sealed
    try database.replace(rowID: try #require(row.rowID), with: row)
    let reopened = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    let outcome = reopened.secItemCopyMatching(
      ["class": .string("genp"), "r_Data": .bool(true), "m_Limit": .string("m_LimitAll")])
    #expect(outcome.status == .errSecSuccess)
    #expect(outcome.result == .array([secret()]))
    #expect(outcome.warning == .undecryptableRowsDropped(count: 1))
    #expect(outcome.explanation?.isWarning == true)
    #expect(try reopened.listItems().count == 1)
  }

  // MARK: - Creation that mktemp or a kill interrupted (issue 8, defect 4)

  /// `mktemp` makes an empty file: a device is created into it, and reopened later.
  @Test func deviceIsCreatedIntoAnEmptyFile() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    #expect(throws: SimulatedDeviceError.noDevice(path: path)) {
      try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    }
    let options = SimulatedDevice.Options(kdfProfile: .fast, path: path)
    do {
      let device = try SimulatedDevice.openOrCreate(options: options)
      #expect(device.setPasscode("1357").succeeded)
    }
    let reopened = try SimulatedDevice.openOrCreate(options: options)
    #expect(reopened.state.passcodeSet)
    #expect(reopened.state.lock == .beforeFirstUnlock)
  }

  /// A creation killed after the store's tables but before the device state was written
  /// holds nothing to lose: it is created again instead of refused forever.
  @Test func interruptedCreationIsRecreated() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do { _ = try ItemDatabase(path: path) }  // tables, no device blobs: the kill's leftover
    let options = SimulatedDevice.Options(kdfProfile: .fast, path: path)
    let device = try SimulatedDevice.openOrCreate(options: options)
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let reopened = try SimulatedDevice.open(path: path, options: options)
    #expect(try reopened.listItems().count == 1)
  }

  /// Creation goes through a hidden staging file renamed into place: nothing is left next
  /// to the device file, and a file holding items but no device state is never replaced.
  @Test func creationLeavesNoStagingFileAndNeverReplacesItems() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("phone.device").path
    _ = try makeFileDevice(path)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["phone.device"])

    let orphan = folder.appendingPathComponent("orphan.device").path
    do {
      let database = try ItemDatabase(path: orphan)
      try database.insert(
        ItemRow(itemClass: .genp, searchColumns: ["acct": .text("a"), "pdmn": .text("ak")]))
    }
    #expect(
      throws: SimulatedDeviceError.corruptState(
        path: orphan, part: "device state", detail: "it is missing, but the file holds items")
    ) { try SimulatedDevice.openOrCreate(options: .init(kdfProfile: .fast, path: orphan)) }
    #expect(try ItemDatabase(path: orphan).count(in: .genp) == 1)
  }

  // MARK: - Messages (issue 8, defect 8)

  @Test func missingKeybagIsNamedNotCalledNoDevice() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do { _ = try makeFileDevice(path) }
    try ItemDatabase(path: path).removeDeviceBlob(forKey: "keybag")
    #expect(
      throws: SimulatedDeviceError.corruptState(path: path, part: "keybag", detail: "it is missing")
    ) { try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast)) }
  }

  /// A file marked version 1 whose rows are not version-1 rows (here: current rows) cannot be
  /// upgraded: the upgrade fails naming the file and the step, and leaves it untouched. (A
  /// real version-1 file is upgraded: DeviceFileMigrationTests.)
  @Test func aFileMarkedVersionOneWithOtherRowsFailsItsUpgradeByName() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let device = try makeFileDevice(path)
      mustAdd(device, genp().adding(["v_Data": secret()]))
    }
    do {
      let raw = try Connection(path: path, mode: .existingOnly)
      try raw.executeScript("PRAGMA user_version = 1")
    }
    let before = try Data(contentsOf: URL(fileURLWithPath: path))
    let error = try #require(throws: SimulatedDeviceError.self) {
      try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    }
    #expect("\(error)".contains("could not be upgraded"), "\(error)")
    #expect("\(error)".contains("step 1 → \(DeviceFileFormat.currentVersion)"), "\(error)")
    #expect("\(error)".contains("genp row 1"), "\(error)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
  }

  @Test func missingFolderIsNamed() throws {
    let path = temporaryPath() + "/no/such/folder/phone.device"
    let error = try #require(throws: SimulatedDeviceError.self) {
      try SimulatedDevice.openOrCreate(options: .init(kdfProfile: .fast, path: path))
    }
    guard case .store(.missingFolder(let reported, let folder)) = error else {
      Issue.record("expected a missing folder, got \(error)")
      return
    }
    #expect(reported == path)
    #expect(folder == (path as NSString).deletingLastPathComponent)
  }

  // MARK: - Damage is damage (issue 8, defect 6)

  /// One flipped byte in the keybag's salt made every later unlock a "wrong passcode" that
  /// counted a failed attempt; the checksum reports it as damage when the file is opened.
  @Test func damagedKeybagIsDamageNotAWrongPasscode() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do { #expect(try makeFileDevice(path).setPasscode("2468").succeeded) }
    let database = try ItemDatabase(path: path)
    var blob = try #require(try database.deviceBlob(forKey: "keybag"))
    // magic 4, version 1, KDF 16, UID 32, passcode flag 1: the salt starts at byte 54.
    blob[54] ^= 0x01
    try database.saveDeviceBlob(blob, forKey: "keybag")
    let error = try #require(throws: SimulatedDeviceError.self) {
      try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    }
    guard case .corruptState(_, "keybag", let detail) = error else {
      Issue.record("expected a damaged keybag, got \(error)")
      return
    }
    #expect(detail.contains("checksum"))
  }

  // MARK: - Saving is reported (issue 8, defect 9)

  /// A change the file cannot take (another process holds the write lock) is kept in memory
  /// but reported once through takeSaveFailure, naming the file.
  @Test func saveFailureIsReportedOnce() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let device = try makeFileDevice(path)
    #expect(device.takeSaveFailure() == nil)
    let other = try ItemDatabase(path: path)
    try other.inTransaction {
      try other.saveDeviceBlob(Data([1]), forKey: "lock-holder")
      _ = device.advanceClock(by: .seconds(1))
    }
    let failure = try #require(device.takeSaveFailure())
    guard case .saveFailed(let reported, _) = failure else {
      Issue.record("expected saveFailed, got \(failure)")
      return
    }
    #expect(reported == path)
    #expect(device.takeSaveFailure() == nil)
    #expect(device.state.saveError != nil)
    _ = device.advanceClock(by: .seconds(1))
    #expect(device.takeSaveFailure() == nil)
    #expect(device.state.saveError == nil)
  }

  /// The akpu purge used to swallow a store error and report "0 … item(s) deleted"; it now
  /// refuses, saying the items were not deleted and why.
  @Test func purgeFailureIsNotReportedAsZeroDeleted() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let device = try makeFileDevice(path)
    #expect(device.setPasscode("1357").succeeded)
    mustAdd(device, genp().adding(["pdmn": .string("akpu"), "v_Data": secret()]))
    let other = try ItemDatabase(path: path)
    var outcome: DeviceOutcome?
    try other.inTransaction {
      try other.saveDeviceBlob(Data([1]), forKey: "lock-holder")
      outcome = device.removePasscode(current: "1357")
    }
    let removal = try #require(outcome)
    guard case .storeFailed? = removal.refusal else {
      Issue.record("expected a store failure, got \(removal)")
      return
    }
    #expect(removal.summary.contains("not deleted"))
    #expect(try ItemDatabase(path: path).count(in: .genp) == 1)
  }
}
