/// "Did you mean" by edit distance, like argument-parser's `unknownOptionMessage`: the one rule
/// for every misspelt name (statements, constants, statuses, help topics, command-line options).
public enum Suggestion {
  /// The candidate closest to `name`, if it is close enough to be a likely typo.
  ///
  /// Case is ignored when measuring (`faceid` suggests `faceID`); up to a third of the name may
  /// differ (at least 2 edits, 1 for names of 3 characters or fewer). Failing that, a
  /// candidate the name is the beginning of.
  public static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
    let lowered = Array(name.lowercased())
    let limit = lowered.count <= 3 ? 1 : max(2, lowered.count / 3)
    var best: (candidate: String, distance: Int)?
    for candidate in candidates where candidate != name {
      let distance = editDistance(lowered, Array(candidate.lowercased()))
      if distance <= limit, distance < (best?.distance ?? .max) {
        best = (candidate, distance)
      }
    }
    if let best { return best.candidate }
    // A name cut short (`evaluate` for `evaluatePolicy`): the shortest candidate it begins.
    guard lowered.count >= 3 else { return nil }
    return candidates.filter { $0.lowercased().hasPrefix(String(lowered)) && $0 != name }
      .min { $0.count < $1.count }
  }

  /// Levenshtein distance, with a transposition of neighbours counting as one edit
  /// (`devcie` is one edit from `device`).
  static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          current[j] = min(current[j], before[j - 2] + 1)
        }
      }
      (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
  }
}
