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
      // By packed name, then among the three sealed columns: the dictionary of every
      // column's index hashed each name (issue 29).
      guard
        let index = layout.searchPosition(of: name)
          ?? layout.sealedColumns.firstIndex(of: name).map({ layout.searchColumns.count + $0 })
      else {
        throw columnError(name, layout: layout)
      }
      let value = boundValue(of: row, at: index, layout: layout)
      if value != boundValue(of: previous, at: index, layout: layout) {
        changed.append((index, value))
      }
    }
    assertNotStreaming()
    // Rewriting the row whole would set the columns it was not read with to their defaults.
    guard !changed.isEmpty else { return try confirmRow(rowID, in: row.itemClass) }
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

  /// ``replace(rowID:with:previous:changing:)`` of a row none of whose columns changes: it
  /// writes nothing, but a statement that sets nothing new still says whether the row is
  /// there, so a row that is gone fails as it would.
  ///
  /// - Throws: ``ItemStoreError/rowNotFound(_:in:)``.
  public func confirmRow(_ rowID: Int64, in itemClass: ItemClass) throws(ItemStoreError) {
    assertNotStreaming()
    let sql = TableLayout.of(itemClass).unchangedUpdateSQL
    let found = try perform(on: itemClass) { () throws(SQLiteError) -> Int in
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        try statement.bind(.integer(rowID), at: 1)
        try statement.run()
        return connection.changes
      }
    }
    guard found > 0 else { throw .rowNotFound(rowID, in: itemClass) }
  }

  /// ``replace(rowID:with:previous:changing:)`` of a row whose only change is sealed column
  /// `name`, now `ciphertext`: an update of the secret alone. It binds the one value and the
  /// rowid, with no row to compare or bind (building, comparing and tearing down the two rows
  /// was a tenth of such an update, issue 29). No index covers a sealed column, so the write
  /// cannot collide with another row.
  ///
  /// - Throws: ``ItemStoreError/rowNotFound(_:in:)``; ``ItemStoreError/misplacedColumn(_:in:)``
  ///   for a searchable column, ``ItemStoreError/unknownColumn(_:in:)`` for a name that is no
  ///   column of the class.
  public func replace(
    rowID: Int64, in itemClass: ItemClass, sealedColumn name: String, with ciphertext: Data
  ) throws(ItemStoreError) {
    let layout = TableLayout.of(itemClass)
    // The sealed columns are the layout's last three: compared, not hashed.
    guard let sealedIndex = layout.sealedColumns.firstIndex(of: name) else {
      throw columnError(name, layout: layout)
    }
    assertNotStreaming()
    let sql = layout.sealedColumnUpdateSQL[sealedIndex]
    let updated = try perform(on: itemClass) { () throws(SQLiteError) -> Int in
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        // A ciphertext: bound from the statement's own bytes, zeroed at its reset.
        try statement.bind(keeping: .blob(ciphertext), at: 1)
        try statement.bind(.integer(rowID), at: 2)
        try statement.run()
        return connection.changes
      }
    }
    guard updated > 0 else { throw .rowNotFound(rowID, in: itemClass) }
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
