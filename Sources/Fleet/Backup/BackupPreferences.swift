import Devices
import KeychainEngine

/// The apps' preferences files in a backup (``AppPreferences``), as whoever holds the backup
/// can read them.
///
/// A Finder backup without "Encrypt local backup" keeps the apps' files as they are on the
/// phone, in plaintext on the computer; only the keychain in it is sealed to the phone
/// (docs/fidelity.md, "App preferences in a backup"). An encrypted backup encrypts every file
/// with the backup password, and an iCloud backup is on Apple's servers: of those the
/// simulator keeps only which apps had preferences, never their values.
enum BackupPreferences {
  case readable(AppPreferences)
  case protected(apps: [String])

  init(of preferences: AppPreferences, kind: BackupKind) {
    self = kind == .unencrypted ? .readable(preferences) : .protected(apps: preferences.apps)
  }
}
