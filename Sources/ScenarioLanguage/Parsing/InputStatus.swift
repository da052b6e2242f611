/// Whether the lines typed so far make whole statements, for the REPL's continuation prompt.
public enum InputStatus: Hashable, Sendable {
  /// Every `[` and `(` is closed (or the input is blank): parse it.
  case complete
  /// A bracket is still open; read another line. `bracket` is the innermost open one.
  case needsMore(bracket: Character, line: Int, column: Int)
}
