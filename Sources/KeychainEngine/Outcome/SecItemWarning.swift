import DeviceState

/// A SecItem call that succeeded but did something a developer would not expect, as data;
/// ``SecItemFailureRenderer`` words it as a warning ``Explanation``.
package enum SecItemWarning: Sendable, Hashable {
  /// SecItemAdd with a kSecMatch key (or kSecUseItemList): securityd skips the insert and
  /// reports success (docs/evidence.md §2.4 Note A). `key` is the raw key that caused it.
  case addIgnored(key: String)
  /// Matching rows that could never be decrypted again (an akpu item whose key was destroyed
  /// with the passcode, or a damaged row) were dropped, as securityd does; it only logs this.
  case undecryptableRowsDropped(count: Int)

  /// The successful outcome carrying this warning.
  var outcome: SecItemOutcome { outcome(result: nil) }

  /// The successful outcome returning `result` and carrying this warning.
  func outcome(result: SecValue?) -> SecItemOutcome {
    SecItemOutcome(
      result: result, warning: self, explanation: SecItemFailureRenderer.explanation(of: self))
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
    case .undecryptableRowsDropped(let count):
      Explanation(
        cause: "\(count) matching item(s) could never be decrypted again (a "
          + "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly item whose key was destroyed when "
          + "the passcode was removed, or a damaged item) and were dropped, as securityd does",
        isWarning: true)
    }
  }
}
