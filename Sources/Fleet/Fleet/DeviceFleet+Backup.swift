import DeviceState
import Devices
import Foundation
import Keybag
import KeychainEngine

/// Backups of the current device's keychain, restores onto the current device, and the
/// "Transfer from iPhone" (Quick Start) migration onto it (docs/evidence.md §11, facts 26-33).
///
/// Which items move (fact 30 for what is never backed up; facts 26-29 for where the rest can
/// go):
///
/// | | same device | another device |
/// |---|---|---|
/// | encrypted backup | everything backed up | all but ThisDeviceOnly |
/// | unencrypted or iCloud backup | everything backed up | nothing |
/// | Quick Start | — | all but ThisDeviceOnly |
extension DeviceFleet {
  // MARK: - Backup

  /// Backs up the current device's whole keychain (fact 32: not per app).
  ///
  /// - Throws: ``BackupError`` for a name that is taken or not a word, or a password given to
  ///   a kind that takes none.
  public func createBackup(named name: String, kind: BackupKind, password: String?)
    throws(BackupError) -> BackupReport
  {
    guard Self.isValidName(name) else { throw .invalidName(name) }
    guard !backups.contains(where: { $0.name == name }) else { throw .nameTaken(name) }
    if kind != .encrypted, password != nil { throw .passwordNotTaken(kind) }
    let refusedSummary = "\(kind.displayName) '\(name)' not made"
    let device = current
    if let refusal = Self.platformRefusal(device) {
      return .refused(refusedSummary, refusal)
    }
    if kind == .icloud, currentAccount.appleID == nil {
      return .refused(refusedSummary, .iCloudNeedsAccount)
    }
    var passwordKey: BackupPasswordKey?
    if kind == .encrypted {
      guard let password else { return .refused(refusedSummary, .passwordNeeded(backup: name)) }
      do {
        passwordKey = try BackupPasswordKey(newPassword: password, profile: kdfProfile)
      } catch {
        return .refused(refusedSummary, .keybag(error.description))
      }
    }
    let export: SecItemEngine.BackupExport
    do {
      export = try device.engine.exportForBackup()
    } catch {
      return .refused(refusedSummary, .storeFailed(detail: "\(error)"))
    }
    guard export.lockedClasses.isEmpty else {
      return .refused(refusedSummary, Self.locked(currentName, export.lockedClasses))
    }
    let id = UUID().uuidString
    var backup = DeviceBackup(
      name: name, kind: kind, originName: currentName,
      originIdentity: device.keybag.deviceIdentity, createdAt: device.securityState.clock.now,
      id: id, entries: [], leftOut: export.leftOut, passwordSalt: passwordKey?.salt,
      passwordParameters: passwordKey?.parameters, passwordCheck: nil)
    if let passwordKey {
      backup.passwordCheck = passwordKey.seal(DeviceBackup.checkValue, context: backup.checkContext)
    }
    backup.preferenceFiles = BackupPreferences(of: device.preferences, kind: kind)
    var fates: [BackupItemFate] = []
    for item in export.items {
      let context = backup.context(entry: backup.entries.count)
      // ThisDeviceOnly items stay under the UID in every backup (fact 27); unencrypted and
      // iCloud backups keep everything under it (facts 26, 28).
      let uidBound = kind != .encrypted || item.protection.isThisDeviceOnly
      var sealed = BackupItemCodec.encode(item)
      if uidBound { sealed = device.keybag.sealToThisDevice(sealed, context: context) }
      if let passwordKey { sealed = passwordKey.seal(sealed, context: context) }
      let description = ItemDescription.of(item)
      backup.entries.append(
        DeviceBackup.Entry(
          item: description, protection: item.protection, uidBound: uidBound, sealed: sealed))
      fates.append(
        BackupItemFate(
          item: description, protection: item.protection,
          fate: .backedUp(sameDeviceOnly: uidBound)))
    }
    backups.append(backup)
    let summary =
      "\(kind.displayName) '\(name)' of \(currentName): \(backup.itemCount) item(s) backed up, "
      + "\(export.leftOut.count) left out"
    return BackupReport(outcome: .done(summary), items: fates + export.leftOut)
  }

  // MARK: - Inspect

