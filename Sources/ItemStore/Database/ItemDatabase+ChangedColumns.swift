import Foundation

extension ItemDatabase {
  /// ``replace(rowID:with:previous:)`` for a writer that knows which columns it may have set.
  ///
  /// `row` must be `previous` (the row as stored now: read whole, or only some of its
  /// columns, those named in `columns` among them) with only the columns named in `columns`
  /// changed. Of those, the ones whose value differs from `previous` are written, exactly as
  /// ``replace(rowID:with:previous:)`` writes them; every other column stays as stored, read
  /// or not. When none differs, nothing is written, but the row must still exist. Binding and
  /// comparing the two whole rows to find the changed columns was a tenth of an update
  /// (docs/benchmarks-history.md); an update changes two or three of them, and reads no more
  /// (issue 29).
  ///
  /// - Throws: what ``replace(rowID:with:previous:)`` throws;
  ///   ``ItemStoreError/unknownColumn(_:in:)`` for a name in `columns` that is no column of the
  ///   class.
  public func replace(
    rowID: Int64, with row: ItemRow, previous: ItemRow, changing columns: [String]
  ) throws(ItemStoreError) {
    let layout = TableLayout.of(row.itemClass)
    assert(
      previous.itemClass == row.itemClass
        && differsOnlyIn(columns, row, previous, layout: layout),
      "a column not named in `columns` differs from the stored row")
    var changed: [(index: Int, value: StoredValue)] = []
    changed.reserveCapacity(columns.count)
    for name in columns {
      guard let index = layout.columnIndexes[name] else {
        throw columnError(name, layout: layout)
      }
      let value = boundValue(of: row, at: index, layout: layout)
      if value != boundValue(of: previous, at: index, layout: layout) {
        changed.append((index, value))
      }
    }
    assertNotStreaming()
    guard !changed.isEmpty else {
      // Rewriting the row whole would set the columns it was not read with to their
      // defaults; a statement that sets nothing new still says whether the row is there.
      let found = try perform(on: row.itemClass) { () throws(SQLiteError) -> Int in
        try connection.withStatement(layout.unchangedUpdateSQL) { statement throws(SQLiteError) in
          try statement.bind(.integer(rowID), at: 1)
          try statement.run()
          return connection.changes
        }
      }
      guard found > 0 else { throw .rowNotFound(rowID, in: row.itemClass) }
      return
    }
    // In the layout's order and once each, as the UPDATEs kept by their columns are.
    changed.sort { $0.index < $1.index }
    var indexes: [Int] = []
    var bound: [StoredValue] = []
    indexes.reserveCapacity(changed.count)
    bound.reserveCapacity(changed.count + 1)
    for each in changed where indexes.last != each.index {
      indexes.append(each.index)
      bound.append(each.value)
    }
    bound.append(.integer(rowID))
    let sql = partialUpdateSQL(layout, changed: indexes)
    let updated = try perform(on: row.itemClass) { () throws(SQLiteError) -> Int in
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        try statement.bind(bound)
        try statement.run()
        return connection.changes
      }
    }
    guard updated > 0 else { throw .rowNotFound(rowID, in: row.itemClass) }
  }

  /// The value the column at `index` of `layout` is written with for `row`, as insert and
  /// replace bind it: a missing or `.null` searchable column its default, a missing sealed
  /// column NULL.
  private func boundValue(of row: ItemRow, at index: Int, layout: TableLayout) -> StoredValue {
    let name = layout.columns[index]
    guard index < layout.searchColumns.count else {
      return row.sealedColumns[name].map(StoredValue.blob) ?? .null
    }
    let value = row.searchColumns[name] ?? .null
    return value == .null ? layout.searchDefaultList[index] : value
  }

  /// Whether `row` and `previous` bind the same value in every column not in `columns`: the
  /// promise of ``replace(rowID:with:previous:changing:)``'s caller, checked in debug builds.
  private func differsOnlyIn(
    _ columns: [String], _ row: ItemRow, _ previous: ItemRow, layout: TableLayout
  ) -> Bool {
    let named = Set(columns)
    let values = boundValues(of: row, layout: layout)
    let before = boundValues(of: previous, layout: layout)
    return layout.columns.indices.allSatisfy {
      named.contains(layout.columns[$0]) || values[$0] == before[$0]
    }
  }
}
