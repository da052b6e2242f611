import DeviceState
import Devices
import KeychainEngine

/// A mistake in a backup statement: a backup name that does not exist or is taken, or a
/// password given to a backup that has none. Script errors, not device refusals.
public enum BackupError: Error, Sendable, Hashable, CustomStringConvertible {
  case unknownBackup(name: String, known: [String])
  case nameTaken(String)
  /// A backup name must be a word: letters, digits, `-`, `_` or `.`.
  case invalidName(String)
  /// A password with an unencrypted or iCloud backup, which has none.
  case passwordNotUsed(backup: String, kind: BackupKind)
  /// A password for a backup kind that takes none, at creation.
  case passwordNotTaken(BackupKind)

  public var description: String {
    switch self {
    case .unknownBackup(let name, let known):
      "no backup named '\(name)' (backups: \(known.isEmpty ? "none" : known.joined(separator: ", ")))"
    case .nameTaken(let name): "a backup named '\(name)' already exists"
    case .invalidName(let name):
      "'\(name)' is not a backup name: use letters, digits, '-', '_' or '.'"
    case .passwordNotUsed(let backup, let kind):
      "backup '\(backup)' is an \(kind.displayName): it has no password"
    case .passwordNotTaken(let kind):
      "an \(kind.displayName) takes no password; only an encrypted backup has one"
    }
  }
}
