/// The SQL of one ``ItemDatabase/rows(in:matching:oneOf:limit:searchColumns:sealedColumns:)``
/// search and what it was built from, so that the next search of the same shape (the same
/// columns compared, the same number of access groups, the same columns read) reuses its text
/// instead of sorting the columns and building the `WHERE` again: a look-up repeats one shape
/// call after call, and building it was about a twentieth of a copy (docs/benchmarks-history.md).
///
/// A class: every search reads the kept shape, and copying a struct of a dozen references out
/// of its optional retained and released each one (issue 29).
final class SearchShape {
  let itemClass: ItemClass
  /// The columns of `matching`, sorted by name, as the `WHERE` compares them.
  let columns: [String]
  let oneOfColumn: String?
  let oneOfCount: Int
  let limit: Int?
  let readingKey: ReadColumns.Key
  let reading: ReadColumns
  let sql: String

  /// The shape of a search of `itemClass` by `matching` and `oneOf` (their columns, not their
  /// values), whose SQL is `sql`.
  init(
    of itemClass: ItemClass, matching: SearchConditions, oneOf: ItemDatabase.OneOf?,
    limit: Int?, readingKey: ReadColumns.Key, reading: ReadColumns, sql: String
  ) {
    self.itemClass = itemClass
    self.columns = Array(matching.columns)
    self.oneOfColumn = oneOf?.column
    self.oneOfCount = oneOf?.values.count ?? 0
    self.limit = limit
    self.readingKey = readingKey
    self.reading = reading
    self.sql = sql
  }

  /// The values to bind for a search of this shape, in the order of its `?`s, or `nil` when
  /// the search has another shape. The conditions' values are already in the `WHERE`'s order
  /// (``SearchConditions``): no column is looked up.
  func values(
    in itemClass: ItemClass, matching: SearchConditions, oneOf: ItemDatabase.OneOf?,
    limit: Int?, readingKey: ReadColumns.Key
  ) -> [StoredValue]? {
    guard
      fits(in: itemClass, matching: matching, oneOf: oneOf, limit: limit, readingKey: readingKey)
    else { return nil }
    guard let oneOf else { return Array(matching.values) }
    return matching.values + oneOf.values
  }

  /// Whether a search has this shape: then its `?`s take `matching`'s values, then `oneOf`'s.
  func fits(
    in itemClass: ItemClass, matching: SearchConditions, oneOf: ItemDatabase.OneOf?,
    limit: Int?, readingKey: ReadColumns.Key
  ) -> Bool {
    itemClass == self.itemClass && matching.compares(columns)
      && oneOf?.column == oneOfColumn && (oneOf?.values.count ?? 0) == oneOfCount
      && limit == self.limit && readingKey == self.readingKey
  }
}
