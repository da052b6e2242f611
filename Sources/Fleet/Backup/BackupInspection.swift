/// What someone who has a backup, but not the phone nor the backup password, can read in it
/// (`backup inspect`): the apps' preferences of an unencrypted backup in plaintext; the
/// keychain never, since it is sealed to the phone's UID or under the password.
public struct BackupInspection: Sendable, Equatable {
  public var summary: String
  /// One line per file or item: what it is and whether it can be read (never an item's data).
  public var lines: [String]
  /// The preference values readable in plaintext, by app then key.
  public var readableValues: [String]
}
