import KeychainEngine

/// The `backup` statements and `transfer from` (docs/scenario-language.md §13, "Backup,
/// restore and a new phone"). A backup password is a secret: ``description`` masks it, as
/// transcripts and the REPL history show statements.
package enum BackupCommand: Hashable, Sendable, CustomStringConvertible {
  /// `backup create <name> encrypted password "..."`, `backup create <name> unencrypted`,
  /// `backup create <name> icloud`: a backup of the current device's keychain.
  case create(name: String, kind: BackupKind, password: String?)
  /// `backup restore <name> [password "..."]`: onto the current device.
  case restore(name: String, password: String?)
  /// `backup list`: the backups made so far.
  case list
  /// `backup inspect <name>` (*extension*): what whoever holds the backup can read in it.
  case inspect(name: String)
  /// `transfer from <device>`: Quick Start ("Transfer from iPhone") onto the current device.
  case transfer(from: String)

  /// Whether the statement carries a backup password.
  package var hasPassword: Bool {
    switch self {
    case .create(_, _, let password), .restore(_, let password): password != nil
    case .list, .transfer, .inspect: false
    }
  }

  package var description: String {
    switch self {
    case .create(let name, let kind, let password):
      "backup create \(name) \(kind.rawValue)" + Self.password(password)
    case .restore(let name, let password): "backup restore \(name)" + Self.password(password)
    case .list: "backup list"
    case .inspect(let name): "backup inspect \(name)"
    case .transfer(let source): "transfer from \(source)"
    }
  }

  private static func password(_ password: String?) -> String {
    password == nil ? "" : " password \(SecretMask.text)"
  }
}
