import DeviceState
import Foundation
import ItemStore

/// Which rows a parsed query selects: the searchable columns SQLite compares (a keyed hash of
/// every attribute of the query, `pdmn` as it is) and the access-group scope
/// (docs/evidence.md §5.3, §5.5).
///
/// As in securityd (`query_add_attribute_with_desc` in `SecDbQuery.c` adds every attribute to
/// the SQL search), a row the query does not select is never opened: a locked item that does
/// not match cannot fail the call.
package struct RowFilter {
  var itemClass: ItemClass
  /// Column → the value it must hold (a hash, or `pdmn`/`tomb` as they are), in the order
  /// the store's `WHERE` compares and binds them: no name hashed, none sorted per call.
  var search: SearchConditions
  var accessGroups: ItemDatabase.OneOf?
  /// The query's own attribute values, to name a row the filter selected without opening it
  /// (the row holds the same bytes).
  var queried: ParsedAttributes
  /// Set by kSecValuePersistentRef.
  var rowID: Int64?

  /// The filter for `query` as a caller whose groups are `scope` makes it. Without
  /// kSecAttrAccessGroup the search covers every group the caller is entitled to; without kSecAttrSynchronizable only
  /// non-synchronizable items match (the daemon adds `sync = 0`), kSecAttrSynchronizableAny
  /// matches both. Tombstones never match.
  ///
  /// `query` is borrowed: an initializer's arguments are owned by default, so every caller,
  /// which keeps its query, copied it whole for this call and the filter tore the copy down
  /// (about 0.4k instructions a search, issue 29).
  ///
  /// `scope` is a value, not an autoclosure: the callers' `scope(of: context.caller)`
  /// captured their whole ``SecItemEngine/Context``, copied per search (about 0.6k
  /// instructions). A query with kSecAttrAccessGroup, which does not need it, pays the
  /// engine's cached look-up instead (``SecItemEngine/callerScope(of:)``).
  init(_ query: borrowing ParsedQuery, scope: ItemDatabase.OneOf, hasher: SearchHasher) {
    // Built in locals and stored once at the end: assigning the properties one by one, with
    // an early return between, had the whole filter copied out and torn down (issue 29).
    let itemClass = query.itemClass
    // The query's attributes, `tomb` and `sync`: sized once, not grown insert by insert.
    var search = SearchConditions(minimumCapacity: query.attributes.count + 2)
    // Which of the two columns the query compares, noted as they are added rather than
    // looked up after (each look-up hashes the name).
    var comparesGroup = false
    var comparesTombstone = false
    // Each attribute's schema is the parser's: looking it up again by name was a tenth of
    // building the filter (issue 29).
    for (name, value, attribute) in query.attributes.withSchemas(in: itemClass) {
      guard let attribute, attribute.isSearchable else { continue }
      // Each of the query's attributes once: inserted with no look-up.
      search.insertNew(name, hasher.column(value, of: attribute))
      if name == AttributeName.accessGroup.rawValue { comparesGroup = true }
      if name == AttributeName.tombstone.rawValue { comparesTombstone = true }
    }
    var rowID: Int64?
    if let reference = query.persistentRef {
      rowID = PersistentReference.decode(reference)?.1 ?? -1
    } else {
      let synchronizable = AttributeName.synchronizable.rawValue
      let condition: StoredValue?
      switch query.synchronizable {
      case .value(let flag)?:
        condition = hasher.condition(synchronizable, .integer(flag ? 1 : 0), in: itemClass)
      case .any?: condition = nil
      case nil:
        condition =
          hasher.defaultValueColumns?.unsynchronizedCondition(in: itemClass)
          ?? hasher.condition(synchronizable, .integer(0), in: itemClass)
      }
      // The parser keeps kSecAttrSynchronizable apart from the attributes
      // (`ParsedQuery.synchronizable`), so `sync` is not compared yet: inserted with no
      // look-up, where the subscript compared every name so far (issue 29).
      if let condition { search.insertNew(synchronizable, condition) }
    }
    // `tomb` last: it sorts after `sync` and after most attributes' names, so it is mostly
    // appended where it stands; inserted before `sync`, it was moved past it (issue 29). The
    // conditions are sorted by name whatever the order they are inserted in.
    if !comparesTombstone { search.insertNew(AttributeName.tombstone.rawValue, .integer(0)) }
    self.itemClass = itemClass
    self.search = search
    self.accessGroups = comparesGroup ? nil : scope
    self.queried = query.attributes
    self.rowID = rowID
  }
}

