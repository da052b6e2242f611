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
    if let wrapped = wrapBytes(text, first: first, rest: rest, width: width) { return wrapped }
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

  /// ``wrap(_:first:rest:width:)`` where every byte is a character: ASCII without a carriage
  /// return (the one ASCII pair that makes a single character, CR LF). The same rule, counted
  /// and split in bytes, without the grapheme breaking and the generic string building of the
  /// general path, which were a tenth of `keychain-sim explain`'s start-up
  /// (docs/benchmarks.md); `nil` for any other text.
  private static func wrapBytes(_ text: String, first: String, rest: String, width: Int)
    -> String?
  {
    func isOneBytePerCharacter(_ string: String) -> Bool {
      string.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") }
    }
    guard isOneBytePerCharacter(text), isOneBytePerCharacter(first), isOneBytePerCharacter(rest)
    else { return nil }
    let space = UInt8(ascii: " ")
    var output = Array(first.utf8)
    output.reserveCapacity(first.utf8.count + text.utf8.count * 2)
    var lineLength = output.count
    var empty = true
    let bytes = Array(text.utf8)
    var wordStart = 0
    while wordStart <= bytes.count {
      var wordEnd = wordStart
      while wordEnd < bytes.count && bytes[wordEnd] != space { wordEnd += 1 }
      let wordLength = wordEnd - wordStart
      if !empty && lineLength + 1 + wordLength > width {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: rest.utf8)
        lineLength = rest.utf8.count
        empty = true
      }
      if !empty {
        output.append(space)
        lineLength += 1
      }
      output.append(contentsOf: bytes[wordStart..<wordEnd])
      lineLength += wordLength
      empty = false
      wordStart = wordEnd + 1
    }
    return String(decoding: output, as: UTF8.self)
  }
}
