import Foundation
import ItemStore

/// Which rows a parsed query selects: plaintext columns SQLite can compare, the access-group
/// scope, and sealed attributes compared after opening (docs/evidence.md §5.3, §5.5).
struct RowFilter {
  var itemClass: ItemClass
  var plain: [String: StoredValue] = [:]
  var accessGroups: ItemDatabase.OneOf?
  var sealed: [String: StoredValue] = [:]
  var accessControl: SecAccessControl?
  /// Set by kSecValuePersistentRef.
  var rowID: Int64?

  /// The filter for `query` as `caller` makes it. Without kSecAttrAccessGroup the search
  /// covers every group the caller is entitled to; without kSecAttrSynchronizable only
  /// non-synchronizable items match (the daemon adds `sync = 0`), kSecAttrSynchronizableAny
  /// matches both. Tombstones never match.
  init(_ query: ParsedQuery, caller: Caller) {
    itemClass = query.itemClass
    accessControl = query.accessControl
    for (name, value) in query.attributes {
      if query.itemClass.plainColumns.contains(name) {
        plain[name] = value
      } else {
        sealed[name] = value
      }
    }
    if plain[.accessGroup] == nil {
      accessGroups = Self.scope(caller.accessGroups)
    }
    if plain[.tombstone] == nil { plain[.tombstone] = .integer(0) }
    if let reference = query.persistentRef {
      rowID = PersistentReference.decode(reference)?.1 ?? -1
      return
    }
    switch query.synchronizable {
    case .value(let flag)?: plain[.synchronizable] = .integer(flag ? 1 : 0)
    case .any?: break
    case nil: plain[.synchronizable] = .integer(0)
    }
  }

  /// Whether an opened item satisfies the sealed part of the filter.
  func matchesSealed(_ item: KeychainItem) -> Bool {
    for (name, value) in sealed where item.attributes[name] != value { return false }
    if let accessControl, item.accessControl != accessControl { return false }
    return true
  }

  var hasSealedConditions: Bool { !sealed.isEmpty || accessControl != nil }

  /// The access-group scope of a search over `groups`.
  static func scope(_ groups: [String]) -> ItemDatabase.OneOf {
    (column: AttributeName.accessGroup.rawValue, values: groups.map(StoredValue.text))
  }
}

extension SecItemEngine {
  /// The rows the plaintext part of `filter` selects, in insertion order.
  func candidates(_ filter: RowFilter) throws(SecItemFailure) -> [ItemRow] {
    do {
      if let rowID = filter.rowID {
        guard let row = try database.row(id: rowID, in: filter.itemClass) else { return [] }
        let inScope =
          filter.accessGroups.map { scope in
            scope.values.contains(row.plainColumns[.accessGroup] ?? .null)
          } ?? true
        let matches = filter.plain.allSatisfy { row.plainColumns[$0.key] == $0.value }
        return inScope && matches ? [row] : []
      }
      return try database.rows(
        in: filter.itemClass, matching: filter.plain, oneOf: filter.accessGroups)
    } catch {
      throw Self.storeFailure(error)
    }
  }
}
