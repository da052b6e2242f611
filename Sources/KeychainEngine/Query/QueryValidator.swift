import DeviceState
import Foundation
import ItemStore

/// Runs every check on a SecItem call's dictionaries in the order Apple reaches them
/// (docs/evidence.md §10): the client library's own checks, then the daemon's entitlement check,
/// internal attributes, the explicit access group, parsing, and the per-function acceptance rules
/// (evidence §2.4).
///
/// Static, the caller borrowed: a validator instance stored its caller (``AccessGroupPolicy``),
/// so making one copied the whole caller, and tore the copy down, on every call (about 0.3k
/// instructions, issue 29). The caller is copied only to check an explicit access group.
package enum QueryValidator {
  /// Validates the dictionary of SecItemAdd, SecItemCopyMatching or SecItemDelete as `caller`.
  static func validate(
    _ query: SecQuery, as function: SecItemFunction, caller: borrowing Caller
  ) throws(SecItemFailure) -> ParsedQuery {
    try validate(query, as: function, holding: CheckedKeys(query), caller: caller)
  }

  /// ``validate(_:as:caller:)`` with `query`'s checked keys, found by a caller that read them
  /// first.
  static func validate(
    _ query: SecQuery, as function: SecItemFunction, holding keys: CheckedKeys,
    caller: borrowing Caller
  ) throws(SecItemFailure) -> ParsedQuery {
    try ClientChecks.check(query, as: function, holding: keys)
    try AccessGroupPolicy.requireEntitlements(function, of: caller)
    try rejectInternalAttributes(query, holding: keys)
    if keys.contains(.accessGroup) {
      try AccessGroupPolicy(caller: copy caller).checkExplicitGroup(query, as: function)
    }
    let parsed = try QueryParser().parse(query, as: function, holding: keys)
    try AcceptanceRules.check(parsed)
    return parsed
  }

  /// Validates both dictionaries of SecItemUpdate as `caller`, up to parsing `attributes`,
  /// which ``parseUpdateAttributes(_:for:)`` does next: the parsed query.
  ///
  /// Each parsed query is returned alone, as it is made: returned together in a tuple, one was
  /// copied whole through its value witness and the original torn down (the parsed query
  /// holds a resilient `Data`, so the copy is the run time's generic one; issue 29).
  static func validateUpdate(
    _ query: SecQuery, _ attributes: SecQuery, caller: borrowing Caller
  ) throws(SecItemFailure) -> ParsedQuery {
    let queryKeys = CheckedKeys(query)
    let attributeKeys = CheckedKeys(attributes)
    try ClientChecks.check(query, as: .update, holding: queryKeys)
    try ClientChecks.check(attributes, as: .attributesToUpdate, holding: attributeKeys)
    try AccessGroupPolicy.requireEntitlements(.update, of: caller)
    try rejectInternalAttributes(query, holding: queryKeys)
    try rejectInternalAttributes(attributes, holding: attributeKeys)
    if queryKeys.contains(.accessGroup) {
      try AccessGroupPolicy(caller: copy caller).checkExplicitGroup(query, as: .update)
    }
    if attributeKeys.contains(.accessGroup) {
      try AccessGroupPolicy(caller: copy caller).checkExplicitGroup(
        attributes, as: .attributesToUpdate)
    }
    let parsedQuery = try QueryParser().parse(query, as: .update, holding: queryKeys)
    try AcceptanceRules.check(parsedQuery)
    try AcceptanceRules.checkUpdateKeys(attributes)
    return parsedQuery
  }

  /// The last step of validating SecItemUpdate's dictionaries, after
  /// ``validateUpdate(_:_:caller:)``: `attributes` parsed for `itemClass`, the class of the
  /// query it accepted.
  static func parseUpdateAttributes(
    _ attributes: SecQuery, for itemClass: ItemClass
  ) throws(SecItemFailure) -> ParsedQuery {
    try QueryParser().parse(attributes, as: .attributesToUpdate, itemClass: itemClass)
  }

  // MARK: - Daemon pre-checks

  /// `queryHasValidAttributes` (SecItemServer.c l.2480): apps may not pass internal attributes.
  private static func rejectInternalAttributes(_ query: SecQuery, holding keys: CheckedKeys)
    throws(SecItemFailure)
  {
    guard keys.contains(.appClipItem), query[.appClipItem] != nil else { return }
    throw SecItemFailure(.errSecParam, .internalAttribute(.appClipItem))
  }
}
