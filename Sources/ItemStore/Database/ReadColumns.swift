/// The columns a ``ItemDatabase/firstRows(in:matching:oneOf:atMost:searchColumns:sealedColumns:)``
/// or ``ItemDatabase/rows(in:matching:oneOf:limit:searchColumns:sealedColumns:)`` reads, and its
/// `SELECT`.
struct ReadColumns {
  struct Key: Hashable {
    let itemClass: ItemClass
    let search: [String]?
    let sealed: [String]?
  }

  let search: [String]
  let sealed: [String]
  let selectSQL: String

  init(
    layout: TableLayout, search: [String]?, sealed: [String]?,
    error: (String, TableLayout) -> ItemStoreError
  ) throws(ItemStoreError) {
    self.search = search ?? layout.searchColumns
    self.sealed = sealed ?? layout.sealedColumns
    if search == nil && sealed == nil {
      selectSQL = layout.selectSQL
      return
    }
    for name in self.search where !layout.searchSet.contains(name) { throw error(name, layout) }
    for name in self.sealed where !layout.sealedSet.contains(name) { throw error(name, layout) }
    let list = (self.search + self.sealed).map(quoted).joined(separator: ", ")
    selectSQL =
      "SELECT rowid" + (list.isEmpty ? "" : ", " + list) + " FROM "
      + quoted(layout.itemClass.tableName)
  }

  /// The current row of a `selectSQL` statement.
  func row(_ statement: Statement, of itemClass: ItemClass) -> ItemRow {
    // Sized at creation (`PresizedColumns`: not grown, no generic metadata looked up).
    var row = ItemRow(
      rowID: statement.int64(at: 0), itemClass: itemClass,
      searchColumns: PresizedColumns.empty(capacity: search.count),
      sealedColumns: PresizedColumns.emptySealed(capacity: sealed.count))
    var index: Int32 = 1
    for name in search {
      row.searchColumns[name] = statement.column(at: index)
      index += 1
    }
    for name in sealed {
      if let data = statement.data(at: index) { row.sealedColumns[name] = data }
      index += 1
    }
    return row
  }
}
