import DeviceState
import Foundation
import ItemStore
import Keybag
import KeychainEngine

/// The device file: items live in the store's tables; the device state, the keybag and the
/// caller and the installed apps are blobs written by ``save()`` after every change.
extension SimulatedDevice {
  package enum StateKey {
    static let securityState = "device"
    static let keybag = "keybag"
    static let caller = "caller"
    static let apps = "apps"
    static let passcodeRemovals = "passcodeRemovals"
    static let platform = "platform"
    /// A Mac's `mac app` personalities (its keychains are files of their own).
    static let macPersonalities = MacKeychains.stateKey
    /// An Android phone's package values, sealed.
    static let androidPackage = AndroidPackageRoute.stateKey
  }

  /// Reopens the device file at `options.path` when it holds a device, else creates one there
  /// (a missing or empty file, or one whose creation was interrupted before it held a device).
  /// Without a path, a fresh in-memory device.
  public static func openOrCreate(options: Options) throws(SimulatedDeviceError)
    -> SimulatedDevice
  {
    try openOrCreate(options: options, savingReopened: true)
  }

  /// ``openOrCreate(options:)``; with `savingReopened` false a reopened file is not written
  /// (see ``openUnsaved(path:options:upgradePasscode:)``).
  package static func openOrCreate(options: Options, savingReopened: Bool)
    throws(SimulatedDeviceError) -> SimulatedDevice
  {
    guard let path = options.path else { return try SimulatedDevice(options: options) }
    do {
      let device = try openUnsaved(path: path, options: options)
      if savingReopened { try device.save() }
      return device
    } catch .noDevice {
      return try SimulatedDevice(options: options)
    }
  }

  /// Reopens a device file. The device comes back as after a reboot: before first unlock,
  /// so with a passcode set only class D items are readable until ``unlock(passcode:)``.
  ///
  /// A file of an older schema is upgraded first, in one transaction (ItemStore's
  /// `DeviceFileMigrator`): a version-1 file's items are re-sealed (``VersionOneItemUpgrader``),
  /// which for a device with a passcode takes `upgradePasscode`. It unlocks a keybag of the
  /// upgrade's own, never the device, and is not needed for a current file.
  ///
  /// - Throws: ``SimulatedDeviceError`` for a missing, empty, truncated or tampered file;
  ///   never crashes on a bad file. A file whose creation never finished (no device state,
  ///   no keybag, no items) is ``SimulatedDeviceError/noDevice(path:)``: create it again.
  ///   An upgrade that fails (a passcode needed, a damaged item) leaves the file as it was.
  public static func open(
    path: String, options: Options = .init(), upgradePasscode: String? = nil
  ) throws(SimulatedDeviceError) -> SimulatedDevice {
    let device = try openUnsaved(path: path, options: options, upgradePasscode: upgradePasscode)
    try device.save()
    return device
  }

