import Foundation
import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain

/// Several devices in files: one file per added device, the manifest sealed in the first.
@Suite struct FleetFileTests {
  /// A fresh folder, removed by the caller.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-fleet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  private func openFirst(_ path: String) throws -> SimulatedDevice {
    try SimulatedDevice.openOrCreate(options: .init(kdfProfile: .fast, path: path))
  }

  @Test func anAddedDevicesFileIsNamedFromTheFirst() {
    #expect(DeviceFleet.deviceFile(named: "watch", besides: "/a/phone.db") == "/a/phone.watch.db")
    #expect(DeviceFleet.deviceFile(named: "ipad", besides: "/a/phone") == "/a/phone.ipad")
  }

  @Test func theFleetAndItsCloudReopenWithTheFirstFile() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("phone.db").path
    let secretText = "FLEET-SECRET-7A41"
    do {
      let fleet = try DeviceFleet.reopen(first: try openFirst(path), kdfProfile: .fast)
      try fleet.addDevice(named: "watch", platform: .watch)
      for name in ["iPhone", "watch"] {
        _ = try fleet.use(name)
        #expect(fleet.signIn("alice@icloud.com").succeeded)
        #expect(fleet.setICloudKeychain(true).succeeded)
      }
      _ = try fleet.use("iPhone")
      mustAdd(
        fleet.current,
        genp("alice", ["sync": .bool(true), "pdmn": .string("ck"), "v_Data": secret(secretText)]))
      fleet.settleSync()
      try fleet.save()
    }
    let watchPath = dir.appendingPathComponent("phone.watch.db").path
    #expect(FileManager.default.fileExists(atPath: watchPath))
    for file in [path, watchPath] {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
      #expect(bytes.range(of: Data(secretText.utf8)) == nil, "\(file) holds the secret")
    }
    let fleet = try DeviceFleet.reopen(first: try openFirst(path), kdfProfile: .fast)
    #expect(fleet.names == ["iPhone", "watch"])
    #expect(try fleet.member(named: "watch").device.platform == .watch)
    #expect(try fleet.member(named: "watch").account.syncs(with: "alice@icloud.com"))
    #expect(fleet.currentCloud?.liveRecords.count == 1)
    // What the watch knew of the cloud came back too: the next pass brings the item, once.
    #expect(fleet.syncNow().succeeded)
    let watch = try fleet.member(named: "watch").device
    let read = watch.secItemCopyMatching(
      genp("alice", ["sync": .bool(true), "r_Data": .bool(true)]))
    #expect(read.result == secret(secretText))
    #expect(fleet.syncNow().succeeded)
    let moved = fleet.takeSyncEvents().filter { $0.moved }
    #expect(moved.count == 1, "the watch's download, once: \(moved)")
  }

  @Test func aDeviceFileOfOneDeviceGetsNoManifest() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("phone.db").path
    let first = try openFirst(path)
    try DeviceFleet.reopen(first: first, kdfProfile: .fast).save()
    #expect(try first.database.deviceBlob(forKey: DeviceFleet.manifestKey) == nil)
  }

  @Test func aMissingDeviceFileIsAnErrorNotADroppedDevice() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("phone.db").path
    do {
      let fleet = try DeviceFleet.reopen(first: try openFirst(path), kdfProfile: .fast)
      try fleet.addDevice(named: "ipad", platform: .iPad)
      try fleet.save()
    }
    try FileManager.default.removeItem(atPath: dir.appendingPathComponent("phone.ipad.db").path)
    #expect {
      try DeviceFleet.reopen(first: try openFirst(path), kdfProfile: .fast)
    } throws: { error in
      guard case .manifest(_, let detail)? = error as? FleetError else { return false }
      return detail.contains("device 'ipad'")
    }
  }

  @Test func aDamagedManifestIsAClearError() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("phone.db").path
    do {
      let first = try openFirst(path)
      try first.database.saveDeviceBlob(Data("not sealed".utf8), forKey: DeviceFleet.manifestKey)
    }
    #expect {
      try DeviceFleet.reopen(first: try openFirst(path), kdfProfile: .fast)
    } throws: { error in
      guard case .manifest(let at, let detail)? = error as? FleetError else { return false }
      return at == path && detail.contains("manifest cannot be read")
    }
  }

  @Test func anAddedDevicesFileThatExistsIsNotOverwritten() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent("phone.db").path
    let other = try SimulatedDevice(
      options: .init(kdfProfile: .fast, path: dir.appendingPathComponent("phone.ipad.db").path))
    mustAdd(other, genp("keep", ["v_Data": secret()]))
    let fleet = try DeviceFleet.reopen(first: try openFirst(path), kdfProfile: .fast)
    let ipadFile = dir.appendingPathComponent("phone.ipad.db").path
    #expect {
      try fleet.addDevice(named: "ipad", platform: .iPad)
    } throws: { error in
      // Worded for the one who typed `device add`: what to do, not a library call.
      let text = "\(error)"
      return text.contains("its file '\(ipadFile)' already holds a device")
        && text.contains("give the new device another name")
        && text.contains("keychain-sim run --device \(ipadFile)")
        && !text.contains("SimulatedDevice.open")
    }
    #expect(other.secItemCopyMatching(genp("keep")).status == .errSecSuccess)
  }

  /// A Mac's keychain files are named from its device file without the extension, so beside
  /// an extension-less first file two Macs would name the same login keychain file: the
  /// second is refused, and the first keeps its keychain.
  @Test func aSecondMacThatWouldShareTheFirstsKeychainFilesIsRefused() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fleet = try DeviceFleet.reopen(
      first: try openFirst(dir.appendingPathComponent("phone").path), kdfProfile: .fast)
    try fleet.addDevice(named: "mac1", platform: .mac)
    let error = #expect(throws: FleetError.self) {
      try fleet.addDevice(named: "mac2", platform: .mac)
    }
    #expect(error?.description.contains("phone.login.keychain-db") == true)
    #expect(error?.description.contains("'mac1'") == true)
    #expect(fleet.names == ["iPhone", "mac1"])
    #expect(
      !FileManager.default.fileExists(atPath: dir.appendingPathComponent("phone.mac2").path))
    #expect(try fleet.member(named: "mac1").device.route.listedKeychains.first?.path != nil)
  }

  /// Beside a first file with an extension, each Mac has keychain files of its own.
  @Test func macsBesideAFileWithAnExtensionHaveTheirOwnKeychainFiles() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let fleet = try DeviceFleet.reopen(
      first: try openFirst(dir.appendingPathComponent("phone.db").path), kdfProfile: .fast)
    try fleet.addDevice(named: "mac1", platform: .mac)
    try fleet.addDevice(named: "mac2", platform: .mac)
    let logins = try ["mac1", "mac2"].map {
      try fleet.member(named: $0).device.route.listedKeychains.first?.path
    }
    #expect(logins[0] != nil && logins[0] != logins[1])
  }
}
