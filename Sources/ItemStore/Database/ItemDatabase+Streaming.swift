/// Reading matching rows one at a time, as SQLite steps: a reader that stops early (a copy that
/// reached its match limit) never reads the rest, and no reader holds more than one row.
extension ItemDatabase {
  /// Calls `body` with each row of `itemClass` that matches as in
  /// ``rows(in:matching:oneOf:limit:searchColumns:sealedColumns:)``, oldest first, until
  /// `body` returns `false`. Each row is read when `body` asks for the next one.
  ///
  /// When the index SQLite walks does not give rowid order (a search on part of a compound
  /// index, e.g. the service alone), `ORDER BY rowid` would make SQLite read every matching
  /// row, sealed blobs included, into a temporary B-tree before the first one; such a search
  /// gathers the matching rowids alone (`rowid IN (SELECT rowid …)`) and reads each row by its
  /// rowid as it goes.
  ///
  /// `body` must not write to this database: SQLite leaves undefined what a statement that is
  /// still stepping returns once its table changed. Gather the rowids and write afterwards.
  /// - Throws: `storeFailure` of the store's error (as ``rows(in:matching:oneOf:limit:searchColumns:sealedColumns:)``
  ///   throws), or what `body` throws.
  public func forEachRow<E: Error>(
    in itemClass: ItemClass, matching: [String: StoredValue] = [:], oneOf: OneOf? = nil,
    searchColumns: [String]? = nil, sealedColumns: [String]? = nil,
    storeFailure: (ItemStoreError) -> E, _ body: (ItemRow) throws(E) -> Bool
  ) throws(E) {
    try forEachRow(
      in: itemClass, matching: SearchConditions(matching), oneOf: oneOf,
      searchColumns: searchColumns, sealedColumns: sealedColumns, storeFailure: storeFailure,
      body)
  }

  /// ``forEachRow(in:matching:oneOf:searchColumns:sealedColumns:storeFailure:_:)`` with the
  /// conditions already in the `WHERE`'s order (``SearchConditions``), as the engine makes
  /// them for every SecItem call.
  ///
  /// The error `body` stops with is kept as an `any Error` while the search steps, not as an
  /// `E?`: the type of an `E?` is not known until the call, and asking the runtime for it cost
  /// every search a third of a thousand instructions (docs/benchmarks.md, issue 29). Only a
  /// search that `body` stops with an error boxes it.
  public func forEachRow<E: Error>(
    in itemClass: ItemClass, matching: SearchConditions, oneOf: OneOf? = nil,
    searchColumns: [String]? = nil, sealedColumns: [String]? = nil,
    storeFailure: (ItemStoreError) -> E, _ body: (ItemRow) throws(E) -> Bool
  ) throws(E) {
    var stopped: (any Error)?
    do throws(ItemStoreError) {
      try streamRows(
        in: itemClass, matching: matching, oneOf: oneOf, searchColumns: searchColumns,
        sealedColumns: sealedColumns
      ) { row in
        do throws(E) {
          return try body(row)
        } catch {
          stopped = error
          return false
        }
      }
    } catch {
      throw storeFailure(error)
    }
    if let stopped { throw Self.typed(stopped, as: E.self) }
  }

  /// ``forEachRow(in:matching:oneOf:searchColumns:sealedColumns:storeFailure:_:)`` for a
  /// reader that opens each row's sealed columns once, where it stands: `body` gets the row
  /// without them, and a ``SealedColumnReader`` of them in SQLite's memory, valid only until
  /// `body` returns (no `Data` is made of each ciphertext). Its error is kept as the other's;
  /// the two are written out, as one generic helper shared by both cost a copy half a thousand
  /// instructions (docs/benchmarks-history.md, "Copy, sixth session (perf-copy6)").
  public func forEachRow<E: Error>(
    in itemClass: ItemClass, matching: SearchConditions, oneOf: OneOf? = nil,
    searchColumns: [String]? = nil, sealedColumns: [String]? = nil,
    storeFailure: (ItemStoreError) -> E,
    borrowing body: (ItemRow, SealedColumnReader) throws(E) -> Bool
  ) throws(E) {
    var stopped: (any Error)?
    do throws(ItemStoreError) {
      try streamRows(
        in: itemClass, matching: matching, oneOf: oneOf, searchColumns: searchColumns,
        sealedColumns: sealedColumns
      ) { row, sealed in
        do throws(E) {
          return try body(row, sealed)
        } catch {
          stopped = error
          return false
        }
      }
    } catch {
      throw storeFailure(error)
    }
    if let stopped { throw Self.typed(stopped, as: E.self) }
  }