  /// ``open(path:options:upgradePasscode:)`` without writing the rebooted state back: for a
  /// caller that opens several files and must leave every one as it was when one of them
  /// fails (a fleet, `DeviceFleet.reopen`); it calls ``saveReopened()`` once all are open.
  package static func openUnsaved(
    path: String, options: Options = .init(), upgradePasscode: String? = nil
  ) throws(SimulatedDeviceError) -> SimulatedDevice {
    do {
      guard let size = try ItemDatabase.fileSize(atPath: path), size > 0 else {
        throw SimulatedDeviceError.noDevice(path: path)
      }
    } catch {
      throw deviceFileFailure(error, path: path)
    }
    let database: ItemDatabase
    let blobs:
      (
        securityState: Data?, keybag: Data?, caller: Data?, apps: Data?, removals: Data?,
        platform: Data?, personalities: Data?, androidPackage: Data?
      )
    let holdsItems: Bool
    do {
      database = try ItemDatabase(
        path: path,
        upgrader: VersionOneItemUpgrader(
          passcode: upgradePasscode, profile: options.kdfProfile, keybagBlobKey: StateKey.keybag))
      blobs = (
        try database.deviceBlob(forKey: StateKey.securityState),
        try database.deviceBlob(forKey: StateKey.keybag),
        try database.deviceBlob(forKey: StateKey.caller),
        try database.deviceBlob(forKey: StateKey.apps),
        try database.deviceBlob(forKey: StateKey.passcodeRemovals),
        try database.deviceBlob(forKey: StateKey.platform),
        try database.deviceBlob(forKey: StateKey.macPersonalities),
        try database.deviceBlob(forKey: StateKey.androidPackage)
      )
      holdsItems = try SecItemEngine.holdsItems(database)
    } catch {
      throw .store(error)
    }
    guard let deviceBlob = blobs.securityState, let keybagBlob = blobs.keybag else {
      if blobs.securityState == nil, blobs.keybag == nil {
        // No state at all: an interrupted creation, unless items show a device lived here.
        guard holdsItems else { throw .noDevice(path: path) }
        throw .corruptState(
          path: path, part: "device state", detail: "it is missing, but the file holds items")
      }
      let part = blobs.securityState == nil ? "device state" : "keybag"
      throw .corruptState(path: path, part: part, detail: "it is missing")
    }
    var securityState: SecurityState
    let caller: Caller
    do {
      securityState = try JSONDecoder().decode(SecurityState.self, from: deviceBlob)
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
    let platform: DevicePlatform
    do {
      // Files written before platforms were modelled are iPhones.
      platform =
        try blobs.platform.map { try JSONDecoder().decode(DevicePlatform.self, from: $0) }
        ?? .iPhone
    } catch {
      throw .corruptState(path: path, part: "platform", detail: "\(error)")
    }
    let keybag: Keybag
    do {
      keybag = try Keybag(
        restoring: PersistedKeybag(bytes: keybagBlob), profile: options.kdfProfile)
    } catch {
      throw .corruptState(path: path, part: "keybag", detail: error.description)
    }
    if keybag.hasPasscode != securityState.passcode.isSet {
      throw .corruptState(
        path: path, part: "device state",
        detail: "the keybag and the device disagree on whether a passcode is set")
    }
    // The keybag restores as rebooted already; the device follows.
    do {
      _ = try securityState.handle(.rebooted)
    } catch {
      throw .corruptState(path: path, part: "device state", detail: error.description)
    }
    // What the route saved (a Mac's personalities, an Android phone's package values); files
    // written before they were kept have none.
    var saved: [String: Data] = [:]
    saved[StateKey.macPersonalities] = blobs.personalities
    saved[StateKey.androidPackage] = blobs.androidPackage
    let route = try platform.makeRoute(keybag: keybag, deviceFile: path, fresh: false, saved: saved)
    let restored = SimulatedDevice(
      securityState: securityState, keybag: keybag, database: database, caller: caller, apps: apps,
      platform: platform, route: route)
    restored.passcodeRemovals = removals
    return restored
  }

  /// Writes the state of a device reopened by ``openUnsaved(path:options:upgradePasscode:)``.
  package func saveReopened() throws(SimulatedDeviceError) { try save() }

  /// Creates a device file atomically: the store and the first state are written to a
  /// temporary file in the same folder, which is then renamed over `path`. A creation killed
  /// at any moment leaves either no device at `path` or a whole one.
  static func createFile(
    at path: String, securityState: SecurityState, keybag: Keybag, caller: Caller,
    platform: DevicePlatform
  ) throws(SimulatedDeviceError) -> ItemDatabase {
    let existing: ItemDatabase?
    do {
      let size = try ItemDatabase.fileSize(atPath: path)
      existing = (size ?? 0) > 0 ? try ItemDatabase(path: path) : nil
      if let existing {
        if try existing.deviceBlob(forKey: StateKey.securityState) != nil
          || existing.deviceBlob(forKey: StateKey.keybag) != nil
        {
          throw SimulatedDeviceError.deviceExists(path: path)
        }
        if try SecItemEngine.holdsItems(existing) {
          throw SimulatedDeviceError.corruptState(
            path: path, part: "device state", detail: "it is missing, but the file holds items")
        }
      }
    } catch {
      throw deviceFileFailure(error, path: path)
    }
    let url = URL(fileURLWithPath: path)
    let temporary = url.deletingLastPathComponent()
      .appendingPathComponent(".\(url.lastPathComponent).creating-\(UUID().uuidString)").path
    do throws(SimulatedDeviceError) {
      let staging: ItemDatabase
      do {
        staging = try ItemDatabase(path: temporary)
      } catch {
        throw .store(error)
      }
      let draft = SimulatedDevice(
        securityState: securityState, keybag: keybag, database: staging, caller: caller,
        platform: platform)
      try draft.save()
    } catch .store(.missingFolder(_, let folder)) {
      throw .store(.missingFolder(path: path, folder: folder))
    } catch {
      removeStaging(temporary)
      throw .store(.cannotOpen(path: path, reason: "it could not be created (\(error))"))
    }
    // The staging connection is closed; rename(2) puts the whole file in place at once.
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      removeStaging(temporary)
      throw .store(.cannotOpen(path: path, reason: "it could not be put in place (\(reason))"))
    }
    do {
      return try ItemDatabase(path: path)
    } catch {
      throw .store(error)
    }
  }