  /// What whoever holds backup `name` can read without the phone or the backup password: an
  /// unencrypted backup's app preferences in plaintext, and no keychain item, each sealed to
  /// the phone's UID or under the password (facts 26, 27).
  ///
  /// - Throws: ``BackupError/unknownBackup(name:known:)``.
  public func inspectBackup(named name: String) throws(BackupError) -> BackupInspection {
    guard let backup = backups.first(where: { $0.name == name }) else {
      throw .unknownBackup(name: name, known: backups.map(\.name))
    }
    var lines: [String] = []
    var readable: [String] = []
    switch backup.preferenceFiles {
    case .readable(let preferences):
      for app in preferences.apps {
        for (key, value) in (preferences.values[app] ?? [:]).sorted(by: { $0.key < $1.key }) {
          readable.append(value)
          lines.append(
            "readable in plaintext: \(app)'s preferences, `\(key)` (\(value.utf8.count) bytes)")
        }
      }
    case .protected(let apps):
      let protection =
        backup.kind == .encrypted
        ? "encrypted with the backup password" : "on Apple's servers, not on this computer"
      for app in apps { lines.append("\(protection): \(app)'s preferences") }
    }
    for entry in backup.entries {
      let seal: String
      switch (backup.kind, entry.uidBound) {
      case (.encrypted, true): seal = "under the backup password and the UID of '\(backup.originName)'"
      case (.encrypted, false): seal = "under the backup password"
      case (_, _): seal = "under the UID of '\(backup.originName)': it opens only on that device"
      }
      lines.append("sealed: \(entry.item) [\(entry.protection.appleName)], \(seal)")
    }
    let summary =
      "\(backup.kind.displayName) '\(name)' of \(backup.originName): \(readable.count) value(s) "
      + "readable without the phone or a password, \(backup.entries.count) keychain item(s) sealed"
    return BackupInspection(summary: summary, lines: lines, readableValues: readable)
  }

  // MARK: - Restore

  /// Restores backup `name` onto the current device, merging into what is there (fact 31).
  ///
  /// - Throws: ``BackupError`` for an unknown backup, or a password given to a backup that
  ///   has none.
  public func restoreBackup(named name: String, password: String?)
    throws(BackupError) -> BackupReport
  {
    guard let backup = backups.first(where: { $0.name == name }) else {
      throw .unknownBackup(name: name, known: backups.map(\.name))
    }
    if backup.kind != .encrypted, password != nil {
      throw .passwordNotUsed(backup: name, kind: backup.kind)
    }
    let refusedSummary = "backup '\(name)' not restored onto \(currentName)"
    let device = current
    if let refusal = Self.platformRefusal(device) { return .refused(refusedSummary, refusal) }
    var passwordKey: BackupPasswordKey?
    if backup.kind == .encrypted {
      guard let password else { return .refused(refusedSummary, .passwordNeeded(backup: name)) }
      switch Self.passwordKey(password, for: backup) {
      case .success(let opened): passwordKey = opened
      case .failure(.authenticationFailed), .failure(.emptyPasscode):
        return .refused(refusedSummary, .wrongPassword(backup: name))
      case .failure(let error): return .refused(refusedSummary, .keybag(error.description))
      }
    }
    var items: [KeychainItem] = []
    var fates = backup.leftOut
    for (index, entry) in backup.entries.enumerated() {
      let context = backup.context(entry: index)
      var bytes = entry.sealed
      do throws(KeybagError) {
        if let passwordKey { bytes = try passwordKey.open(bytes, context: context) }
      } catch {
        fates.append(entry.fate(.stayedBehind(.unreadable)))
        continue
      }
      if entry.uidBound {
        do throws(KeybagError) {
          bytes = try device.keybag.openOnThisDevice(bytes, context: context)
        } catch {
          // Another UID: the seal does not open here (facts 26-28).
          let omission: BackupOmission =
            backup.kind == .encrypted
            ? .thisDeviceOnly(origin: backup.originName)
            : .sameDeviceBackup(backup.kind, origin: backup.originName)
          fates.append(entry.fate(.stayedBehind(omission)))
          continue
        }
      }
      guard let item = BackupItemCodec.decode(bytes) else {
        fates.append(entry.fate(.stayedBehind(.unreadable)))
        continue
      }
      items.append(item)
    }
    let merged: [BackupItemFate]
    switch merge(items, into: device, name: currentName, movedWord: "restored") {
    case .merged(let results): merged = results
    case .refused(let refusal):
      return BackupReport(outcome: .refused(refusedSummary, refusal), items: [])
    }
    let moved = merged.filter(\.movedItem).count
    let summary =
      "\(backup.kind.displayName) '\(name)' (made on \(backup.originName)) restored onto "
      + "\(currentName): \(moved) item(s) restored, \(fates.count + merged.count - moved) "
      + "stayed behind"
    return BackupReport(outcome: .done(summary), items: merged + fates)
  }

  // MARK: - Quick Start

