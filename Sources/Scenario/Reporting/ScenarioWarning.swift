import Foundation
import Keychain
import ScenarioLanguage

/// A note about a played file that does not fail it, with the values that explain it;
/// ``description`` is the one place it becomes words.
public enum ScenarioWarning: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Scripted answers still queued when `file` ended: `total` answers (saturating at
  /// `Int.max`), queued as `entries` ("fail", "cancel 3 times", passcodes masked), the first
  /// of them written at `line`.
  case unusedAnswers(file: String, line: Int?, total: Int, entries: [String])
  /// App code in `file` showed a known mistake (``Pitfall``) at `pitfall.line`: the transcript
  /// names the lesson.
  case pitfall(file: String, pitfall: Pitfall)

  /// How many queued entries the warning lists before "and N more".
  static let listedEntries = 5

  /// One line, `file:line: warning: ...`, however many answers are left: "scripted answer
  /// `user will fail` was never used", or "3 scripted answers were never used: `user will fail
  /// 2 times`, ..."; for a pitfall, the mistake and the lesson to read.
  public var description: String {
    switch self {
    case .unusedAnswers(let file, let line, let total, let entries):
      let file = line.map { "\(file):\($0)" } ?? file
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
    case .pitfall(let file, let pitfall):
      return "\(file):\(pitfall.line): warning: pitfall: \(Self.message(for: pitfall)); "
        + Self.lessonPointer(for: pitfall.kind)
    }
  }

  /// The line under the statement in a transcript or the REPL: `⚠ pitfall: ...; play
  /// `keychain-sim lessons NAME``, wrapped, with the command never broken across lines, so it
  /// can be copied whole.
  public static func note(for pitfall: Pitfall) -> String {
    let label = "⚠ pitfall: "
    let command = "`\(pitfall.kind.lessonCommand)`"
    var lines = TextWrap.labelled(label, message(for: pitfall) + "; play")
      .components(separatedBy: "\n")
    let last = lines.removeLast()
    if last.count + 1 + command.count <= TextWrap.transcriptWidth {
      lines.append(last + " " + command)
    } else {
      lines += [last, String(repeating: " ", count: label.count) + command]
    }
    return lines.joined(separator: "\n")
  }

  /// Where to see the mistake and its fix, `play `keychain-sim lessons NAME``: the lesson by
  /// the name `keychain-sim lessons` takes, not a path into this repository's `scenarios/`.
  static func lessonPointer(for kind: Pitfall.Kind) -> String {
    "play `\(kind.lessonCommand)`"
  }

  /// What the mistake is and why it hurts, in one sentence with its values (the words live
  /// with the pitfalls, shared with the test phone's transcript).
  static func message(for pitfall: Pitfall) -> String { pitfall.message() }
}
