/// Word-wraps the long explanation lines of a transcript so it reads in a 100-column terminal
/// (the transcript's gutter takes 6 of them).
enum TextWrap {
  static let width = 92

  /// `label` then `text`, continuation lines indented to align under the text.
  static func labelled(_ label: String, _ text: String, indent: Int = 0) -> String {
    let lead = String(repeating: " ", count: indent) + label
    let hanging = String(repeating: " ", count: lead.count)
    return text.components(separatedBy: "\n").enumerated().map { index, paragraph in
      wrap(paragraph, first: index == 0 ? lead : hanging, rest: hanging)
    }.joined(separator: "\n")
  }

  static func wrap(_ text: String, first: String, rest: String) -> String {
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
