/// Keybag work implied by a device event, returned as a value for the caller to carry out.
///
/// `Device.handle(_:)` never touches key material; the keychain facade passes these to
/// `Keybag.apply(_:)`.
public enum KeybagCommand: Equatable, Hashable, Sendable {
  /// Wipe these classes' keys from memory; they come back at the next unlock.
  case discardClassKeys(Set<ProtectionClass>)
  /// Destroy this class's key for good: items sealed with it can never be opened again.
  case destroyClassKey(ProtectionClass)
}
