import ScenarioLanguage
/// What the REPL lets a reader keep across sessions (`~/.keychain-sim_history`).
///
/// The history on disk never holds a secret: an input that writes a passcode or item data is
/// kept in the form a transcript shows it, with `••••` in place of the secret, and an input that
/// did not parse is not kept at all, since the parser cannot tell what in it is secret. The
/// masking uses the secret ranges the parser recorded, which include the literals of `expect
/// result` (often the item data read back). The
/// reader's in-memory history (↑ in this session) still has every line as typed.
extension REPL {
  /// The entry for one complete input, or `nil` when nothing of it may be written to disk.
  ///
  /// ```swift
  /// historyEntry(for: "device unlock 1234", parsed: ...)  // "device unlock ••••"
  /// ```
  static func historyEntry(for input: String, parsed: ParseResult) -> String? {
    guard parsed.diagnostics.isEmpty, !input.allSatisfy(\.isWhitespace) else { return nil }
    let hasSecret = { (statement: Statement) in
      !statement.secretRanges.isEmpty || StatementEcho.containsSecret(statement)
    }
    guard parsed.statements.contains(where: hasSecret) else { return input }
    // The parser's secret ranges mask the input as typed (its layout kept, comments cut).
    let echo = StatementEcho()
    return parsed.statements.map { statement in
      statement.secretRanges.isEmpty ? echo.text(for: statement) : statement.maskedSourceText
    }.joined(separator: "\n")
  }
}
