/// A note about a played file that does not fail it, with the values that explain it;
/// ``description`` is the one place it becomes words.
public enum ScenarioWarning: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Scripted answers still queued when `file` ended: `total` answers (saturating at
  /// `Int.max`), queued as `entries` ("fail", "cancel 3 times", passcodes masked).
  case unusedAnswers(file: String, total: Int, entries: [String])

  /// How many queued entries the warning lists before "and N more".
  static let listedEntries = 5

  /// One line, however many answers are left: "scripted answer `user will fail` was never
  /// used", or "3 scripted answers were never used: `user will fail 2 times`, ...".
  public var description: String {
    switch self {
    case .unusedAnswers(let file, let total, let entries):
      if total == 1, let only = entries.first {
        return "\(file): warning: scripted answer `user will \(only)` was never used"
      }
      let listed = entries.prefix(Self.listedEntries).map { "`user will \($0)`" }
      let more =
        entries.count > Self.listedEntries
        ? ", and \(entries.count - Self.listedEntries) more" : ""
      let count = total == Int.max ? "at least \(total)" : String(total)
      return "\(file): warning: \(count) scripted answers were never used: "
        + listed.joined(separator: ", ") + more
    }
  }
}
