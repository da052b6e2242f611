import DeviceState
import ItemStore

/// kSecClassIdentity in SecItemCopyMatching and SecItemDelete.
///
/// securityd knows the class (`kc_class_with_name` → `identity_class()`, SecDbQuery.c) and
/// answers an identity search by joining each certificate with the private key whose label is
/// the certificate's public key hash; with no certificate there is nothing to join, and the
/// call returns errSecItemNotFound like any other class. The simulator stores no identities of
/// its own, so it answers that case and reports the join itself as not simulated.
extension SecItemEngine {
  /// The outcome of an identity search or delete: -25300 when the caller sees no certificate,
  /// else the join that is not simulated.
  func identity(_ query: SecQuery, as function: SecItemFunction, context: Context)
    -> SecItemOutcome
  {
    outcome { () throws(SecItemFailure) in
      var certificates: SecQuery = [SecQueryKey.itemClass.rawValue: .string("cert")]
      for name in [AttributeName.accessGroup, .synchronizable] {
        if let value = query[name] { certificates[name] = value }
      }
      let parsed = try QueryValidator.validate(
        certificates, as: function, caller: context.caller)
      let filter = RowFilter(parsed, scope: scope(of: context.caller), hasher: sealer.hasher)
      var found = false
      try forEachCandidate(filter, reading: .rowIDOnly) { _ throws(SecItemFailure) -> Bool in
        found = true
        return false
      }
      guard found else {
        throw SecItemFailure(
          .errSecItemNotFound,
          .noIdentity(
            searchedGroups: filter.accessGroups == nil ? nil : context.caller.accessGroups))
      }
      throw SecItemFailure.unsupported(.identityClass)
    }
  }
}
