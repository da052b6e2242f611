/// The columns a ``ItemDatabase/firstRows(in:matching:oneOf:atMost:searchColumns:sealedColumns:)``
/// or ``ItemDatabase/rows(in:matching:oneOf:limit:searchColumns:sealedColumns:)`` reads, and its
/// `SELECT`.
///
/// A class: built once per list of columns and kept (``SearchShape``), then handed to every
/// read of that shape, where a struct's four references were each retained and released.
final class ReadColumns {
  struct Key: Hashable {
    let itemClass: ItemClass
    let search: [String]?
    let sealed: [String]?
  }

  let search: [String]
  /// Whether each of ``search`` holds keyed hashes, read inline (``SearchHash``).
  let searchHashed: [Bool]
  let sealed: [String]
  let selectSQL: String

  init(
    layout: TableLayout, search: [String]?, sealed: [String]?,
    error: (String, TableLayout) -> ItemStoreError
  ) throws(ItemStoreError) {
    if search == nil && sealed == nil {
      self.search = layout.searchColumns
      self.sealed = layout.sealedColumns
      searchHashed = layout.searchHashed
      selectSQL = layout.selectSQL
      return
    }
    // Each column once: a row's slots hold distinct names (``ColumnSlots``).
    self.search = Self.distinct(search ?? layout.searchColumns)
    self.sealed = Self.distinct(sealed ?? layout.sealedColumns)
    for name in self.search where !layout.searchSet.contains(name) { throw error(name, layout) }
    for name in self.sealed where !layout.sealedSet.contains(name) { throw error(name, layout) }
    searchHashed = self.search.map(layout.hashedSet.contains)
    let list = (self.search + self.sealed).map(quoted).joined(separator: ", ")
    selectSQL =
      "SELECT rowid" + (list.isEmpty ? "" : ", " + list) + " FROM "
      + quoted(layout.itemClass.tableName)
  }

  /// `names` without repeats, in their order.
  private static func distinct(_ names: [String]) -> [String] {
    var seen: Set<String> = []
    return names.filter { seen.insert($0).inserted }
  }

  /// The current row of a `selectSQL` statement. `copyingSealed`: `false` leaves the row's
  /// sealed columns empty, for a reader that opens them in place (``sealedReader(_:)``).
  func row(_ statement: Statement, of itemClass: ItemClass, copyingSealed: Bool = true)
    -> ItemRow
  {
    // Sized at creation; filled in the `SELECT`'s order, no name looked up (``ColumnSlots``).
    var row = ItemRow(
      rowID: statement.int64(at: 0), itemClass: itemClass,
      searchColumns: SearchColumns(minimumCapacity: search.count),
      sealedColumns: copyingSealed ? SealedColumns(minimumCapacity: sealed.count) : SealedColumns())
    var index: Int32 = 1
    // By position, not through `zip`, whose iterators retained and released both arrays.
    for position in search.indices {
      row.searchColumns.appendNew(
        search[position],
        searchHashed[position]
          ? statement.searchHashColumn(at: index) : statement.column(at: index))
      index += 1
    }
    guard copyingSealed else { return row }
    for name in sealed {
      if let data = statement.data(at: index) { row.sealedColumns.appendNew(name, data) }
      index += 1
    }
    return row
  }

  /// The sealed columns of the current row of a `selectSQL` statement, read in place.
  func sealedReader(_ statement: Statement) -> SealedColumnReader {
    SealedColumnReader(statement, names: sealed, first: Int32(1 + search.count))
  }
}
