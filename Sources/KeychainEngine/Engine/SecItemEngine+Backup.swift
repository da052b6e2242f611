import DeviceState
import Foundation
import ItemStore
import Keybag

/// The item-row work of backups, restores and Quick Start: reading every item out for a
/// backup, and merging items in. The device and the fleet never touch rows themselves.
extension SecItemEngine {
  /// The keychain as a backup export sees it.
  package struct BackupExport {
    /// The items that go into the backup, opened (data included).
    package var items: [KeychainItem] = []
    /// The items the export leaves out, and why.
    package var leftOut: [BackupItemFate] = []
    /// Protection classes whose items could not be opened: the device is locked.
    package var lockedClasses: Set<ProtectionClass> = []
  }

  /// Reads every item row for a backup, leaving out what Apple's export skips
  /// (docs/evidence.md §11, fact 30): `akpu` items, items whose read needs authentication,
  /// and tombstones.
  package func exportForBackup() throws(ItemStoreError) -> BackupExport {
    var export = BackupExport()
    for itemClass in ItemClass.allCases {
      for row in try database.allRows(in: itemClass) {
        let protection = Self.protectionIfReadable(row)
        let item: KeychainItem
        do throws(KeybagError) {
          item = try sealer.openAttributes(row)
        } catch {
          if case .classUnavailable(let locked) = error, protection != .akpu {
            export.lockedClasses.insert(locked)
          } else {
            let why: BackupOmission = protection == .akpu ? .akpu : .unreadable
            export.leftOut.append(
              BackupItemFate(
                item: "\(itemClass.rawValue) item (locked)", protection: protection,
                fate: .stayedBehind(why)))
          }
          continue
        }
        let name = ItemDescription.of(item)
        if let omission = Self.backupOmission(item) {
          export.leftOut.append(
            BackupItemFate(item: name, protection: item.protection, fate: .stayedBehind(omission)))
          continue
        }
        var opened = item
        do throws(KeybagError) {
          opened.data = try sealer.openData(row)
        } catch {
          if case .classUnavailable(let locked) = error {
            export.lockedClasses.insert(locked)
          } else {
            export.leftOut.append(
              BackupItemFate(
                item: name, protection: item.protection, fate: .stayedBehind(.unreadable)))
          }
          continue
        }
        export.items.append(opened)
      }
    }
    return export
  }

  /// The protection class of `row`, or `nil` for a row too damaged to say (opening it then
  /// fails too, and the export lists it as unreadable).
  private static func protectionIfReadable(_ row: ItemRow) -> ProtectionClass? {
    do {
      return try ItemSealer.protection(of: row)
    } catch {
      return nil
    }
  }

  /// Why the export leaves `item` out, or `nil` when it goes in (fact 30: akpu and
  /// Secure Enclave items first, then items needing authentication, then tombstones).
  static func backupOmission(_ item: KeychainItem) -> BackupOmission? {
    if item.protection == .akpu { return .akpu }
    if case .text(let token)? = item.attributes[.tokenID], !token.isEmpty {
      return .secureEnclaveKey
    }
    if item.requiresUserAuthentication { return .needsAuthentication }
    if item.attributes[.tombstone] == .integer(1) { return .tombstone }
    return nil
  }

  /// What merging one item did.
  package enum MergeResult {
    case inserted
    /// An older copy with the same primary key was replaced.
    case replaced
    /// The device's copy with the same primary key was at least as new and stays.
    case keptDeviceCopy(newer: Bool)
  }

  /// Merges `items` into the keychain, all in one transaction: an item whose primary key is
  /// new is inserted; on a clash the newer `mdat` wins and the device's copy stays on a tie
  /// (docs/evidence.md §11, fact 31: a restore "should not remove stuff that got into the
  /// keychain before us").
  ///
  /// - Throws: ``KeybagError`` when a class key is missing (the caller checks first), or
  ///   ``ItemStoreError``; either way nothing was changed.
  package func merge(_ items: [KeychainItem]) throws -> [MergeResult] {
    try database.inTransaction { () throws -> [MergeResult] in
      try items.map { item throws -> MergeResult in try mergeOne(item) }
    }
  }

  private func mergeOne(_ item: KeychainItem) throws -> MergeResult {
    var incoming = item
    incoming.rowID = nil
    let row = try sealer.seal(incoming)
    let key = row.searchColumns.filter { item.itemClass.primaryKey.contains($0.key) }.dictionary
    guard let existing = try database.rows(in: item.itemClass, matching: key, limit: 1).first,
      let existingID = existing.rowID
    else {
      _ = try database.insert(row)
      return .inserted
    }
    let current = try sealer.openAttributes(existing)
    let theirs = Self.modificationTime(current)
    let ours = Self.modificationTime(item)
    guard ours > theirs else { return .keptDeviceCopy(newer: theirs > ours) }
    try database.replace(rowID: existingID, with: row)
    return .replaced
  }

  /// `mdat` in seconds since 2001, or minus infinity when it is missing.
  private static func modificationTime(_ item: KeychainItem) -> Double {
    switch item.attributes[.modificationDate] {
    case .real(let seconds)?: seconds
    case .integer(let seconds)?: Double(seconds)
    default: -.infinity
    }
  }
}
