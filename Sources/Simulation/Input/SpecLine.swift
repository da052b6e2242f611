/// One meaningful line of a spec or profile file: its words, `#` comments and blank lines
/// dropped. Both file formats are line-based so that errors can name a line.
struct SpecLine {
  var number: Int
  var words: [String]

  /// The non-empty, non-comment lines of `text`, split into words at spaces and tabs.
  static func lines(of text: String) -> [SpecLine] {
    var result: [SpecLine] = []
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let content = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
      let words = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        .map(String.init)
      if !words.isEmpty { result.append(SpecLine(number: index + 1, words: words)) }
    }
    return result
  }

  /// The `key=value` options after the first `skipping` words, and the bare flags.
  func options(skipping: Int, file: String) throws(SpecFileError) -> (
    values: [String: String], flags: Set<String>
  ) {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    for word in words.dropFirst(skipping) {
      if let equals = word.firstIndex(of: "=") {
        let key = String(word[..<equals])
        let value = String(word[word.index(after: equals)...])
        guard !key.isEmpty, !value.isEmpty else {
          throw SpecFileError(file: file, line: number, message: "'\(word)' needs key=value")
        }
        guard values[key] == nil else {
          throw SpecFileError(file: file, line: number, message: "'\(key)' is given twice")
        }
        values[key] = value
      } else {
        flags.insert(word)
      }
    }
    return (values, flags)
  }
}
