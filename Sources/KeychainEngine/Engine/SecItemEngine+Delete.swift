import DeviceState
import Foundation
import ItemStore

extension SecItemEngine {
  /// SecItemDelete: removes every matching item.
  ///
  /// A locked item is deleted without being opened when the query only names plaintext
  /// columns (its primary key, protection class, access group); if the query filters on a
  /// sealed attribute the item must be opened to know whether it matches, so a locked one
  /// fails the call with errSecInteractionNotAllowed (docs/fidelity.md, "Deleting a locked
  /// item").
  package func delete(_ query: SecQuery, context: Context) -> SecItemOutcome {
    // The identity class is found in the validator's pass over the keys, not looked up in
    // the dictionary first (as copyMatching does).
    let keys = CheckedKeys(query)
    if keys.contains(.identityClass) {
      return identity(query, as: .delete, context: context)
    }
    return outcome { () throws(SecItemFailure) in
      let parsed = try QueryValidator.validate(
        query, as: .delete, holding: keys, caller: context.caller)
      let filter = RowFilter(parsed, scope: scope(of: context.caller), hasher: sealer.hasher)
      // Every condition of a delete is a searchable column, so no row is opened: a locked
      // item is deleted like any other (securityd deletes by its search too).
      // The rowids are gathered as the rows stream, then deleted once the read is over.
      var doomed: [Int64] = []
      try forEachCandidate(filter, reading: .rowIDOnly) { row throws(SecItemFailure) -> Bool in
        if let rowID = row.rowID { doomed.append(rowID) }
        return true
      }
      do throws(ItemStoreError) {
        if !doomed.isEmpty { try database.delete(rowIDs: doomed, in: parsed.itemClass) }
      } catch {
        throw Self.storeFailure(error)
      }
      if query[SecQueryKey.tombstones] == .bool(false) {
        deletedWithoutTombstones += doomed.map { (parsed.itemClass, $0) }
      }
      guard !doomed.isEmpty else {
        throw notFound(parsed, filter: filter, lost: 0, context: context)
      }
      return SecItemOutcome(status: .errSecSuccess)
    }
  }
}
