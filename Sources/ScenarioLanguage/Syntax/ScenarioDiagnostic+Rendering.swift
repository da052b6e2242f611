extension ScenarioDiagnostic {
  /// The diagnostic as a compiler prints it: the heading, the source line, a caret under the
  /// column (like swift-syntax's `DiagnosticsFormatter`).
  ///
  /// ```
  /// demo.scenario:3:8: error: unknown `device` command `unlcok`; did you mean `unlock`?
  /// device unlcok ••••
  ///        ^
  /// ```
  ///
  /// Tabs before the column are kept in the caret line so the caret stays aligned.
  public func rendered() -> String {
    guard let sourceLine else { return description + "\n" }
    let before = sourceLine.prefix(max(0, (caretColumn ?? location.column) - 1))
    let padding = String(
      before.map { (character: Character) -> Character in
        character == "\t" ? "\t" : " "
      })
    return "\(description)\n\(sourceLine)\n\(padding)^\n"
  }
}
