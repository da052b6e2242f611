import DeviceState

/// Why the keybag refused. Never carries key bytes, passcodes or plaintext.
public enum KeybagError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The passcode did not unwrap the class keys (the Argon2id-derived key failed the AEAD).
  case wrongPasscode
  /// A passcode operation on a keybag with no passcode.
  case noPasscode
  /// `setPasscode` when a passcode is already set.
  case passcodeAlreadySet
  /// An empty passcode, which would be indistinguishable from "no passcode".
  case emptyPasscode
  /// The class key exists but is not in memory (device locked or before first unlock).
  case classUnavailable(ProtectionClass)
  /// The class has no key at all: `akpu` while no passcode is set.
  case noClassKey(ProtectionClass)
  /// The item was sealed with a class key that has been destroyed (an `akpu` key, when the
  /// passcode was removed); it can never be opened again.
  case keyDestroyed
  /// The sealed bytes do not verify: tampered, truncated, or opened with the wrong context or
  /// class.
  case authenticationFailed
  /// A persisted keybag that cannot be read; the message says what and where.
  case corrupt(String)
  /// Argon2id could not run (libsodium refused the parameters or ran out of memory).
  case keyDerivationFailed

  public var description: String {
    switch self {
    case .wrongPasscode: "wrong passcode"
    case .noPasscode: "no passcode is set"
    case .passcodeAlreadySet: "a passcode is already set"
    case .emptyPasscode: "the passcode is empty"
    case .classUnavailable(let c): "the \(c.appleName) class key is not available"
    case .noClassKey(let c): "there is no \(c.appleName) class key (no passcode is set)"
    case .keyDestroyed: "the class key this item was sealed with has been destroyed"
    case .authenticationFailed: "the sealed data failed authentication"
    case .corrupt(let message): "corrupt keybag: \(message)"
    case .keyDerivationFailed: "the passcode key derivation (Argon2id) failed"
    }
  }
}
