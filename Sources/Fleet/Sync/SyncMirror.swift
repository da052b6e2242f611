import DeviceState
import Devices
import Foundation
import ItemStore
import KeychainEngine

/// What one device knows of its account's iCloud Keychain, as CKKS's mirror and queues do:
/// which of its rows is which record, at which change tag, and what the row held when it last
/// matched the cloud (so a scan finds what changed locally).
package struct SyncMirror: Sendable, Codable {
  /// A row of this device, by class and rowid (rowids are never reused).
  package struct RowKey: Hashable, Sendable, Codable {
    var itemClass: ItemClass
    var rowID: Int64
  }

  package struct Entry: Sendable, Codable {
    var itemClass: ItemClass
    /// The row holding the record here; `nil` once deleted (the record's tombstone is known).
    var rowID: Int64?
    /// The change tag of the record this device last matched.
    var changeTag: Int
    /// What the row held then (kept after a delete, for its primary key: fact 14).
    var content: SyncedContent
    /// Deleted here with `kSecUseTombstones: false`: the record lives on in iCloud, and this
    /// device takes it back only when it changes there (fact 12).
    var detached = false
  }

  private(set) var entries: [String: Entry] = [:]
  private(set) var uuidByRow: [RowKey: String] = [:]
  /// Rows whose staying on the device the transcript has told, and why: told again only when
  /// the reason changes (a scan after a statement), or at every `wait` and `icloud sync` for
  /// a synchronizable item.
  var told: [RowKey: SyncEvent.StayReason] = [:]
  /// Records whose lost upload the transcript has told, at the cloud's change tag then.
  var toldOverwritten: [String: Int] = [:]
  /// Records that arrived while their class key was unavailable: applied after an unlock
  /// (docs/evidence.md §11, fact 22).
  var waiting: Set<String> = []

  func uuid(of key: RowKey) -> String? { uuidByRow[key] }

  subscript(uuid: String) -> Entry? { entries[uuid] }

  mutating func set(_ uuid: String, _ entry: Entry) {
    if let old = entries[uuid]?.rowID {
      uuidByRow[RowKey(itemClass: entry.itemClass, rowID: old)] = nil
    }
    entries[uuid] = entry
    if let rowID = entry.rowID {
      let key = RowKey(itemClass: entry.itemClass, rowID: rowID)
      if let previous = uuidByRow[key], previous != uuid { entries[previous]?.rowID = nil }
      uuidByRow[key] = uuid
    }
  }

  /// Forgets `uuid` entirely (its record lost a conflict).
  mutating func remove(_ uuid: String) {
    if let entry = entries.removeValue(forKey: uuid), let rowID = entry.rowID {
      uuidByRow[RowKey(itemClass: entry.itemClass, rowID: rowID)] = nil
    }
  }

  /// The UUID of a deleted record with `content`'s primary key, which a re-add reuses
  /// (docs/evidence.md §11, fact 14).
  func deletedUUID(samePrimaryKeyAs content: SyncedContent) -> String? {
    entries.filter {
      $0.value.rowID == nil && !$0.value.detached && $0.value.itemClass == content.itemClass
        && $0.value.content.primaryKey == content.primaryKey
    }.keys.sorted().first
  }
}
