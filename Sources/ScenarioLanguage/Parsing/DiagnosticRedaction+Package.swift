/// The value of the package's `setItem` in a line that did not parse.
extension DiagnosticRedaction {
  /// `kc.setItem("key", "value"`: every literal after the first comma following `setItem` (or
  /// a near miss of it) is the value; text that does not lex there is hidden to the end.
  static func packageValueRanges(in tokens: [Token], length: Int) -> [Range<Int>] {
    guard
      let call = tokens.firstIndex(where: { token in
        if case .identifier(let word) = token.kind { return isNear(word, ["setItem"]) }
        return false
      }),
      let comma = tokens[call...].firstIndex(where: { $0.kind == .punctuation(.comma) })
    else { return [] }
    var ranges: [Range<Int>] = []
    for token in tokens[(comma + 1)...] {
      if isBroken(token) { return ranges + [token.offset..<length] }
      switch token.kind {
      case .string, .integer, .duration, .word: ranges.append(token.offset..<token.endOffset)
      default: break
      }
    }
    return ranges
  }
}
