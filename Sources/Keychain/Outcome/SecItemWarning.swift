/// A SecItem call that succeeded but did something a developer would not expect, as data;
/// ``SecItemFailureRenderer`` words it as a warning ``Explanation``.
enum SecItemWarning: Sendable, Hashable {
  /// SecItemAdd with a kSecMatch key (or kSecUseItemList): securityd skips the insert and
  /// reports success (fact sheet §2.4 Note A). `key` is the raw key that caused it.
  case addIgnored(key: String)

  /// The successful outcome carrying this warning.
  var outcome: SecItemOutcome {
    var outcome = SecItemOutcome(
      status: .errSecSuccess, result: nil,
      explanation: SecItemFailureRenderer.explanation(of: self))
    outcome.warning = self
    return outcome
  }
}

extension SecItemFailureRenderer {
  static func explanation(of warning: SecItemWarning) -> Explanation {
    switch warning {
    case .addIgnored(let key):
      Explanation(
        cause: "SecItemAdd was given \(KeyName.of(key)); securityd rejects match keys in an "
          + "add internally but reports success, so NOTHING WAS STORED (a later "
          + "SecItemCopyMatching returns errSecItemNotFound)",
        fix: "remove \(KeyName.of(key)) from the add dictionary; kSecMatch keys are for "
          + "searches only",
        isWarning: true)
    }
  }
}
