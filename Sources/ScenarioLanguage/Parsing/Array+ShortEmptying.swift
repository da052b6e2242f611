extension Array {
  /// Empties the array, keeping its room, one `removeLast()` at a time: for the short arrays of
  /// plain values the cutter and the parser keep from one line or statement to the next (a
  /// line's brackets, a statement's lines, its secrets), which hold a few elements when they
  /// hold any. `removeAll(keepingCapacity: true)` goes through the generic `replaceSubrange`,
  /// some 83 instructions a call however short the array (issue 29).
  @inline(__always)
  mutating func removeAllShort() {
    while !isEmpty { removeLast() }
  }
}
