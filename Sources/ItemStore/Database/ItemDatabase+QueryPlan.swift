/// What SQLite will do for a query: lets tests prove look-ups use the primary-key index.
extension ItemDatabase {
  /// The `detail` lines of `EXPLAIN QUERY PLAN` for the query ``rows(in:matching:oneOf:)``
  /// would run, e.g. `SEARCH genp USING INDEX sqlite_autoindex_genp_1 (svce=? AND acct=?)`;
  /// with `ordered` false, the one of ``firstRows(in:matching:oneOf:atMost:searchColumns:sealedColumns:)``.
  /// Related SQLite documentation: <https://www.sqlite.org/eqp.html>
  func queryPlan(
    in itemClass: ItemClass, matching: [String: StoredValue] = [:], oneOf: OneOf? = nil,
    ordered: Bool = true
  ) throws -> [String] {
    let layout = TableLayout.of(itemClass)
    let (clause, values) = try whereClause(
      SearchConditions(matching), oneOf: oneOf, layout: layout)
    let sql =
      "EXPLAIN QUERY PLAN " + layout.selectSQL + clause
      + (ordered ? " ORDER BY rowid" : " LIMIT 16")
    return try connection.withStatement(sql) { statement throws(SQLiteError) in
      try statement.bind(values)
      var details: [String] = []
      while try statement.step() {
        if case .text(let detail) = statement.column(at: 3) { details.append(detail) }
      }
      return details
    }
  }
}
