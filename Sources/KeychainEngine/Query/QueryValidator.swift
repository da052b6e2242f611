import DeviceState
import Foundation
import ItemStore

/// Runs every check on a SecItem call's dictionaries in the order Apple reaches them
/// (docs/evidence.md §10): the client library's own checks, then the daemon's entitlement check,
/// internal attributes, the explicit access group, parsing, and the per-function acceptance rules
/// (evidence §2.4).
package struct QueryValidator {
  let policy: AccessGroupPolicy
  private let parser = QueryParser()

  init(caller: Caller) {
    self.policy = AccessGroupPolicy(caller: caller)
  }

  /// Validates the dictionary of SecItemAdd, SecItemCopyMatching or SecItemDelete.
  func validate(_ query: SecQuery, as function: SecItemFunction) throws(SecItemFailure)
    -> ParsedQuery
  {
    try validate(query, as: function, holding: CheckedKeys(query))
  }

  /// ``validate(_:as:)`` with `query`'s checked keys, found by a caller that read them first.
  func validate(_ query: SecQuery, as function: SecItemFunction, holding keys: CheckedKeys)
    throws(SecItemFailure) -> ParsedQuery
  {
    try ClientChecks.check(query, as: function, holding: keys)
    try policy.requireEntitlements(function)
    try Self.rejectInternalAttributes(query, holding: keys)
    try checkExplicitGroup(query, as: function, holding: keys)
    let parsed = try parser.parse(query, as: function, holding: keys)
    try AcceptanceRules.check(parsed)
    return parsed
  }

  /// Validates both dictionaries of SecItemUpdate.
  func validateUpdate(_ query: SecQuery, _ attributes: SecQuery) throws(SecItemFailure)
    -> (query: ParsedQuery, attributes: ParsedQuery)
  {
    let queryKeys = CheckedKeys(query)
    let attributeKeys = CheckedKeys(attributes)
    try ClientChecks.check(query, as: .update, holding: queryKeys)
    try ClientChecks.check(attributes, as: .attributesToUpdate, holding: attributeKeys)
    try policy.requireEntitlements(.update)
    try Self.rejectInternalAttributes(query, holding: queryKeys)
    try Self.rejectInternalAttributes(attributes, holding: attributeKeys)
    try checkExplicitGroup(query, as: .update, holding: queryKeys)
    try checkExplicitGroup(attributes, as: .attributesToUpdate, holding: attributeKeys)
    let parsedQuery = try parser.parse(query, as: .update, holding: queryKeys)
    try AcceptanceRules.check(parsedQuery)
    try AcceptanceRules.checkUpdateKeys(attributes)
    let parsedAttributes = try parser.parse(
      attributes, as: .attributesToUpdate, itemClass: parsedQuery.itemClass)
    return (parsedQuery, parsedAttributes)
  }

  // MARK: - Daemon pre-checks

  /// `queryHasValidAttributes` (SecItemServer.c l.2480): apps may not pass internal attributes.
  private static func rejectInternalAttributes(_ query: SecQuery, holding keys: CheckedKeys)
    throws(SecItemFailure)
  {
    guard keys.contains(.appClipItem), query[.appClipItem] != nil else { return }
    throw SecItemFailure(.errSecParam, .internalAttribute(.appClipItem))
  }

  private func checkExplicitGroup(
    _ query: SecQuery, as function: SecItemFunction, holding keys: CheckedKeys
  ) throws(SecItemFailure) {
    guard keys.contains(.accessGroup) else { return }
    switch query[.accessGroup] {
    case .string(let group)?:
      try policy.check(explicit: group, in: function)
    case .data(let bytes)?:
      // The daemon converts CFData to a string for this String attribute; check that too.
      guard let group = String(data: bytes, encoding: .utf8) else { return }
      try policy.check(explicit: group, in: function)
    default:
      return
    }
  }
}
