import Foundation
import ItemStore
import Testing

@testable import Keychain

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
      device.caller = Caller(app: app)
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

  @Test func tamperedItemIsDroppedNotReturned() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let device = try makeFileDevice(path)
      mustAdd(device, genp().adding(["v_Data": secret()]))
    }
    let database = try ItemDatabase(path: path)
    var row = try #require(try database.rows(in: .genp).first)
    var sealed = try #require(row.sealedColumns["data"])
    sealed[sealed.count - 1] ^= 0x01
    row.sealedColumns["data"] = sealed
    try database.replace(rowID: try #require(row.rowID), with: row)
    let reopened = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    let outcome = reopened.secItemCopyMatching(genp().adding(["r_Data": .bool(true)]))
    // securityd skips and deletes items it cannot decrypt (fact sheet §4).
    #expect(outcome.status == .errSecItemNotFound)
    #expect(outcome.notFound?.lost == 1)
    #expect(reopened.listItems().isEmpty)
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
}
