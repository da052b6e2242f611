/// "Did you mean" for names the user mistyped (statuses, commands, help topics).
public enum NameSuggester {
  /// The candidate closest to `word` by edit distance, when it is close enough to be a typo.
  public static func closest(to word: String, among candidates: [String]) -> String? {
    let lowered = word.lowercased()
    let best = candidates.map { ($0, distance(lowered, $0.lowercased())) }.min { $0.1 < $1.1 }
    guard let (name, score) = best, score <= max(2, min(word.count, name.count) / 3) else {
      return nil
    }
    return name
  }

  /// Levenshtein distance.
  static func distance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var row = Array(0...b.count)
    for i in 1...a.count {
      var diagonal = row[0]
      row[0] = i
      for j in 1...b.count {
        let above = row[j]
        row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
        diagonal = above
      }
    }
    return row[b.count]
  }
}