  /// `error`, which `body` threw as an `E`, as that `E` again.
  private static func typed<E: Error>(_ error: any Error, as _: E.Type) -> E {
    guard let typed = error as? E else {
      preconditionFailure("a streaming read stopped with \(type(of: error)), not \(E.self)")
    }
    return typed
  }

  /// The rows of a search with their sealed columns copied, until `body` returns `false`.
  private func streamRows(
    in itemClass: ItemClass, matching: SearchConditions, oneOf: OneOf?,
    searchColumns: [String]?, sealedColumns: [String]?, _ body: (ItemRow) -> Bool
  ) throws(ItemStoreError) {
    try stream(
      in: itemClass, matching: matching, oneOf: oneOf, searchColumns: searchColumns,
      sealedColumns: sealedColumns
    ) { statement, reading in
      body(reading.row(statement, of: itemClass))
    }
  }

  /// The rows of a search without their sealed columns, and a reader of those where SQLite
  /// holds them, until `body` returns `false`.
  private func streamRows(
    in itemClass: ItemClass, matching: SearchConditions, oneOf: OneOf?,
    searchColumns: [String]?, sealedColumns: [String]?,
    _ body: (ItemRow, SealedColumnReader) -> Bool
  ) throws(ItemStoreError) {
    try stream(
      in: itemClass, matching: matching, oneOf: oneOf, searchColumns: searchColumns,
      sealedColumns: sealedColumns
    ) { statement, reading in
      body(
        reading.row(statement, of: itemClass, copyingSealed: false),
        reading.sealedReader(statement))
    }
  }

