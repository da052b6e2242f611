import ScenarioLanguage
/// How text is laid out for where it goes: colour (on a terminal only, never with `NO_COLOR`)
/// and the width to wrap to (the terminal's, or a fixed 96 for files and pipes, so transcripts
/// are the same on every machine).
public struct OutputStyle: Sendable, Equatable {
  /// Whether statuses, marks and warnings get ANSI colours.
  public var colour: Bool
  /// The width explanations are wrapped to.
  public var width: Int

  /// The width when the output is not a terminal.
  public static let fixedWidth = 96

  /// Plain text at the fixed width: files, pipes, tests.
  public static let plain = OutputStyle(colour: false, width: fixedWidth)

  public init(colour: Bool, width: Int) {
    self.colour = colour
    self.width = max(40, width)
  }

  /// The style for an output stream: colour only on a terminal without `NO_COLOR` (any
  /// non-empty value, as no-color.org asks), `--no-color` or `TERM=dumb`; the terminal's width
  /// (`COLUMNS`, else the size the terminal reports) on a terminal, else the fixed width.
  public static func choose(
    isTerminal: Bool, noColorFlag: Bool, environment: [String: String], terminalColumns: Int?
  ) -> OutputStyle {
    choose(
      isTerminal: isTerminal, noColorFlag: noColorFlag, variable: { environment[$0] },
      terminalColumns: terminalColumns)
  }

  /// The same choice, reading only the three variables it needs through `variable` (the
  /// executable passes `getenv`) and none when the output is not a terminal: building
  /// `ProcessInfo.environment`'s dictionary was 8 % of a start-up (docs/benchmarks.md).
  public static func choose(
    isTerminal: Bool, noColorFlag: Bool, variable: (String) -> String?, terminalColumns: Int?
  ) -> OutputStyle {
    guard isTerminal else { return .plain }
    let noColorSet = !(variable("NO_COLOR") ?? "").isEmpty
    let colour = !noColorFlag && !noColorSet && variable("TERM") != "dumb"
    let columns = variable("COLUMNS").flatMap(Int.init) ?? terminalColumns ?? fixedWidth
    return OutputStyle(colour: colour, width: columns)
  }

  /// Runs `body` with explanations wrapped to this style's width.
  public func apply<Result>(_ body: () throws -> Result) rethrows -> Result {
    try TextWrap.$terminalWidth.withValue(width, operation: body)
  }

  /// `text` with its statuses, marks and warnings coloured, or unchanged without colour.
  public func paint(_ text: String) -> String {
    guard colour else { return text }
    return text.components(separatedBy: "\n").map(Self.paintLine).joined(separator: "\n")
  }

  private enum Colour: String {
    case red = "31"
    case green = "32"
    case yellow = "33"
    case dim = "2"
    func wrap(_ text: some StringProtocol) -> String { "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" }
  }

  /// One line: `→ errSecSuccess` green, another status yellow; `✓` green; `✗ ...` red;
  /// `warning:` yellow and `error:` red where they label the line.
  private static func paintLine(_ line: String) -> String {
    var line = line
    if let range = line.range(of: "→ errSecSuccess") {
      line.replaceSubrange(range, with: Colour.green.wrap("→ errSecSuccess"))
    } else if let range = line.range(of: #"→ errSec\w+"#, options: .regularExpression) {
      line.replaceSubrange(range, with: Colour.yellow.wrap(line[range]))
    }
    if let range = line.range(of: #"✗ [A-Z]+( \([^)]*\))?"#, options: .regularExpression) {
      line.replaceSubrange(range, with: Colour.red.wrap(line[range]))
    } else if let range = line.range(of: "✗") {
      line.replaceSubrange(range, with: Colour.red.wrap("✗"))
    }
    if let range = line.range(of: "✓") { line.replaceSubrange(range, with: Colour.green.wrap("✓")) }
    if let range = line.range(of: "warning:") {
      line.replaceSubrange(range, with: Colour.yellow.wrap("warning:"))
    } else if let range = line.range(of: "⚠ pitfall:") {
      line.replaceSubrange(range, with: Colour.yellow.wrap("⚠ pitfall:"))
    } else if let range = line.range(of: #"(^|: )error:"#, options: .regularExpression) {
      line.replaceSubrange(range, with: Colour.red.wrap(line[range]))
    }
    return line
  }
}
