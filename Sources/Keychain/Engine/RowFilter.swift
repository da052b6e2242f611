import Foundation
import ItemStore

/// Which rows a parsed query selects: the searchable columns SQLite compares (a keyed hash of
/// every attribute of the query, `pdmn` as it is) and the access-group scope
/// (docs/evidence.md §5.3, §5.5).
///
/// As in securityd (`query_add_attribute_with_desc` in `SecDbQuery.c` adds every attribute to
/// the SQL search), a row the query does not select is never opened: a locked item that does
/// not match cannot fail the call.
struct RowFilter {
  var itemClass: ItemClass
  /// Column → the value it must hold (a hash, or `pdmn`/`tomb` as they are).
  var search: [String: StoredValue] = [:]
  var accessGroups: ItemDatabase.OneOf?
  /// The query's own attribute values, to name a row the filter selected without opening it
  /// (the row holds the same bytes).
  var queried: [String: StoredValue] = [:]
  /// Set by kSecValuePersistentRef.
  var rowID: Int64?

  /// The filter for `query` as a caller whose groups are `scope` makes it. Without
  /// kSecAttrAccessGroup the search covers every group the caller is entitled to; without kSecAttrSynchronizable only
  /// non-synchronizable items match (the daemon adds `sync = 0`), kSecAttrSynchronizableAny
  /// matches both. Tombstones never match.
  init(_ query: ParsedQuery, scope: @autoclosure () -> ItemDatabase.OneOf, hasher: SearchHasher) {
    itemClass = query.itemClass
    queried = query.attributes
    // The query's attributes, `tomb` and `sync`: sized once, not grown insert by insert (and
    // at creation: `reserveCapacity` on a dictionary runs unspecialised).
    search = Dictionary(minimumCapacity: query.attributes.count + 2)
    for (name, value) in query.attributes {
      if let column = hasher.condition(name, value, in: itemClass) { search[name] = column }
    }
    if search[.accessGroup] == nil {
      accessGroups = scope()
    }
    if search[.tombstone] == nil { search[.tombstone] = .integer(0) }
    if let reference = query.persistentRef {
      rowID = PersistentReference.decode(reference)?.1 ?? -1
      return
    }
    let synchronizable = AttributeName.synchronizable.rawValue
    switch query.synchronizable {
    case .value(let flag)?:
      search[.synchronizable] = hasher.condition(
        synchronizable, .integer(flag ? 1 : 0), in: itemClass)
    case .any?: break
    case nil:
      search[.synchronizable] = hasher.condition(synchronizable, .integer(0), in: itemClass)
    }
  }
}

extension SecItemEngine {
  /// The rows the searchable part of `filter` selects, in insertion order.
  ///
  /// `forOpeningOnly` reads only what opening a row needs (``ItemSealer/openingColumns(_:)``
  /// and the sealed columns), for a caller that never writes the rows back nor reads their
  /// other hashes. `rowIDsOnly` reads no column but the rowid (a search by persistent
  /// reference still reads its row whole, to check it against the filter), for a delete,
  /// which needs nothing else: reading every column was a tenth of its cost
  /// (docs/benchmarks.md).
  func candidates(
    _ filter: RowFilter, forOpeningOnly: Bool = false, rowIDsOnly: Bool = false
  ) throws(SecItemFailure) -> [ItemRow] {
    do {
      if let rowID = filter.rowID {
        guard let row = try database.row(id: rowID, in: filter.itemClass) else { return [] }
        let inScope =
          filter.accessGroups.map { scope in
            scope.values.contains(row.searchColumns[.accessGroup] ?? .null)
          } ?? true
        let matches = filter.search.allSatisfy { row.searchColumns[$0.key] == $0.value }
        return inScope && matches ? [row] : []
      }
      return try database.rows(
        in: filter.itemClass, matching: filter.search, oneOf: filter.accessGroups,
        searchColumns: rowIDsOnly
          ? [] : forOpeningOnly ? ItemSealer.openingColumns(filter.itemClass) : nil,
        sealedColumns: rowIDsOnly ? [] : nil)
    } catch {
      throw Self.storeFailure(error)
    }
  }
}