  /// Steps the search and calls `body` with the statement on each row and the columns it
  /// reads, until `body` returns `false`.
  private func stream(
    in itemClass: ItemClass, matching: SearchConditions, oneOf: OneOf?,
    searchColumns: [String]?, sealedColumns: [String]?,
    _ body: (Statement, ReadColumns) -> Bool
  ) throws(ItemStoreError) {
    let (sql, bound, reading) = try streamingSearch(
      in: itemClass, matching: matching, oneOf: oneOf, searchColumns: searchColumns,
      sealedColumns: sealedColumns)
    try perform(on: itemClass) { () throws(SQLiteError) in
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        if let bound {
          try statement.bind(bound)
        } else {
          try statement.bind(matching, then: oneOf?.values ?? [])
        }
        streamingReads += 1
        defer { streamingReads -= 1 }
        while try statement.step() {
          guard body(statement, reading) else { return }
        }
      }
    }
  }

  /// The SQL of ``forEachRow(in:matching:oneOf:searchColumns:sealedColumns:storeFailure:_:)``,
  /// its values (`nil`: the search's own, `matching`'s then `oneOf`'s, bound where they sit)
  /// and the columns it reads. A plain search's text is kept (``SearchShape``) and
  /// reused while the searches keep its shape, as ``rows(in:matching:oneOf:limit:searchColumns:sealedColumns:)``
  /// does: a look-up repeats one shape call after call, and building the `WHERE` and asking
  /// whether it sorts was about a twentieth of a copy.
  private func streamingSearch(
    in itemClass: ItemClass, matching: SearchConditions, oneOf: OneOf?,
    searchColumns: [String]?, sealedColumns: [String]?
  ) throws(ItemStoreError) -> (sql: String, values: [StoredValue]?, reading: ReadColumns) {
    let readingKey = ReadColumns.Key(
      itemClass: itemClass, search: searchColumns, sealed: sealedColumns)
    if let last = lastStreamingSearch,
      last.fits(
        in: itemClass, matching: matching, oneOf: oneOf, limit: nil, readingKey: readingKey)
    {
      return (last.sql, nil, last.reading)
    }
    let layout = TableLayout.of(itemClass)
    let reading = try readColumns(of: layout, search: searchColumns, sealed: sealedColumns)
    let (sql, values, gathersRowIDs) = try streamingQuery(
      reading.selectSQL, matching: matching, oneOf: oneOf, layout: layout)
    // The conditions' text depends on the columns alone, never on the values, so the plan
    // (sorting or not) is the shape's; a plain search binds its values in the shape's order.
    if !gathersRowIDs {
      lastStreamingSearch = SearchShape(
        of: itemClass, matching: matching, oneOf: oneOf, limit: nil, readingKey: readingKey,
        reading: reading, sql: sql)
    }
    return (sql, values, reading)
  }

  /// The SQL that reads the rows `select` reads, that match, in rowid order, and its values:
  /// the plain `ORDER BY rowid` query, or ``rowidOrdered(_:matching:oneOf:layout:)`` when
  /// that one would sort whole rows.
  func streamingQuery(
    _ select: String, matching: [String: StoredValue], oneOf: OneOf?, layout: TableLayout
  ) throws(ItemStoreError) -> (sql: String, values: [StoredValue], gathersRowIDs: Bool) {
    try streamingQuery(select, matching: SearchConditions(matching), oneOf: oneOf, layout: layout)
  }

  /// ``streamingQuery(_:matching:oneOf:layout:)`` of conditions in the `WHERE`'s order.
  func streamingQuery(
    _ select: String, matching: SearchConditions, oneOf: OneOf?, layout: TableLayout
  ) throws(ItemStoreError) -> (sql: String, values: [StoredValue], gathersRowIDs: Bool) {
    let (clause, values) = try whereClause(matching, oneOf: oneOf, layout: layout)
    let plain = select + clause + " ORDER BY rowid"
    let sorts = try perform(on: layout.itemClass) { () throws(SQLiteError) -> Bool in
      try sortsWholeRows(plain)
    }
    guard sorts else { return (plain, values, false) }
    let (sql, bound) = try rowidOrdered(select, matching: matching, oneOf: oneOf, layout: layout)
    return (sql, bound, true)
  }

  /// Whether SQLite would sort the rows of `sql` (an `ORDER BY rowid` query) whole before
  /// the first, because the index it walks does not give rowid order; asked once per query
  /// shape.
  private func sortsWholeRows(_ sql: String) throws(SQLiteError) -> Bool {
    if let last = lastStreamingPlan, last.sql == sql { return last.sorts }
    let sorts: Bool
    if let known = streamingPlans[sql] {
      sorts = known
    } else {
      sorts = try connection.withStatement("EXPLAIN QUERY PLAN " + sql) {
        statement throws(SQLiteError) -> Bool in
        while try statement.step() {
          if case .text(let detail) = statement.column(at: 3),
            detail.hasPrefix("USE TEMP B-TREE FOR ORDER BY")
          {
            return true
          }
        }
        return false
      }
      if streamingPlans.count >= 256 { streamingPlans.removeAll() }
      streamingPlans[sql] = sorts
    }
    lastStreamingPlan = (sql, sorts)
    return sorts
  }

  /// The same rows in rowid order without sorting them whole: the conditions on indexed
  /// columns gather the matching rowids (SQLite sorts those alone, from the index), and each
  /// row is then read by its rowid and checked against the other conditions (`tomb`, `pdmn`)
  /// as the reader asks for it.
  private func rowidOrdered(
    _ select: String, matching: SearchConditions, oneOf: OneOf?, layout: TableLayout
  ) throws(ItemStoreError) -> (String, [StoredValue]) {
    let indexed = matching.filter { layout.indexedColumns.contains($0) }
    let others = matching.filter { !layout.indexedColumns.contains($0) }
    let (inner, innerValues) = try whereClause(indexed, oneOf: oneOf, layout: layout)
    let (outer, outerValues) = try whereClause(others, oneOf: nil, layout: layout)
    let sql =
      select + " WHERE rowid IN (SELECT rowid FROM " + quoted(layout.itemClass.tableName) + inner
      + ")" + (outer.isEmpty ? "" : " AND" + outer.dropFirst(" WHERE".count)) + " ORDER BY rowid"
    return (sql, innerValues + outerValues)
  }
}
