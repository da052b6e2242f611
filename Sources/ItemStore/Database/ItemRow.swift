import Foundation

/// One stored item: its plaintext columns and its sealed ones.
///
/// The engine decides what is sealed and seals it; this module only checks that each column
/// belongs to the class and sits on the right side of the split (see
/// ``ItemClass/plainColumns`` and ``ItemClass/sealedColumns``).
public struct ItemRow: Equatable, Sendable {
  /// SQLite's rowid: `nil` before insertion. Never reused (the table is AUTOINCREMENT),
  /// so it can back a persistent reference.
  public var rowID: Int64?
  public var itemClass: ItemClass
  /// Primary-key columns, `pdmn` and `tomb`. On insert a missing (or `.null`) column gets
  /// ``AttributeSchema/defaultValue``; rows read back carry every plaintext column.
  public var plainColumns: [String: StoredValue]
  /// Opaque ciphertexts by column name (`labl`, `cdat`, …, `data`). A column absent here is
  /// NULL in the table, and absent again when read back.
  public var sealedColumns: [String: Data]

  public init(
    rowID: Int64? = nil, itemClass: ItemClass, plainColumns: [String: StoredValue] = [:],
    sealedColumns: [String: Data] = [:]
  ) {
    self.rowID = rowID
    self.itemClass = itemClass
    self.plainColumns = plainColumns
    self.sealedColumns = sealedColumns
  }
}
