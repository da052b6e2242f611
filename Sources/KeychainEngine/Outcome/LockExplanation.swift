import DeviceState

/// Failures for a class key that is not available: which item, which class, what the device
/// did, and that the item is fine (the classic 3 a.m. errSecInteractionNotAllowed).
package enum LockExplanation {
  /// Reading or changing a stored item whose class is locked.
  static func locked(
    _ item: SecItemFailure.ItemName, protection: ProtectionClass, securityState: SecurityState,
    action: SecItemFailure.ItemAction
  ) -> SecItemFailure {
    SecItemFailure(
      .errSecInteractionNotAllowed,
      .classLocked(
        item, protection: protection, availability: securityState.availability(of: protection),
        action: action))
  }

  /// Adding an item to a class that is locked.
  static func cannotAdd(
    _ item: SecItemFailure.ItemName, protection: ProtectionClass, securityState: SecurityState
  ) -> SecItemFailure {
    SecItemFailure(
      .errSecInteractionNotAllowed,
      .cannotAdd(
        item, protection: protection, availability: securityState.availability(of: protection)))
  }

  /// Why `protection`'s key is not in memory, in the device's terms.
  package static func reason(_ protection: ProtectionClass, securityState: SecurityState) -> String
  {
    reason(securityState.availability(of: protection))
  }

  /// Why a key with this availability is not in memory.
  static func reason(_ availability: ClassAvailability) -> String {
    switch availability {
    case .unavailable(.beforeFirstUnlock):
      return "the device has restarted and has not been unlocked since, so class A and C "
        + "keys are not in memory (before first unlock)"
    case .unavailable(.lockedPastGrace(let lockedFor)):
      return "the device has been locked for \(lockedFor) and class A keys are discarded "
        + "\(SecurityState.classAGracePeriod) after lock"
    case .unavailable(.noPasscode):
      return "no passcode is set, so this class has no key"
    case .available:
      return "its class key is not in memory"
    }
  }

  /// What to do, for the state that made the key unavailable: before the first unlock no
  /// accessibility but the deprecated Always helps, so AfterFirstUnlock is offered only for a
  /// device that has been unlocked since boot and locked again.
  static func fix(for protection: ProtectionClass, availability: ClassAvailability) -> String {
    switch protection.tier {
    case .a where availability == .unavailable(.beforeFirstUnlock):
      return "retry after the first unlock since boot; before it no accessibility but the "
        + "deprecated kSecAttrAccessibleAlways is readable, so AfterFirstUnlock would not help "
        + "here (it keeps an item readable while the device is locked after that unlock)"
    case .a:
      return "retry after the user unlocks the device; if the app must read it in the "
        + "background or while locked, store it with kSecAttrAccessibleAfterFirstUnlock"
    case .c:
      return "retry after the first unlock since boot; only kSecAttrAccessibleAlways items "
        + "(deprecated) are readable before it"
    case .d:
      return "retry; class D keys are always available"
    }
  }
}
