import DeviceState
import Foundation
import ItemStore

extension SecItemEngine {
  /// SecItemCopyMatching: visits matching rows in insertion order until the limit (default 1),
  /// opening each; a locked row fails the whole call (fact sheet §4).
  func copyMatching(_ query: SecQuery, context: Context) -> SecItemOutcome {
    outcome { () throws(SecItemFailure) in
      let parsed = try QueryValidator(caller: context.caller).validate(query, as: .copyMatching)
      try Self.requireSimulatedReturns(parsed)
      let filter = RowFilter(parsed, caller: context.caller)
      let limit = parsed.limit ?? .count(1)
      var results: [SecValue] = []
      var matched = 0
      var lost: [ItemRow] = []
      defer { dropLost(lost) }
      for row in try candidates(filter) {
        if case .count(let count) = limit, matched >= count { break }
        var item: KeychainItem
        switch try visit(row, filter: filter, context: context, action: "cannot read") {
        case .matched(let opened): item = opened
        case .filteredOut: continue
        case .lost:
          lost.append(row)
          continue
        }
        guard try Self.mayRead(item, parsed) else { continue }
        if parsed.returns.contains(.data) {
          guard case .opened(let data) = try openData(row, context: context, action: "cannot read")
          else {
            lost.append(row)
            continue
          }
          item.data = data
        }
        matched += 1
        if let value = ResultBuilder.value(for: item, returns: parsed.returns) {
          results.append(value)
        }
      }
      guard matched > 0 else {
        throw notFound(parsed, filter: filter, lost: lost.count, context: context)
      }
      let result: SecValue? = limit.returnsSingleObject ? results.first : .array(results)
      return SecItemOutcome(status: .errSecSuccess, result: result)
    }
  }

  /// Whether `item` can be read without the user. securityd decrypts the secret of every item
  /// with ACL constraints it visits, even for attribute-only or existence queries (fact sheet
  /// §7.1), so an item whose access control needs Face ID, Touch ID or the passcode is skipped
  /// with kSecUseAuthenticationUISkip, fails with kSecUseAuthenticationUIFail, and is not
  /// simulated otherwise yet.
  private static func mayRead(_ item: KeychainItem, _ parsed: ParsedQuery)
    throws(SecItemFailure) -> Bool
  {
    guard item.requiresUserAuthentication else { return true }
    switch parsed.authenticationUI {
    case "u_AuthUIS":
      return false
    case "u_AuthUIF":
      throw SecItemFailure(
        .errSecInteractionNotAllowed,
        "reading \(ItemDescription.of(item)) needs user authentication "
          + "(its kSecAttrAccessControl requires it) and kSecUseAuthenticationUIFail forbids "
          + "showing the prompt",
        fix: "allow the prompt, or authenticate first with an LAContext passed as "
          + "kSecUseAuthenticationContext")
    default:
      throw SecItemFailure.unsupported(
        "reading an item whose access control requires user authentication "
          + "(\(item.accessControl.map { FlagNames.describe($0.flags) } ?? "")); biometry and "
          + "passcode prompts arrive with the biometry issue",
        fix: "use kSecUseAuthenticationUISkip to leave such items out of the search")
    }
  }
}
