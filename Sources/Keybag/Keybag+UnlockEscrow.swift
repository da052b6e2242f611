import DeviceState

/// The class A and C keys wrapped under a random in-memory key, made at each passcode entry.
///
/// A biometric unlock of the lock screen must load the class keys without the passcode. On a
/// real device the Secure Enclave keeps the passcode-derived material after the first unlock
/// and releases it on a biometric match ([APS] "Touch ID, Face ID, passcodes, and passwords":
/// the class A key is wrapped with a key given to the Secure Enclave at unlock). Here the
/// escrow plays that part: never persisted, dropped at reboot and when the passcode is removed,
/// so after a restart only the passcode unlocks (docs/fidelity.md, "Biometric unlock of the
/// lock screen loads the class keys from an in-memory escrow").
struct UnlockEscrow {
  let key: SecretBytes
  let wrapped: [ProtectionClass: WrappedClassKey]
}

extension Keybag {
  /// Whether a biometric unlock could load the class keys now.
  public var hasUnlockEscrow: Bool { unlockEscrow != nil }

  /// Wraps `keys` under a fresh random key, replacing any previous escrow.
  func makeUnlockEscrow(_ keys: [ProtectionClass: ClassKeyMaterial]) {
    let escrowKey = Sodium.randomKey()
    var wrapped: [ProtectionClass: WrappedClassKey] = [:]
    for (protectionClass, material) in keys {
      wrapped[protectionClass] = .wrap(
        material.key, id: material.id, as: protectionClass, under: escrowKey)
    }
    unlockEscrow = UnlockEscrow(key: escrowKey, wrapped: wrapped)
  }

  /// Loads every escrowed class key; does nothing without an escrow (the device then stays
  /// undecryptable, which the state machine prevents by refusing a biometric unlock after a
  /// reboot).
  func restoreFromUnlockEscrow() {
    guard let escrow = unlockEscrow else { return }
    for (protectionClass, stored) in escrow.wrapped where wrapped[protectionClass] != nil {
      let key: SecretBytes
      do {
        key = try stored.unwrap(as: protectionClass, with: escrow.key)
      } catch {
        // The escrow lives only in memory and was wrapped by this keybag with this key: a
        // failure is a simulator bug, caught in debug builds; the class then stays locked,
        // which reads report as errSecInteractionNotAllowed rather than leaking anything.
        assertionFailure("the escrowed \(protectionClass.rawValue) key does not unwrap")
        continue
      }
      loaded[protectionClass]?.wipe()
      loaded[protectionClass] = key
    }
  }
}
