extension ScenarioDiagnostic {
  /// The widest source line echoed whole; a longer one is cut to this many characters
  /// around the caret, `…` marking each cut side.
  static let echoWidth = 120

  /// The diagnostic as a compiler prints it: the heading, the source line, a caret under the
  /// column (like swift-syntax's `DiagnosticsFormatter`).
  ///
  /// ```
  /// demo.scenario:3:8: error: unknown `device` command `unlcok`; did you mean `unlock`?
  /// device unlcok ••••
  ///        ^
  /// ```
  ///
  /// Tabs before the column are kept in the caret line so the caret stays aligned. A line
  /// longer than ``echoWidth`` characters (a 3 MB line would be echoed whole, twice over
  /// with the caret line) is cut to a window around the caret, `…` on each cut side. The
  /// line is the one ``DiagnosticRedaction`` masked, so the cut never uncovers a secret.
  public func rendered() -> String {
    guard let sourceLine else { return description + "\n" }
    let caret = max(0, (caretColumn ?? location.column) - 1)
    let characters = Array(sourceLine)
    var start = 0
    var end = characters.count
    if characters.count > Self.echoWidth {
      start = max(0, min(caret, characters.count) - Self.echoWidth / 2)
      end = min(characters.count, start + Self.echoWidth)
      start = max(0, end - Self.echoWidth)
    }
    let cutBefore = start > 0
    let cutAfter = end < characters.count
    let shown =
      (cutBefore ? "…" : "") + String(characters[start..<end]) + (cutAfter ? "…" : "")
    let before = characters[start..<max(start, min(caret, end))]
    let padding =
      (cutBefore ? " " : "")
      + String(
        before.map { (character: Character) -> Character in
          character == "\t" ? "\t" : " "
        })
    return "\(description)\n\(shown)\n\(padding)^\n"
  }
}
