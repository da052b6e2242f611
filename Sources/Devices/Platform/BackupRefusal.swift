import DeviceState
import KeychainEngine

/// Why a backup, a restore or a transfer was refused; nothing changed on any device.
public enum BackupRefusal: Sendable, Hashable {
  /// Backups and Quick Start are for iPhone and iPad here.
  case unsupportedPlatform(DevicePlatform)
  /// An iCloud Backup needs the device signed into an Apple Account.
  case iCloudNeedsAccount
  /// An encrypted backup needs a password to make or to restore.
  case passwordNeeded(backup: String)
  case wrongPassword(backup: String)
  /// Items of these classes could not be read or written: the device is locked.
  case deviceLocked(device: String, classes: [String])
  /// A device cannot transfer to itself.
  case transferToItself(String)

  public var explanation: Explanation {
    switch self {
    case .unsupportedPlatform(let platform):
      Explanation(
        cause: "the simulator backs up, restores and migrates iPhones and iPads; this is an "
          + platform.displayName,
        fix: "`device use` an iPhone or an iPad")
    case .iCloudNeedsAccount:
      Explanation(
        cause: "iCloud Backup needs an Apple Account signed in on the device",
        fix: "`icloud sign-in <apple-id>` first")
    case .passwordNeeded(let backup):
      Explanation(
        cause: "backup '\(backup)' is encrypted: it needs its backup password",
        fix: "add `password \"...\"` to the statement")
    case .wrongPassword(let backup):
      Explanation(
        cause: "the password does not open backup '\(backup)'; nothing was restored",
        fix: "give the password the backup was made with")
    case .deviceLocked(let device, let classes):
      Explanation(
        cause: "'\(device)' is locked: the class keys of \(classes.joined(separator: ", ")) "
          + "are not available, so its items cannot be read or written",
        fix: "unlock '\(device)' first")
    case .transferToItself(let name):
      Explanation(
        cause: "'\(name)' is the device being set up; Quick Start transfers from another device",
        fix: "`device use` the new device, then `transfer from \(name)`")
    }
  }
}
