/// The value of the package's `setItem` in a line that did not parse.
extension DiagnosticRedaction {
  /// `kc.setItem("key", "value"`: every literal after the first comma following `setItem` (or
  /// a near miss of it) is the value; text that does not lex there is hidden to the end.
  static func packageValueRanges(in tokens: [Token], line: LexedSource) -> [Range<Int>] {
    guard
      let call = tokens.firstIndex(where: { token in
        if case .identifier(let word) = line.kind(of: token) { return isNear(word, ["setItem"]) }
        return false
      }),
      let comma = tokens[call...].firstIndex(where: { $0.shape == .punctuation(.comma) })
    else { return [] }
    var ranges: [Range<Int>] = []
    for token in tokens[(comma + 1)...] {
      if isBroken(token, in: line) { return ranges + [token.offset..<line.characters.count] }
      switch token.shape {
      case .string, .integer, .duration, .word: ranges.append(token.offset..<token.endOffset)
      default: break
      }
    }
    return ranges
  }
}
