import DeviceState
import Foundation
import ItemStore
import Keybag

/// Opening the rows a search visits, with Apple's rules for the ones that cannot be opened
/// (docs/evidence.md §4): a locked row fails the whole call with errSecInteractionNotAllowed; a row
/// that can never be opened (its `akpu` key destroyed, or tampered with) is skipped and
/// dropped, as securityd deletes corrupt items.
extension SecItemEngine {
  package enum RowVisit {
    case matched(KeychainItem)
    case lost
  }

  /// `identity` is the row's ``ItemSealer/identity(of:)``, computed once by a caller that
  /// also opens the row's secret.
  ///
  /// `sealed`: where the row's sealed columns are read, the row's own by default, or SQLite's
  /// memory during a streaming read (``forEachCandidate(_:borrowing:)``).
  func visit(
    _ row: ItemRow, sealed: SealedColumnReader? = nil, identity: [UInt8], filter: RowFilter,
    context: Context, action: SecItemFailure.ItemAction
  ) throws(SecItemFailure) -> RowVisit {
    let sealed = sealed ?? row.sealedReader
    do {
      return .matched(try sealer.openAttributes(row, sealed: sealed, identity: identity))
    } catch {
      return try unopenable(row, filter: filter, error: error, context: context, action: action)
    }
  }

  /// Opens the secret of an already-visited row: `.lost` when it can never be opened.
  func openData(
    _ row: ItemRow, sealed: SealedColumnReader? = nil, identity: [UInt8], filter: RowFilter,
    context: Context, action: SecItemFailure.ItemAction
  ) throws(SecItemFailure) -> DataOpening {
    let sealed = sealed ?? row.sealedReader
    return try opening(row, filter: filter, context: context, action: action) {
      () throws(KeybagError) in try sealer.openData(row, sealed: sealed, identity: identity)
    }
  }

  /// Opens the secret alone of a row without access control, its attributes authenticated
  /// but not decoded (``ItemSealer/openSecretAlone(_:sealed:identity:)``), for a read that
  /// returns nothing else: `.lost` when the row can never be opened. The same rows match,
  /// lock and are lost as when the row is visited and its secret then opened.
  func openSecretAlone(
    _ row: ItemRow, sealed: SealedColumnReader, identity: [UInt8], filter: RowFilter,
    context: Context, action: SecItemFailure.ItemAction
  ) throws(SecItemFailure) -> DataOpening {
    try opening(row, filter: filter, context: context, action: action) {
      () throws(KeybagError) in try sealer.openSecretAlone(row, sealed: sealed, identity: identity)
    }
  }

  /// What `open` opens of `row`, or `.lost` when the row can never be opened; a locked row
  /// fails the call (``unopenable(_:filter:error:context:action:)``).
  private func opening(
    _ row: ItemRow, filter: RowFilter, context: Context, action: SecItemFailure.ItemAction,
    _ open: () throws(KeybagError) -> Data?
  ) throws(SecItemFailure) -> DataOpening {
    do {
      return .opened(try open())
    } catch {
      _ = try unopenable(row, filter: filter, error: error, context: context, action: action)
      return .lost
    }
  }

  package enum DataOpening {
    case opened(Data?)
    case lost
  }

  /// A locked row is named by the query's values: the filter selected it, so it holds the
  /// same bytes (its own values are sealed).
  func unopenable(
    _ row: ItemRow, filter: RowFilter, error: KeybagError, context: Context,
    action: SecItemFailure.ItemAction
  ) throws(SecItemFailure) -> RowVisit {
    switch error {
    case .classUnavailable(let protection):
      throw LockExplanation.locked(
        SecItemFailure.ItemName(row.itemClass, plain: filter.queried.dictionary), protection: protection,
        securityState: context.securityState, action: action
      )
    default:
      return .lost
    }
  }

  /// Deletes the rows of `itemClass` with these rowids, which can never be opened again, as
  /// securityd does with corrupt items. Called once the read that found them is over.
  /// - Throws: the store's failure (errSecInternal): the rows must not be reported dropped
  ///   while they are still stored.
  func dropLost(_ rowIDs: [Int64], in itemClass: ItemClass) throws(SecItemFailure) {
    for rowID in rowIDs {
      do throws(ItemStoreError) {
        try database.delete(rowIDs: [rowID], in: itemClass)
      } catch {
        throw Self.storeFailure(error)
      }
    }
  }

  /// The success of a call that dropped `count` rows it could never open, warning about them
  /// so the transcript says so (securityd only logs it).
  static func success(result: SecValue? = nil, dropped count: Int) -> SecItemOutcome {
    guard count > 0 else { return SecItemOutcome(status: .errSecSuccess, result: result) }
    return SecItemWarning.undecryptableRowsDropped(count: count).outcome(result: result)
  }

  /// errSecItemNotFound, with what was searched, the rows that could never be opened, and
  /// the most specific near miss (``NotFoundDiagnosis``); `skipped` counts the matches
  /// kSecUseAuthenticationUISkip skipped. The near misses are worked out when first read, or
  /// before the store or the class keys next change (``PendingDiagnoses``), so they describe
  /// the keychain as it was at the call.
  ///
  /// `callerScope`: the caller's entry in the scope cache, when the caller already looked it
  /// up for the search (each look-up compares the whole caller, issue 29).
  ///
  /// `filter` is consumed: it moves into the diagnosis, where a caller done with it copied it
  /// and tore its own copy down (issue 29). Read before it moves.
  func notFound(
    _ query: ParsedQuery, filter: consuming RowFilter, lost: Int, skipped: Int = 0,
    context: Context, callerScope known: ScopeEntry? = nil
  ) -> SecItemFailure {
    // The caller's groups, looked up once for the failure and its diagnosis.
    let callerScope = known ?? callerScope(of: context.caller)
    let itemClass = query.itemClass
    let diagnosis = NotFoundDiagnosis(
      engine: self, query: query, filter: filter, skipped: skipped, context: context,
      callerScope: callerScope)
    return SecItemFailure(
      .errSecItemNotFound,
      .itemNotFound(
        SecItemFailure.NotFound(itemClass: itemClass, lost: lost, deferred: diagnosis)))
  }
}
