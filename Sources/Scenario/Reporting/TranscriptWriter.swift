import ScenarioLanguage

/// Lays out a scenario file's transcript: each statement echoed after its line number, what it
/// produced indented beneath, expectations marked ✓ or ✗. It holds only the lines written
/// since the last ``drain()``: the runner hands them on statement by statement.
///
/// ```
///    6  SecItemAdd token + [kSecValueData: ••••]
///       → errSecSuccess (0): No error.
///    7  expect errSecSuccess  ✓
/// ```
struct TranscriptWriter {
  private(set) var lines: [String] = []

  static let gutter = String(repeating: " ", count: 6)

  mutating func header(_ path: String) {
    lines.append("▶ " + path)
  }

  /// The statement's first line after its line number; continuation lines under it.
  mutating func statement(line: Int, text: String, mark: String? = nil) {
    let number = String(line)
    let padded = String(repeating: " ", count: max(0, 4 - number.count)) + number + "  "
    var textLines = text.components(separatedBy: "\n")
    if let mark { textLines[textLines.count - 1] += "  " + mark }
    lines.append(padded + textLines[0])
    lines += textLines.dropFirst().map { Self.gutter + $0 }
  }

  mutating func details(_ detail: [String]) {
    for entry in detail {
      lines += entry.components(separatedBy: "\n").map { $0.isEmpty ? "" : Self.gutter + $0 }
    }
  }

  mutating func plain(_ text: String) {
    lines += text.components(separatedBy: "\n")
  }

  /// The lines written since the last call, each ending in a newline ("" when none), and
  /// forgets them.
  mutating func drain() -> String {
    guard !lines.isEmpty else { return "" }
    defer { lines.removeAll(keepingCapacity: true) }
    return lines.joined(separator: "\n") + "\n"
  }
}
