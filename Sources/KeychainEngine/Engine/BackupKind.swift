import DeviceState

/// How a backup was made, which decides where its items can be restored
/// (docs/evidence.md §11, facts 26-28).
public enum BackupKind: String, Sendable, Hashable, CaseIterable {
  /// A Finder/iTunes backup with "Encrypt local backup" on: protected by a backup password,
  /// its items other than ThisDeviceOnly restore on any device (fact 26).
  case encrypted
  /// A Finder/iTunes backup without a password: its keychain stays under the device's UID
  /// and restores only to the same device (fact 26).
  case unencrypted
  /// An iCloud Backup: the keychain stays under a UID-tangled key, same device only
  /// (fact 28, MED; the contrary field report is a recorded choice in docs/fidelity.md,
  /// "Backup, restore and a new phone").
  case icloud

  /// The name the transcript uses.
  public var displayName: String {
    switch self {
    case .encrypted: "encrypted backup"
    case .unencrypted: "unencrypted backup"
    case .icloud: "iCloud backup"
    }
  }
}