extension SecItemEngine {
  /// What of each candidate row ``forEachCandidate(_:reading:_:)`` reads.
  package enum CandidateColumns {
    /// Only what opening a row needs (``ItemSealer/openingColumns(_:)`` and the sealed
    /// columns), for a caller that never writes the rows back nor reads their other hashes.
    case forOpening
    /// The rowid alone, for a caller that never opens the rows (a delete).
    case rowIDOnly
  }

  /// Calls `body` with each row the searchable part of `filter` selects, in insertion order,
  /// until it returns `false`. The rows come from SQLite one at a time as `body` asks for
  /// them (``ItemDatabase/forEachRow(in:matching:oneOf:searchColumns:sealedColumns:storeFailure:_:)``),
  /// so a call that stops at its match limit reads no further and holds one row at a time,
  /// whatever the keychain's size. `body` must not write to the store: it gathers rowids,
  /// and the caller writes once this returns.
  func forEachCandidate(
    _ filter: RowFilter, reading columns: CandidateColumns,
    _ body: (ItemRow) throws(SecItemFailure) -> Bool
  ) throws(SecItemFailure) {
    if filter.rowID != nil {
      if let row = try candidate(byRowID: filter) { _ = try body(row) }
      return
    }
    let searchColumns: [String]?
    let sealedColumns: [String]?
    switch columns {
    case .forOpening:
      (searchColumns, sealedColumns) = (ItemSealer.openingColumns(filter.itemClass), nil)
    case .rowIDOnly: (searchColumns, sealedColumns) = ([], [])
    }
    try database.forEachRow(
      in: filter.itemClass, matching: filter.search, oneOf: filter.accessGroups,
      searchColumns: searchColumns, sealedColumns: sealedColumns,
      storeFailure: Self.storeFailure, body)
  }

  /// ``forEachCandidate(_:reading:_:)`` reading ``CandidateColumns/forOpening``, for a caller
  /// that opens each row's sealed columns once and keeps none of them: `body` gets the row
  /// without its sealed columns, and a reader of them where SQLite holds them, valid until
  /// `body` returns (a row read by rowid brings its own). No `Data` is made of each
  /// ciphertext: two allocations and their release per sealed column of a copy (issue 29).
  func forEachCandidate(
    _ filter: RowFilter,
    borrowing body: (ItemRow, SealedColumnReader) throws(SecItemFailure) -> Bool
  ) throws(SecItemFailure) {
    if filter.rowID != nil {
      if let row = try candidate(byRowID: filter) { _ = try body(row, row.sealedReader) }
      return
    }
    try database.forEachRow(
      in: filter.itemClass, matching: filter.search, oneOf: filter.accessGroups,
      searchColumns: ItemSealer.openingColumns(filter.itemClass), sealedColumns: nil,
      storeFailure: Self.storeFailure, borrowing: body)
  }

  /// The row a persistent reference names, when it is stored and `filter` selects it.
  private func candidate(byRowID filter: RowFilter) throws(SecItemFailure) -> ItemRow? {
    guard let rowID = filter.rowID else { return nil }
    let row: ItemRow?
    do {
      row = try database.row(id: rowID, in: filter.itemClass)
    } catch {
      throw Self.storeFailure(error)
    }
    guard let row else { return nil }
    let inScope =
      filter.accessGroups.map { scope in
        scope.values.contains(row.searchColumns[.accessGroup] ?? .null)
      } ?? true
    return inScope && filter.search.allMatch(row) ? row : nil
  }

}
