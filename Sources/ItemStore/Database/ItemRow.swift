import Foundation

/// One stored item: its searchable columns and its sealed ones.
///
/// The engine decides what is sealed and seals it; this module only checks that each column
/// belongs to the class and sits on the right side of the split (see
/// ``ItemClass/searchColumns`` and ``ItemClass/sealedColumns``).
public struct ItemRow: Equatable, Sendable {
  /// SQLite's rowid: `nil` before insertion. Never reused (the table is AUTOINCREMENT),
  /// so it can back a persistent reference.
  public var rowID: Int64?
  public var itemClass: ItemClass
  /// A keyed hash per attribute, `pdmn` and `tomb`, by column name. On insert a missing (or
  /// `.null`) column gets a default; rows read back carry every searchable column.
  public var searchColumns: SearchColumns
  /// Opaque ciphertexts by column name (`attrs`, `accc`, `data`). A column absent here is
  /// NULL in the table, and absent again when read back.
  public var sealedColumns: SealedColumns

  public init(
    rowID: Int64? = nil, itemClass: ItemClass, searchColumns: SearchColumns = [:],
    sealedColumns: SealedColumns = [:]
  ) {
    self.rowID = rowID
    self.itemClass = itemClass
    self.searchColumns = searchColumns
    self.sealedColumns = sealedColumns
  }

  /// A row from column dictionaries (a caller that built or filtered one).
  public init(
    rowID: Int64? = nil, itemClass: ItemClass, searchColumns: [String: StoredValue],
    sealedColumns: [String: Data] = [:]
  ) {
    self.init(
      rowID: rowID, itemClass: itemClass, searchColumns: SearchColumns(searchColumns),
      sealedColumns: SealedColumns(sealedColumns))
  }
}
