import DeviceState

/// Explanations for a class key that is not available: which item, which class, what the
/// device did, and that the item is fine (the classic 3 a.m. errSecInteractionNotAllowed).
enum LockExplanation {
  /// Reading or changing a stored item whose class is locked.
  static func locked(
    _ itemDescription: String, protection: ProtectionClass, device: Device, action: String
  ) -> SecItemFailure {
    SecItemFailure(
      .errSecInteractionNotAllowed,
      "\(action) \(itemDescription), which is \(protection.appleName) (class "
        + "\(protection.rawValue)); \(reason(protection, device: device)); this is not "
        + "corruption, do not delete the item",
      fix: fix(for: protection))
  }

  /// Adding an item to a class that is locked.
  static func cannotAdd(
    _ itemDescription: String, protection: ProtectionClass, device: Device
  ) -> SecItemFailure {
    SecItemFailure(
      .errSecInteractionNotAllowed,
      "cannot add \(itemDescription) as \(protection.appleName) (class \(protection.rawValue)): "
        + reason(protection, device: device),
      fix: fix(for: protection))
  }

  /// Why `protection`'s key is not in memory, in the device's terms.
  static func reason(_ protection: ProtectionClass, device: Device) -> String {
    switch device.availability(of: protection) {
    case .unavailable(.beforeFirstUnlock):
      return "the device has restarted and has not been unlocked since, so class A and C "
        + "keys are not in memory (before first unlock)"
    case .unavailable(.lockedPastGrace(let lockedFor)):
      return "the device has been locked for \(lockedFor) and class A keys are discarded "
        + "\(Device.classAGracePeriod) after lock"
    case .unavailable(.noPasscode):
      return "no passcode is set, so this class has no key"
    case .available:
      return "its class key is not in memory"
    }
  }

  private static func fix(for protection: ProtectionClass) -> String {
    switch protection.tier {
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
