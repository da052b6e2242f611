import KeychainEngine

/// `backup create|restore|list|inspect` and `transfer from` (docs/scenario-language.md §13).
extension StatementParser {
  mutating func backupCommand() throws(Failure) -> BackupCommand {
    switch try choice("`backup` command", Vocabulary.BackupWord.self) {
    case .create:
      let name = try bareWord("a name for the backup, such as `monday`")
      let kind = try choice("backup kind", BackupKind.allCases.map { ($0.rawValue, $0) })
      return .create(name: name, kind: kind, password: try backupPassword())
    case .restore:
      let name = try bareWord("the name of a backup (`backup list` lists them)")
      return .restore(name: name, password: try backupPassword())
    case .list:
      return .list
    case .inspect:
      return .inspect(name: try bareWord("the name of a backup (`backup list` lists them)"))
    }
  }

  /// `transfer from <device>`.
  mutating func transferCommand() throws(Failure) -> BackupCommand {
    try expect(identifier: Vocabulary.from)
    return .transfer(from: try bareWord("the name of the old device (`show devices` lists them)"))
  }

  /// `password "..."` or `password <word>`, if present: a secret, masked in every echo.
  private mutating func backupPassword() throws(Failure) -> String? {
    guard try consume(identifier: Vocabulary.password) else { return nil }
    let token = try word()
    switch source.kind(of: token) {
    case .word(let text) where !text.isEmpty:
      recordSecret(from: token)
      return text
    case .string(let text) where !text.isEmpty:
      recordSecret(from: token)
      return text
    default:
      throw failure(.expected("a backup password", found: quoted(token)), at: token)
    }
  }
}
