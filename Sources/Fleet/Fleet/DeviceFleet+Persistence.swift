import DeviceState
import Devices
import Foundation
import ItemStore
import Keybag
import KeychainEngine

/// Several devices in files (docs/cli.md, "Several devices in files"): the first device's
/// file, one file per added device named from it (`phone.db` → `phone.watch.db`), and the
/// fleet's manifest in the first file: each device's name, kind, file and Apple Account, and
/// the iCloud Keychain state (each account's records, what each device knows of them). The
/// manifest holds item data, so it is sealed with the first device's class D key, which is
/// available whatever its lock state, like its own `kSecAttrAccessibleAlways` items.
extension DeviceFleet {
  /// The manifest's key among the first file's device blobs.
  static let manifestKey = "fleet"

  /// What the manifest keeps.
  package struct Manifest: Codable {
    package struct Device: Codable {
      var name: String
      var platform: DevicePlatform
      /// The file's name, in the first file's folder; `nil` for the first device.
      var file: String?
      var account: AppleAccount
    }

    var devices: [Device]
    var sync: FleetSync
  }

  /// The file of an added device: the first file's name with `.<name>` before its extension.
  public static func deviceFile(named name: String, besides firstPath: String) -> String {
    let url = URL(fileURLWithPath: firstPath)
    let ext = url.pathExtension
    let stem = url.deletingPathExtension().lastPathComponent
    let file = ext.isEmpty ? "\(stem).\(name)" : "\(stem).\(name).\(ext)"
    return url.deletingLastPathComponent().appendingPathComponent(file).path
  }

  /// Why a new device whose file is `path` would share a file with a device of the fleet, or
  /// `nil`. A Mac's keychain files are named from its device file without the extension
  /// (``FileBasedKeychain/path(of:besides:)``), so beside an extension-less first file
  /// (`phone`), two Macs (`phone.mac1`, `phone.mac2`) would both name `phone.login.keychain-db`.
  func fileInUse(by path: String, platform: DevicePlatform) -> String? {
    var taken: [String: String] = [:]
    for member in members {
      for file in Self.files(of: member.device) { taken[file] = member.name }
    }
    var wanted = [path]
    if platform == .mac {
      wanted += [.login, .system].map { FileBasedKeychain.path(of: $0, besides: path) }
    }
    for file in wanted {
      if let owner = taken[file] {
        return "its file \(file) already belongs to device '\(owner)': give the first device "
          + "file an extension (--device phone.db) or the new device another name"
      }
    }
    return nil
  }

  /// Every file `device` keeps: its device file and a Mac's two keychain files.
  static func files(of device: SimulatedDevice) -> [String] { device.files }

  /// Removes the files of a device that was just created and is not kept (it holds nothing).
  static func discardFiles(of device: SimulatedDevice) {
    for file in files(of: device) { SimulatedDevice.removeStaging(file) }
  }

  /// The fleet whose manifest `first`'s file holds, its other devices reopened from their
  /// files (each comes back as after a reboot); a fleet of one when there is no manifest.
  ///
  /// The files are written (each device's rebooted state) only once every one has opened: a
  /// fleet that fails to open leaves all its files as they were, the first too when it was
  /// opened with `SimulatedDevice.openUnsaved` (the CLI does).
  ///
  /// - Throws: ``FleetError/manifest(path:detail:)`` for a manifest that cannot be read, or a
  ///   device file it names that cannot be opened: nothing is dropped silently.
  public static func reopen(first: SimulatedDevice, kdfProfile: KDFProfile)
    throws(FleetError) -> DeviceFleet
  {
    let fleet = try reopenUnsaved(first: first, kdfProfile: kdfProfile)
    for member in fleet.members {
      do {
        try member.device.saveReopened()
      } catch {
        throw .manifest(
          path: first.path ?? member.device.path ?? "",
          detail: "device '\(member.name)' cannot be saved: \(error.description)")
      }
    }
    return fleet
  }

  private static func reopenUnsaved(first: SimulatedDevice, kdfProfile: KDFProfile)
    throws(FleetError) -> DeviceFleet
  {
    let fleet = DeviceFleet(first: first, kdfProfile: kdfProfile)
    guard let path = first.path else { return fleet }
    let manifest: Manifest
    do {
      guard let sealed = try first.database.deviceBlob(forKey: manifestKey) else { return fleet }
      let json = try first.keybag.open(sealed, in: .dk, context: manifestContext)
      manifest = try JSONDecoder().decode(Manifest.self, from: json)
    } catch {
      throw .manifest(path: path, detail: "the fleet's manifest cannot be read (\(error))")
    }
    guard let firstEntry = manifest.devices.first, firstEntry.file == nil else {
      throw .manifest(path: path, detail: "the fleet's manifest does not start with this device")
    }
    var members = [Member(name: firstEntry.name, device: first, account: firstEntry.account)]
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    for entry in manifest.devices.dropFirst() {
      guard let file = entry.file, isValidName(entry.name) else {
        throw .manifest(path: path, detail: "device '\(entry.name)' has no valid file")
      }
      let devicePath = folder.appendingPathComponent(file).path
      do {
        let device = try SimulatedDevice.openUnsaved(
          path: devicePath, options: .init(kdfProfile: kdfProfile, platform: entry.platform))
        members.append(Member(name: entry.name, device: device, account: entry.account))
      } catch {
        throw .manifest(
          path: path,
          detail: "device '\(entry.name)' in \(devicePath) cannot be opened: \(error.description)")
      }
    }
    fleet.members = members
    fleet.iCloud = manifest.sync
    return fleet
  }

  /// Writes the manifest into the first device's file, sealed; nothing for an in-memory
  /// fleet. Called after every statement that may have changed the fleet.
  ///
  /// - Throws: ``FleetError/manifest(path:detail:)`` when it cannot be written.
  public func save() throws(FleetError) {
    let first = members[0].device
    guard let path = first.path else { return }
    let manifest = Manifest(
      devices: members.enumerated().map { index, member in
        Manifest.Device(
          name: member.name, platform: member.device.platform,
          file: index == 0
            ? nil : member.device.path.map { URL(fileURLWithPath: $0).lastPathComponent },
          account: member.account)
      },
      sync: iCloud)
    let isFleetOfOne = members.count == 1 && manifest.devices[0].account == .signedOut
    do {
      if isFleetOfOne, manifest.sync.isEmpty,
        try first.database.deviceBlob(forKey: Self.manifestKey) == nil
      {
        return  // a device file of one device stays as it always was
      }
      let json = try JSONEncoder().encode(manifest)
      let sealed = try first.keybag.seal(json, in: .dk, context: Self.manifestContext)
      try first.database.saveDeviceBlob(sealed, forKey: Self.manifestKey)
    } catch {
      throw .manifest(path: path, detail: "the fleet's manifest cannot be saved (\(error))")
    }
  }

  /// The associated data of the sealed manifest.
  private static let manifestContext = Data("keychain-sim fleet manifest v1".utf8)
}
