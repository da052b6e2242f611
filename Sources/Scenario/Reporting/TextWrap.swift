/// Word-wraps display text: the transcript's explanation lines and `explain`'s text. The one
/// wrapping rule; the engine hands over plain sentences and the scenario layer lays them out.
enum TextWrap {
  /// The transcript's width: a 100-column terminal less the 6 columns of the line-number gutter.
  static let transcriptWidth = 92

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
