import DeviceState
import Foundation
import ItemStore

extension SecItemEngine {
  /// SecItemCopyMatching: visits matching rows in insertion order until the limit (default 1),
  /// opening each; a locked row fails the whole call (docs/evidence.md §4).
  package func copyMatching(_ query: SecQuery, context: Context) -> SecItemOutcome {
    // The identity class is found in the validator's pass over the keys, not looked up.
    let keys = CheckedKeys(query)
    if keys.contains(.identityClass) {
      return identity(query, as: .copyMatching, context: context)
    }
    return outcome { () throws(SecItemFailure) in
      let parsed = try QueryValidator.validate(
        query, as: .copyMatching, holding: keys, caller: context.caller)
      try Self.requireSimulatedReturns(parsed)
      // The caller's scope, looked up once for the search and, on a miss, its failure.
      let callerScope = callerScope(of: context.caller)
      let filter = RowFilter(parsed, scope: callerScope.scope, hasher: sealer.hasher)
      let limit = parsed.limit ?? .count(1)
      // A single object needs no array: making one and growing it was an allocation more
      // for the first match of every copy (issue 29).
      let single = limit.returnsSingleObject
      var first: SecValue?
      var results: [SecValue] = []
      var matched = 0
      var lost: [Int64] = []
      var skipped = 0
      var visited = 0
      // Returning the secret alone needs no attribute of an item without access control.
      let secretOnly = parsed.returns == .data
      // Rows stream from the store and the visit stops at the limit; rows that can never be
      // opened are gathered by rowid and dropped once the read is over. Each row's sealed
      // columns are opened where SQLite holds them (`sealed`), during this closure only.
      try forEachCandidate(filter) { row, sealed throws(SecItemFailure) -> Bool in
        if limit.isReached(matched: matched, visited: visited) { return false }
        let identity = ItemSealer.identity(of: row)
        // An item without access control is read without being made: it needs no user, and
        // its secret is the whole result (`ResultBuilder.value(for:returns:)`).
        if secretOnly, !sealed.contains(ItemClass.accessControlColumn) {
          visited += 1
          switch try openSecretAlone(
            row, sealed: sealed, identity: identity, filter: filter, context: context,
            action: .read)
          {
          case .opened(let data):
            matched += 1
            if !single {
              results.append(ResultBuilder.secret(data))
            } else if first == nil {
              first = ResultBuilder.secret(data)
            }
          case .lost:
            lost.append(row.rowID ?? -1)
          }
          return !limit.isReached(matched: matched, visited: visited)
        }
        var item: KeychainItem
        switch try visit(
          row, sealed: sealed, identity: identity, filter: filter, context: context,
          action: .read)
        {
        case .matched(let opened): item = opened
        case .lost:
          visited += 1
          lost.append(row.rowID ?? -1)
          return !limit.isReached(matched: matched, visited: visited)
        }
        visited += 1
        guard try Self.mayRead(item, parsed, context: context) else {
          skipped += 1
          return !limit.isReached(matched: matched, visited: visited)
        }
        if ResultBuilder.needsData(parsed.returns, itemClass: parsed.itemClass) {
          guard
            case .opened(let data) = try openData(
              row, sealed: sealed, identity: identity, filter: filter, context: context,
              action: .read)
          else {
            lost.append(row.rowID ?? -1)
            return !limit.isReached(matched: matched, visited: visited)
          }
          item.data = data
        }
        matched += 1
        if let value = ResultBuilder.value(for: item, returns: parsed.returns) {
          if !single {
            results.append(value)
          } else if first == nil {
            first = value
          }
        }
        return !limit.isReached(matched: matched, visited: visited)
      }
      try dropLost(lost, in: parsed.itemClass)
      guard matched > 0 else {
        throw notFound(
          parsed, filter: filter, lost: lost.count, skipped: skipped, context: context,
          callerScope: callerScope)
      }
      let result: SecValue? = single ? first : .array(results)
      return Self.success(result: result, dropped: lost.count)
    }
  }

  /// Whether `item` may be read. securityd decrypts the secret of every item with ACL
  /// constraints it visits, even for attribute-only or existence queries (docs/evidence.md §7.1),
  /// so an item whose access control needs Face ID, Touch ID or the passcode goes through the
  /// authentication flow; with kSecUseAuthenticationUISkip it is read only when the given context
  /// already holds what it needs, and skipped otherwise (no prompt either way).
  private static func mayRead(_ item: KeychainItem, _ parsed: ParsedQuery, context: Context)
    throws(SecItemFailure) -> Bool
  {
    guard item.requiresUserAuthentication else { return true }
    if parsed.authenticationUI == .skip {
      return context.authorize(item, parsed, .read) == nil
    }
    if let failure = context.authorize(item, parsed, .read) { throw failure }
    return true
  }
}
