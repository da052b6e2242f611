import ScenarioLanguage
/// Word-wraps display text: the transcript's explanation lines and `explain`'s text. The one
/// wrapping rule; the engine hands over plain sentences and the scenario layer lays them out.
enum TextWrap {
  /// The width of the output: the terminal's, or ``OutputStyle/fixedWidth`` when the output is
  /// not a terminal (set with ``OutputStyle/apply(_:)``).
  @TaskLocal static var terminalWidth = OutputStyle.fixedWidth

  /// The transcript's width: the output's less 4 columns (92 at the fixed width), so a line
  /// under the 6-column gutter still fits.
  static var transcriptWidth: Int { terminalWidth - 4 }

  /// `label` then `text`, continuation lines indented to align under the text.
  static func labelled(
    _ label: String, _ text: String, indent: Int = 0, width: Int = transcriptWidth
  ) -> String {
    let lead = String(repeating: " ", count: indent) + label
    let hanging = String(repeating: " ", count: lead.count)
    return text.components(separatedBy: "\n").enumerated().map { index, paragraph in
      wrap(paragraph, first: index == 0 ? lead : hanging, rest: hanging, width: width)
    }.joined(separator: "\n")
  }

  /// `text` broken at spaces into lines of at most `width` columns (a longer word stands alone),
  /// the first line starting with `first`, the others with `rest`.
  static func wrap(
    _ text: String, first: String, rest: String, width: Int = transcriptWidth
  ) -> String {
    var lines: [String] = []
    var current = first
    var empty = true
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      if !empty && current.count + 1 + word.count > width {
        lines.append(current)
        current = rest
        empty = true
      }
      current += (empty ? "" : " ") + word
      empty = false
    }
    lines.append(current)
    return lines.joined(separator: "\n")
  }
}
