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
  func delete(_ query: SecQuery, context: Context) -> SecItemOutcome {
    if query[SecQueryKey.itemClass] == .string(QueryParser.identityClass) {
      return identity(query, as: .delete, context: context)
    }
    return outcome { () throws(SecItemFailure) in
      let parsed = try QueryValidator(caller: context.caller).validate(query, as: .delete)
      let filter = RowFilter(parsed, caller: context.caller, hasher: sealer.hasher)
      var doomed: [Int64] = []
      var lost = 0
      for row in try candidates(filter) {
        guard let rowID = row.rowID else { continue }
        guard filter.hasSealedConditions else {
          doomed.append(rowID)
          continue
        }
        switch try visit(row, filter: filter, context: context, action: .delete) {
        case .matched: doomed.append(rowID)
        case .filteredOut: continue
        case .lost:
          lost += 1
          doomed.append(rowID)
        }
      }
      do throws(ItemStoreError) {
        if !doomed.isEmpty { try database.delete(rowIDs: doomed, in: parsed.itemClass) }
      } catch {
        throw Self.storeFailure(error)
      }
      // Only rows that could never be opened were deleted: to the caller, nothing matched.
      guard doomed.count > lost else {
        throw notFound(parsed, filter: filter, lost: lost, context: context)
      }
      return Self.success(dropped: lost)
    }
  }
}