  /// "Transfer from iPhone": moves the keychain of `sourceName` onto the current device,
  /// all but ThisDeviceOnly items (fact 29), leaving out what a backup leaves out (fact 30).
  ///
  /// - Throws: ``FleetError/unknownDevice(name:known:)``.
  public func transfer(from sourceName: String) throws(FleetError) -> BackupReport {
    let source = try member(named: sourceName)
    let refusedSummary = "nothing transferred from \(sourceName) to \(currentName)"
    guard sourceName != currentName else {
      return .refused(refusedSummary, .transferToItself(sourceName))
    }
    let device = current
    if let refusal = Self.platformRefusal(source.device) ?? Self.platformRefusal(device) {
      return .refused(refusedSummary, refusal)
    }
    let export: SecItemEngine.BackupExport
    do {
      export = try source.device.engine.exportForBackup()
    } catch {
      return .refused(refusedSummary, .storeFailed(detail: "\(error)"))
    }
    guard export.lockedClasses.isEmpty else {
      return .refused(refusedSummary, Self.locked(sourceName, export.lockedClasses))
    }
    var fates = export.leftOut
    var items: [KeychainItem] = []
    for item in export.items {
      guard !item.protection.isThisDeviceOnly else {
        fates.append(
          BackupItemFate(
            item: ItemDescription.of(item), protection: item.protection,
            fate: .stayedBehind(.thisDeviceOnly(origin: sourceName))))
        continue
      }
      items.append(item)
    }
    let merged: [BackupItemFate]
    switch merge(items, into: device, name: currentName, movedWord: "transferred") {
    case .merged(let results): merged = results
    case .refused(let refusal):
      return BackupReport(outcome: .refused(refusedSummary, refusal), items: [])
    }
    let moved = merged.filter(\.movedItem).count
    let summary =
      "Quick Start from \(sourceName) to \(currentName): \(moved) item(s) transferred, "
      + "\(fates.count + merged.count - moved) stayed behind"
    return BackupReport(outcome: .done(summary), items: merged + fates)
  }

  // MARK: - Helpers

  /// Merges opened items into `device` once every class key they need is loaded there.
  private func merge(
    _ items: [KeychainItem], into device: SimulatedDevice, name: String, movedWord: String
  ) -> MergeOutcome {
    let locked = Set(items.map(\.protection)).filter { !device.keybag.isLoaded($0) }
    guard locked.isEmpty else { return .refused(Self.locked(name, locked)) }
    let results: [SecItemEngine.MergeResult]
    do {
      results = try device.engine.merge(items)
    } catch {
      return .refused(.storeFailed(detail: "\(error)"))
    }
    let groups = Set(
      device.apps.apps.filter(\.isInstalled).flatMap(\.identity.accessGroups))
    return .merged(
      zip(items, results).map { item, result in
        var fate = BackupItemFate(
          item: ItemDescription.of(item), protection: item.protection,
          fate: .stayedBehind(.unreadable))
        fate.movedWord = movedWord
        switch result {
        case .inserted, .replaced:
          var awaiting: String?
          if case .text(let group)? = item.attributes[.accessGroup], !groups.contains(group) {
            awaiting = group
          }
          fate.fate = .moved(replaced: result.isReplacement, awaitingGroup: awaiting)
        case .keptDeviceCopy(let newer):
          fate.fate = .stayedBehind(.deviceCopyKept(newer: newer))
        }
        return fate
      })
  }

  /// Backups and Quick Start are modelled where the platform says so (iPhone and iPad).
  private static func platformRefusal(_ device: SimulatedDevice) -> BackupRefusal? {
    device.platform.hasModelledBackup ? nil : .unsupportedPlatform(device.platform)
  }

  private static func locked(_ name: String, _ classes: Set<ProtectionClass>) -> DeviceRefusal {
    .backup(.deviceLocked(device: name, classes: classes.map(\.appleName).sorted()))
  }

  /// The backup's password key, once `password` opens its check value; a wrong password
  /// fails with ``KeybagError/authenticationFailed``.
  private static func passwordKey(_ password: String, for backup: DeviceBackup)
    -> Result<BackupPasswordKey, KeybagError>
  {
    guard let salt = backup.passwordSalt, let parameters = backup.passwordParameters,
      let check = backup.passwordCheck
    else { return .failure(.corrupt("the encrypted backup has no password key")) }
    do throws(KeybagError) {
      let key = try BackupPasswordKey(password: password, salt: salt, parameters: parameters)
      guard try key.open(check, context: backup.checkContext) == DeviceBackup.checkValue else {
        return .failure(.authenticationFailed)
      }
      return .success(key)
    } catch {
      return .failure(error)
    }
  }
}

/// The fates of merged items, or why nothing was merged.
package enum MergeOutcome {
  case merged([BackupItemFate])
  case refused(DeviceRefusal)
}

extension SecItemEngine.MergeResult {
  var isReplacement: Bool {
    if case .replaced = self { true } else { false }
  }
}

extension DeviceBackup.Entry {
  func fate(_ fate: BackupItemFate.Fate) -> BackupItemFate {
    BackupItemFate(item: item, protection: protection, fate: fate)
  }
}
