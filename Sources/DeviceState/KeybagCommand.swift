/// Keybag work implied by a device event, returned as a value for the caller to carry out.
///
/// `Device.handle(_:)` never touches key material; the keychain facade passes these to
/// `Keybag.apply(_:)`.
public enum KeybagCommand: Equatable, Hashable, Sendable {
  /// Wipe these classes' keys from memory; they come back at the next unlock.
  case discardClassKeys(Set<ProtectionClass>)
  /// Destroy this class's key for good: items sealed with it can never be opened again.
  case destroyClassKey(ProtectionClass)
  /// Load class A and C keys from the in-memory unlock escrow made at the last passcode entry
  /// (a biometric unlock of the lock screen).
  case restoreClassKeysFromUnlockEscrow
  /// Forget the unlock escrow: after a reboot only the passcode can unlock.
  case discardUnlockEscrow
}
