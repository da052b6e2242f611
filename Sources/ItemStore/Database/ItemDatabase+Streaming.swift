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
    var stopped: E?
    do throws(ItemStoreError) {
      let layout = TableLayout.of(itemClass)
      let (clause, values) = try whereClause(matching, oneOf: oneOf, layout: layout)
      let reading = try readColumns(of: layout, search: searchColumns, sealed: sealedColumns)
      try perform(on: itemClass) { () throws(SQLiteError) in
        let sql = try streamingSQL(reading.selectSQL, clause, layout: layout)
        try connection.withStatement(sql) { statement throws(SQLiteError) in
          try statement.bind(values)
          streamingReads += 1
          defer { streamingReads -= 1 }
          while try statement.step() {
            do throws(E) {
              guard try body(reading.row(statement, of: itemClass)) else { return }
            } catch {
              stopped = error
              return
            }
          }
        }
      }
    } catch {
      throw storeFailure(error)
    }
    if let stopped { throw stopped }
  }

  /// The SQL that visits the rows `select + clause` selects in rowid order, choosing once per
  /// query shape between the plain `ORDER BY rowid` and the rowid subquery
  /// (``forEachRow(in:matching:oneOf:searchColumns:sealedColumns:storeFailure:_:)``).
  private func streamingSQL(
    _ select: String, _ clause: String, layout: TableLayout
  ) throws(SQLiteError) -> String {
    let plain = select + clause + " ORDER BY rowid"
    if let last = lastStreamingSQL, last.plain == plain { return last.run }
    let run: String
    if let known = streamingSQL[plain] {
      run = known
    } else {
      let sorts = try connection.withStatement("EXPLAIN QUERY PLAN " + plain) {
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
      run =
        sorts
        ? select + " WHERE rowid IN (SELECT rowid FROM " + quoted(layout.itemClass.tableName)
          + clause + ") ORDER BY rowid"
        : plain
      if streamingSQL.count >= 256 { streamingSQL.removeAll() }
      streamingSQL[plain] = run
    }
    lastStreamingSQL = (plain, run)
    return run
  }
}
