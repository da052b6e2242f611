import DeviceState
import Foundation
import ItemStore
import Keybag

/// The item-row operations iCloud Keychain sync needs on one device: finding the
/// synchronizable rows, and writing or deleting what arrives from the cloud. The engine stays
/// the one owner of item rows; ``DeviceFleet`` decides what moves (docs/evidence.md §11).
extension SecItemEngine {
  /// A row as a sync scan finds it.
  package enum SyncScan {
    /// Opened: its content, whether it may leave the device or not.
    case opened(rowID: Int64, content: SyncedContent)
    /// Its class key is not in memory (the device is locked): it cannot be read now.
    case locked(rowID: Int64, itemClass: ItemClass, protection: ProtectionClass)
    /// It can never be opened (its key destroyed, or the row damaged).
    case unreadable(rowID: Int64, itemClass: ItemClass, detail: String)

    var rowID: Int64 {
      switch self {
      case .opened(let rowID, _), .locked(let rowID, _, _), .unreadable(let rowID, _, _): rowID
      }
    }

    var itemClass: ItemClass {
      switch self {
      case .opened(_, let content): content.itemClass
      case .locked(_, let itemClass, _), .unreadable(_, let itemClass, _): itemClass
      }
    }
  }

  /// What became of a row that sync wrote.
  package enum SyncWrite: Equatable {
    case written(rowID: Int64)
    /// The class key is not in memory: the item waits for the next unlock (fact 22).
    case locked(ProtectionClass)
    /// Another row holds the same primary key.
    case collision(rowID: Int64)
  }

  /// Where a row a device once synced stands now.
  package enum SyncRowState: Equatable {
    case gone
    /// Still there; `eligible` when it is still `sync = 1` and may leave the device.
    case present(eligible: Bool)
  }

  /// Every live row (tombstones aside), not opened: a sync scan opens only those it needs.
  package func rowsForSync() throws(ItemStoreError) -> [ItemRow] { try liveRows() }

  /// Whether a row's `sync` column says 1.
  package func isSynchronizable(_ row: ItemRow) -> Bool {
    row.searchColumns[.synchronizable] == synchronizableColumn(row.itemClass)
  }

  /// The row `rowID` of `itemClass`: gone, or present and whether it may still sync.
  package func syncState(ofRow rowID: Int64, in itemClass: ItemClass) throws(ItemStoreError)
    -> SyncRowState
  {
    guard let row = try database.row(id: rowID, in: itemClass),
      row.searchColumns[.tombstone] != .integer(1)
    else { return .gone }
    guard isSynchronizable(row), !isTokenItem(row),
      case .text(let raw)? = row.searchColumns[.accessible],
      let protection = ProtectionClass(rawValue: raw)
    else { return .present(eligible: false) }
    return .present(eligible: SyncEligibility.travels(protection))
  }

  /// Opens row `rowID` again, as the device now holds it.
  func syncedContent(ofRow rowID: Int64, in itemClass: ItemClass) throws(ItemStoreError)
    -> SyncScan?
  {
    guard let row = try database.row(id: rowID, in: itemClass) else { return nil }
    return syncScan(of: row)
  }

  /// Writes `content` as a new row, or over `rowID`: sealed with this device's class key, as
  /// CKKS's incoming queue does.
  package func writeSynced(_ content: SyncedContent, over rowID: Int64?) throws(ItemStoreError)
    -> SyncWrite
  {
    let item = KeychainItem(
      rowID: rowID, itemClass: content.itemClass, attributes: content.attributes,
      accessControl: nil, data: content.data)
    let row: ItemRow
    do throws(KeybagError) {
      row = try sealer.seal(item)
    } catch {
      if case .classUnavailable(let protection) = error { return .locked(protection) }
      throw .cannotOpen(
        path: database.path ?? ":memory:",
        reason: "sealing an incoming synced item failed: \(error)")
    }
    do throws(ItemStoreError) {
      if let rowID {
        do throws(ItemStoreError) {
          try database.replace(rowID: rowID, with: row)
          return .written(rowID: rowID)
        } catch {
          // Deleted here meanwhile: the cloud's copy comes back as a new row.
          guard case .rowNotFound = error else { throw error }
        }
      }
      var fresh = row
      fresh.rowID = nil
      return .written(rowID: try database.insert(fresh))
    } catch {
      guard case .duplicateItem = error else { throw error }
      let key = row.searchColumns.filter { content.itemClass.primaryKey.contains($0.key) }
        .dictionary
      let holders = try database.rows(in: content.itemClass, matching: key)
      guard let holder = holders.first(where: { $0.rowID != rowID })?.rowID else { throw error }
      return .collision(rowID: holder)
    }
  }

  /// Deletes row `rowID` (an incoming record delete, fact 16); `false` when it was gone.
  @discardableResult
  package func deleteSynced(rowID: Int64, in itemClass: ItemClass) throws(ItemStoreError) -> Bool {
    try database.delete(rowIDs: [rowID], in: itemClass) > 0
  }

  /// The rows deleted with `kSecUseTombstones: false` since the last call (fact 12).
  package func takeDeletedWithoutTombstones() -> [(itemClass: ItemClass, rowID: Int64)] {
    defer { deletedWithoutTombstones = [] }
    return deletedWithoutTombstones
  }

  /// A Secure Enclave key's row (`tkid` set): excluded from sync (SecItemDataSource.c's sync
  /// queries leave token items out).
  private func isTokenItem(_ row: ItemRow) -> Bool {
    guard let column = row.searchColumns[.tokenID],
      let secureEnclave = sealer.hasher.condition(
        AttributeName.tokenID.rawValue, .text("com.apple.setoken"), in: row.itemClass)
    else { return false }
    return column == secureEnclave
  }

  private func synchronizableColumn(_ itemClass: ItemClass) -> StoredValue {
    sealer.hasher.condition(AttributeName.synchronizable.rawValue, .integer(1), in: itemClass)
      ?? .integer(1)
  }

  /// Opens `row`'s attributes and secret as far as the device's lock state allows.
  package func syncScan(of row: ItemRow) -> SyncScan {
    let rowID = row.rowID ?? -1
    do throws(KeybagError) {
      let item = try sealer.openAttributes(row)
      let data = try sealer.openData(row)
      return .opened(
        rowID: rowID,
        content: SyncedContent(
          itemClass: row.itemClass, attributes: item.attributes, data: data,
          hasAccessControl: item.accessControl != nil))
    } catch {
      if case .classUnavailable(let protection) = error {
        return .locked(rowID: rowID, itemClass: row.itemClass, protection: protection)
      }
      return .unreadable(rowID: rowID, itemClass: row.itemClass, detail: "\(error)")
    }
  }
}
