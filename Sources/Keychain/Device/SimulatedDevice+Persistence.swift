import Foundation
import ItemStore
import Keybag

/// The device file: items live in the store's tables; the device state, the keybag and the
/// caller and the installed apps are blobs saved after every change.
extension SimulatedDevice {
  enum StateKey {
    static let device = "device"
    static let keybag = "keybag"
    static let caller = "caller"
    static let apps = "apps"
    static let passcodeRemovals = "passcodeRemovals"
  }

  /// Reopens a device file. The device comes back as after a reboot: before first unlock,
  /// so with a passcode set only class D items are readable until ``unlock(passcode:)``.
  ///
  /// - Throws: ``SimulatedDeviceError`` for a missing, truncated or tampered file; never
  ///   crashes on a bad file.
  public static func open(path: String, options: Options = .init())
    throws(SimulatedDeviceError) -> SimulatedDevice
  {
    guard FileManager.default.fileExists(atPath: path) else { throw .noDevice(path: path) }
    let database: ItemDatabase
    let blobs: (device: Data?, keybag: Data?, caller: Data?, apps: Data?, removals: Data?)
    do {
      database = try ItemDatabase(path: path)
      blobs = (
        try database.deviceBlob(forKey: StateKey.device),
        try database.deviceBlob(forKey: StateKey.keybag),
        try database.deviceBlob(forKey: StateKey.caller),
        try database.deviceBlob(forKey: StateKey.apps),
        try database.deviceBlob(forKey: StateKey.passcodeRemovals)
      )
    } catch {
      throw .store(error)
    }
    guard let deviceBlob = blobs.device, let keybagBlob = blobs.keybag else {
      throw .noDevice(path: path)
    }
    var device: Device
    let caller: Caller
    do {
      device = try JSONDecoder().decode(Device.self, from: deviceBlob)
    } catch {
      throw .corruptState(path: path, part: "device state", detail: "\(error)")
    }
    do {
      caller =
        try blobs.caller.map { try JSONDecoder().decode(Caller.self, from: $0) }
        ?? options.caller
    } catch {
      throw .corruptState(path: path, part: "caller", detail: "\(error)")
    }
    let apps: AppRegistry?
    do {
      // Files written before apps were modelled have none: the caller is the only app.
      apps = try blobs.apps.map { try JSONDecoder().decode(AppRegistry.self, from: $0) }
    } catch {
      throw .corruptState(path: path, part: "installed apps", detail: "\(error)")
    }
    let removals: [PasscodeRemoval]
    do {
      // Files written before removals were recorded have none.
      removals =
        try blobs.removals.map { try JSONDecoder().decode([PasscodeRemoval].self, from: $0) }
        ?? []
    } catch {
      throw .corruptState(path: path, part: "passcode removals", detail: "\(error)")
    }
    let keybag: Keybag
    do {
      keybag = try Keybag(
        restoring: PersistedKeybag(bytes: keybagBlob), profile: options.kdfProfile)
    } catch {
      throw .corruptState(path: path, part: "keybag", detail: error.description)
    }
    if keybag.hasPasscode != device.passcode.isSet {
      throw .corruptState(
        path: path, part: "device state",
        detail: "the keybag and the device disagree on whether a passcode is set")
    }
    // The keybag restores as rebooted already; the device follows.
    _ = try? device.handle(.rebooted)
    let restored = SimulatedDevice(
      device: device, keybag: keybag, database: database, caller: caller, apps: apps)
    restored.passcodeRemovals = removals
    restored.save()
    return restored
  }

  /// Writes the device state, the keybag and the caller to the store (a no-op cost for an
  /// in-memory device, which keeps them only for symmetry).
  func save() {
    guard database.path != nil else { return }
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      try database.inTransaction {
        try database.saveDeviceBlob(try encoder.encode(device), forKey: StateKey.device)
        try database.saveDeviceBlob(keybag.persisted.bytes, forKey: StateKey.keybag)
        try database.saveDeviceBlob(try encoder.encode(caller), forKey: StateKey.caller)
        try database.saveDeviceBlob(try encoder.encode(apps), forKey: StateKey.apps)
        try database.saveDeviceBlob(
          try encoder.encode(passcodeRemovals), forKey: StateKey.passcodeRemovals)
      }
      lastSaveError = nil
    } catch {
      lastSaveError = "\(error)"
    }
  }
}