  /// Removes a staging file after a failed creation. Best effort: the creation's own error
  /// is what is reported, and a stray staging file is hidden and never read.
  /// A failure while checking or creating the device file at `path`, as the device reports it:
  /// its own errors as they are, the store's as `.store`, anything else as a file that cannot
  /// be opened.
  private static func deviceFileFailure(_ error: any Error, path: String) -> SimulatedDeviceError {
    switch error {
    case let error as SimulatedDeviceError: error
    case let error as ItemStoreError: .store(error)
    default: .store(.cannotOpen(path: path, reason: "\(error)"))
    }
  }

  package static func removeStaging(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes the device state, the keybag, the caller, the apps, the passcode removals, the
  /// platform, a Mac's app personalities and an Android phone's package values to the store,
  /// all or none (a Mac's keychain items are written to their own files as they change). An in-memory device has nothing to write.
  ///
  /// Every change calls it; its failure is kept in ``lastSaveError`` (for `show device`) and
  /// handed once to ``takeSaveFailure()`` so that a runner can fail the step that changed the
  /// device.
  /// - Throws: ``SimulatedDeviceError/saveFailed(path:reason:)``.
  func save() throws(SimulatedDeviceError) {
    guard let path = database.path else { return }
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys
      try database.inTransaction {
        try database.saveDeviceBlob(
          try encoder.encode(securityState), forKey: StateKey.securityState)
        try database.saveDeviceBlob(keybag.persisted.bytes, forKey: StateKey.keybag)
        try database.saveDeviceBlob(try encoder.encode(caller), forKey: StateKey.caller)
        try database.saveDeviceBlob(try encoder.encode(apps), forKey: StateKey.apps)
        try database.saveDeviceBlob(
          try encoder.encode(passcodeRemovals), forKey: StateKey.passcodeRemovals)
        try database.saveDeviceBlob(try encoder.encode(platform), forKey: StateKey.platform)
        for (key, blob) in try route.savedState(encoder) {
          try database.saveDeviceBlob(blob, forKey: key)
        }
      }
      lastSaveError = nil
    } catch {
      let failure = SimulatedDeviceError.saveFailed(path: path, reason: "\(error)")
      lastSaveError = "\(error)"
      pendingSaveFailure = failure
      throw failure
    }
  }

  /// Saves after a change made by an entry point that reports no error of its own; the
  /// failure is kept for ``takeSaveFailure()`` and ``lastSaveError``.
  func saveRecordingFailure() {
    do {
      try save()
    } catch {
      // Recorded by save(): reported through takeSaveFailure() and `show device`.
    }
  }

  /// The save failure since the last call, if any, and forgets it: a runner calls it after
  /// each step and fails the step (and the run) when the device could not be saved.
  public func takeSaveFailure() -> SimulatedDeviceError? {
    defer { pendingSaveFailure = nil }
    return pendingSaveFailure
  }
}

extension SimulatedDevice {
  /// Every file the device keeps: its device file and, on a Mac, the two keychain files.
  package var files: [String] {
    (path.map { [$0] } ?? []) + route.listedKeychains.compactMap(\.path)
  }
}
