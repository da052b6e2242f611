import Foundation

/// A row of an item table as an older schema stored it: every column by name, untyped,
/// as SQLite returns it (sealed columns are blobs; NULL columns are left out).
public struct LegacyItemRow: Equatable, Sendable {
  /// The schema version the row was written under.
  public let version: Int
  public let rowID: Int64
  public let itemClass: ItemClass
  public let columns: [String: StoredValue]

  public init(version: Int, rowID: Int64, itemClass: ItemClass, columns: [String: StoredValue]) {
    self.version = version
    self.rowID = rowID
    self.itemClass = itemClass
    self.columns = columns
  }
}
