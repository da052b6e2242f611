/// Reading items: equality filters on searchable columns, in insertion (rowid) order.
extension ItemDatabase {
  /// A filter that one searchable column's value be one of a list: `agrp IN (…)`, which is
  /// how the engine limits a search to the caller's access groups. An empty list matches
  /// nothing.
  public typealias OneOf = (column: String, values: [StoredValue])

  /// The rows of `itemClass` whose searchable columns equal every value in `matching` and,
  /// if given, whose `oneOf` column is in its list; oldest first.
  ///
  /// Equality is SQLite's: TEXT never equals BLOB (see ``StoredValue``); the engine's
  /// hashes are BLOBs.
  /// - Throws: ``ItemStoreError/unknownColumn(_:in:)``, or
  ///   ``ItemStoreError/misplacedColumn(_:in:)`` for a sealed column (ciphertext cannot be
  ///   matched).
  ///
  /// `limit` bounds how many rows are read (the oldest first), for searches that must not
  /// grow with the keychain.
  ///
  /// `searchColumns` and `sealedColumns`, when given, are the only columns read into each row,
  /// as in ``firstRows(in:matching:oneOf:atMost:searchColumns:sealedColumns:)``: reading
  /// every hashed column of a row into its dictionary was a tenth of a look-up by primary key
  /// (docs/benchmarks-history.md). Such a row is for reading only; never write it back.
  public func rows(
    in itemClass: ItemClass, matching: [String: StoredValue] = [:], oneOf: OneOf? = nil,
    limit: Int? = nil, searchColumns: [String]? = nil, sealedColumns: [String]? = nil
  ) throws(ItemStoreError) -> [ItemRow] {
    let (sql, values, reading) = try search(
      in: itemClass, matching: SearchConditions(matching), oneOf: oneOf, limit: limit,
      searchColumns: searchColumns, sealedColumns: sealedColumns)
    return try perform(on: itemClass) { () throws(SQLiteError) -> [ItemRow] in
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        try statement.bind(values)
        var rows: [ItemRow] = []
        while try statement.step() { rows.append(reading.row(statement, of: itemClass)) }
        return rows
      }
    }
  }

  /// The `SELECT … WHERE … ORDER BY rowid` of ``rows(in:matching:oneOf:limit:searchColumns:sealedColumns:)``,
  /// the values to bind and the columns read; the text is reused while the searches keep the
  /// shape of the last one (``SearchShape``).
  private func search(
    in itemClass: ItemClass, matching: SearchConditions, oneOf: OneOf?, limit: Int?,
    searchColumns: [String]?, sealedColumns: [String]?
  ) throws(ItemStoreError) -> (sql: String, values: [StoredValue], reading: ReadColumns) {
    let readingKey = ReadColumns.Key(
      itemClass: itemClass, search: searchColumns, sealed: sealedColumns)
    if let lastSearch,
      let values = lastSearch.values(
        in: itemClass, matching: matching, oneOf: oneOf, limit: limit, readingKey: readingKey)
    {
      return (lastSearch.sql, values, lastSearch.reading)
    }
    let layout = TableLayout.of(itemClass)
    let (clause, values) = try whereClause(matching, oneOf: oneOf, layout: layout)
    let reading = try readColumns(of: layout, search: searchColumns, sealed: sealedColumns)
    let sql =
      reading.selectSQL + clause + " ORDER BY rowid"
      + (limit.map { " LIMIT \(max($0, 0))" } ?? "")
    lastSearch = SearchShape(
      of: itemClass, matching: matching, oneOf: oneOf, limit: limit, readingKey: readingKey,
      reading: reading, sql: sql)
    return (sql, values, reading)
  }

  /// The columns to read and their `SELECT`, built once per list.
  func readColumns(
    of layout: TableLayout, search: [String]?, sealed: [String]?
  ) throws(ItemStoreError) -> ReadColumns {
    let key = ReadColumns.Key(itemClass: layout.itemClass, search: search, sealed: sealed)
    if let lastReadColumns, lastReadColumns.key == key { return lastReadColumns.reading }
    let reading: ReadColumns
    if let known = readColumnLists.first(where: { $0.key == key }) {
      reading = known.reading
    } else {
      reading = try ReadColumns(
        layout: layout, search: search, sealed: sealed, error: columnError)
      if readColumnLists.count >= Self.shapeListLimit { readColumnLists.removeAll() }
      readColumnLists.append((key, reading))
    }
    lastReadColumns = (key, reading)
    return reading
  }

  /// At most `count` rows of `itemClass` that match as in ``rows(in:matching:oneOf:limit:)``,
  /// returned oldest first, for searches whose cost must not grow with the keychain.
  ///
  /// Unlike `rows(…, limit:)` the SQL has no `ORDER BY`: an `ORDER BY rowid` over an index
  /// range that does not end in rowid order makes SQLite read and sort the whole range before
  /// the `LIMIT` applies; without it SQLite stops after `count` rows. When more than `count`
  /// rows match, which ones are read follows the index SQLite walks (for the engine's hashed
  /// columns, an order unrelated to age), not insertion order.
  ///
  /// `searchColumns` and `sealedColumns`, when given, are the only columns read into each row
  /// (the others are absent from it): for a reader that needs a few columns of many rows.
  /// Such a row is for reading only; never write it back.
  /// - Throws: as ``rows(in:matching:oneOf:limit:)``; also
  ///   ``ItemStoreError/unknownColumn(_:in:)`` for a column to read that the class lacks.
  public func firstRows(
    in itemClass: ItemClass, matching: [String: StoredValue] = [:], oneOf: OneOf? = nil,
    atMost count: Int, searchColumns: [String]? = nil, sealedColumns: [String]? = nil
  ) throws(ItemStoreError) -> [ItemRow] {
    let layout = TableLayout.of(itemClass)
    let (clause, values) = try whereClause(
      SearchConditions(matching), oneOf: oneOf, layout: layout)
    let reading = try readColumns(of: layout, search: searchColumns, sealed: sealedColumns)
    let sql = reading.selectSQL + clause + " LIMIT \(max(count, 0))"
    var rows = try perform(on: itemClass) { () throws(SQLiteError) -> [ItemRow] in
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        try statement.bind(values)
        var rows: [ItemRow] = []
        while try statement.step() { rows.append(reading.row(statement, of: itemClass)) }
        return rows
      }
    }
    rows.sort { ($0.rowID ?? -1) < ($1.rowID ?? -1) }
    return rows
  }

  /// Every row of `itemClass`, oldest first.
  public func allRows(in itemClass: ItemClass) throws(ItemStoreError) -> [ItemRow] {
    try rows(in: itemClass)
  }

  /// The row with rowid `id`, or `nil` if there is none.
  public func row(id: Int64, in itemClass: ItemClass) throws(ItemStoreError) -> ItemRow? {
    let layout = TableLayout.of(itemClass)
    let sql = layout.selectSQL + " WHERE rowid = ?"
    return try perform(on: itemClass) { () throws(SQLiteError) -> ItemRow? in
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        try statement.bind(.integer(id), at: 1)
        return try statement.step() ? readRow(statement, layout: layout) : nil
      }
    }
  }

  /// How many rows of `itemClass` match (same filters as ``rows(in:matching:oneOf:)``).
  public func count(
    in itemClass: ItemClass, matching: [String: StoredValue] = [:], oneOf: OneOf? = nil
  ) throws(ItemStoreError) -> Int {
    let layout = TableLayout.of(itemClass)
    let (clause, values) = try whereClause(
      SearchConditions(matching), oneOf: oneOf, layout: layout)
    let sql = "SELECT count(*) FROM \(quoted(itemClass.tableName))" + clause
    return try perform(on: itemClass) { () throws(SQLiteError) -> Int in
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        try statement.bind(values)
        return try statement.step() ? Int(statement.int64(at: 0)) : 0
      }
    }
  }

  // MARK: - SQL

  /// ` WHERE "a" = ? AND "b" IN (?, ?)` and the values to bind, columns sorted by name
  /// (``SearchConditions``) so that the same filter shape always yields the same (cached)
  /// SQL text.
  func whereClause(
    _ matching: SearchConditions, oneOf: OneOf?, layout: TableLayout
  ) throws(ItemStoreError) -> (String, [StoredValue]) {
    var clause = ""
    clause.reserveCapacity(32 * (matching.count + 1) + 3 * (oneOf?.values.count ?? 0))
    var values: [StoredValue] = []
    values.reserveCapacity(matching.count + (oneOf?.values.count ?? 0))
    for name in matching.columns {
      guard let condition = layout.equalityConditions[name] else {
        throw columnError(name, layout: layout)
      }
      clause += clause.isEmpty ? " WHERE " : " AND "
      clause += condition
    }
    values += matching.values
    if let oneOf {
      guard let opening = layout.inClauseOpenings[oneOf.column] else {
        throw columnError(oneOf.column, layout: layout)
      }
      clause += clause.isEmpty ? " WHERE " : " AND "
      clause += opening
      for index in oneOf.values.indices { clause += index == 0 ? "?" : ", ?" }
      clause += ")"
      values += oneOf.values
    }
    return (clause, values)
  }

  /// The current row of a `layout.selectSQL` statement (rowid first, then the columns).
  private func readRow(_ statement: Statement, layout: TableLayout) -> ItemRow {
    // Sized at creation; filled in the `SELECT`'s order, no name looked up (``ColumnSlots``).
    var row = ItemRow(
      rowID: statement.int64(at: 0), itemClass: layout.itemClass,
      searchColumns: SearchColumns(minimumCapacity: layout.searchColumns.count),
      sealedColumns: SealedColumns(minimumCapacity: layout.sealedColumns.count))
    var index: Int32 = 1
    for (name, hashed) in zip(layout.searchColumns, layout.searchHashed) {
      row.searchColumns.appendNew(
        name, hashed ? statement.searchHashColumn(at: index) : statement.column(at: index))
      index += 1
    }
    for name in layout.sealedColumns {
      if let data = statement.data(at: index) { row.sealedColumns.appendNew(name, data) }
      index += 1
    }
    return row
  }
}
