import DeviceState

/// Why an item did not move with a backup, a restore or a transfer. The one place that words
/// it is ``explanation``.
public enum BackupOmission: Sendable, Hashable {
  /// `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`: never backed up
  /// (docs/evidence.md §11, fact 30).
  case akpu
  /// Reading it needs Face ID, Touch ID or the passcode (its access control): the backup
  /// export skips such items (fact 30, MED).
  case needsAuthentication
  /// A deletion marker, not an item: never backed up (fact 30, MED).
  case tombstone
  /// A Secure Enclave key (a token item, `tkid`): never backed up or restored; its key is
  /// sealed by this device's enclave (SecItemDb.c: "The same applies to SEP-based keys").
  case secureEnclaveKey
  /// A ThisDeviceOnly item, sealed to the UID of `origin`, on another device (fact 27).
  case thisDeviceOnly(origin: String)
  /// An unencrypted or iCloud backup of `origin`, restored on another device (facts 26, 28).
  case sameDeviceBackup(BackupKind, origin: String)
  /// A restore that met a copy on the device at least as new (fact 31): `newer` when the
  /// device's copy was modified later, else at the same moment.
  case deviceCopyKept(newer: Bool)
  /// The item cannot be opened (damaged, or its key destroyed).
  case unreadable

  /// Why it did not move, in the transcript's words.
  public var explanation: String {
    switch self {
    case .akpu:
      "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly items are never backed up or migrated"
    case .needsAuthentication:
      "its access control needs Face ID, Touch ID or the passcode to read it; such items are "
        + "never backed up or migrated"
    case .tombstone:
      "a deletion marker (tombstone); tombstones are never backed up"
    case .secureEnclaveKey:
      "a Secure Enclave key: its private key never leaves this device's Secure Enclave, so "
        + "it is never backed up or migrated; the app must make a new key on the new device"
    case .thisDeviceOnly(let origin):
      "ThisDeviceOnly: it stays sealed to the UID of '\(origin)' and never moves to another "
        + "device"
    case .sameDeviceBackup(let kind, let origin):
      "an \(kind.displayName) keeps the keychain under the UID of '\(origin)': it restores "
        + "only to that device (use an encrypted backup to move items)"
    case .deviceCopyKept(let newer):
      newer
        ? "the device's own copy was modified later, and the newer copy wins"
        : "the device's own copy was modified at the same moment; it stays as it is"
    case .unreadable:
      "the item cannot be opened (damaged, or its class key was destroyed)"
    }
  }
}
