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

  /// What the mistake is and why it hurts, in one sentence with its values.
  static func message(for pitfall: Pitfall) -> String {
    let earlier = pitfall.earlierLine.map { " at line \($0)" } ?? ""
    let detail = pitfall.detail ?? ""
    switch pitfall.kind {
    case .deleteAfterFailedRead:
      return "the item is deleted or overwritten right after reading it failed with \(detail)"
        + "\(earlier); the item was fine (the device was locked or the user cancelled), "
        + "treat that status as 'try later', not as 'missing'"
    case .deleteThenAdd:
      return "SecItemDelete\(earlier) then SecItemAdd of the same item: use SecItemUpdate, "
        + "which keeps the item, its creation date and its access control"
    case .unhandledDuplicate:
      return "SecItemAdd failed with errSecDuplicateItem and nothing handles it: on -25299, "
        + "update the existing item with SecItemUpdate"
    case .backgroundReadOfWhenUnlockedItem:
      return "a background read of an item stored \(accessibleName(detail)): its class key "
        + "is discarded soon after the device locks, so the read fails at night; store it "
        + "kSecAttrAccessibleAfterFirstUnlock"
    case .backgroundReadBehindPrompt:
      return "a background read of an item behind user presence or biometry: no prompt can be "
        + "shown in the background, so it fails with errSecInteractionNotAllowed"
    case .thisDeviceOnlyWithSync:
      return "kSecAttrSynchronizable with \(accessibleName(detail)): a ThisDeviceOnly item "
        + "never leaves the device, so it will never sync"
    case .accessGroupWithoutTeamPrefix:
      return "access group \"\(detail)\" has no team id prefix: code must spell the "
        + "expanded group (TEAMID.\(detail.replacingOccurrences(of: "$(AppIdentifierPrefix)", with: ""))), "
        + "$(AppIdentifierPrefix) only expands in the entitlements file"
    case .appGroupAssumedDefault:
      return "the item was added by \(detail) without kSecAttrAccessGroup, so it is in that "
        + "app's default group, never its app group: add and read with an explicit shared group"
    case .lockedReadRetried:
      let first = pitfall.earlierLine.map { " (first at line \($0))" } ?? ""
      return "the same read failed with errSecInteractionNotAllowed \(detail) times in a row"
        + first + " with no unlock in between: "
        + "retrying cannot help while the device is locked; wait for protected data to become "
        + "available"
    case .synchronizableNotQueried:
      return "the read has no kSecAttrSynchronizable, so it cannot see the synchronizable "
        + "item: queries must ask for kSecAttrSynchronizable true or kSecAttrSynchronizableAny"
    }
  }

  /// `kSecAttrAccessibleWhenUnlocked` for `ak`; the raw value when it is not a class.
  private static func accessibleName(_ raw: String) -> String {
    ProtectionClass(rawValue: raw)?.appleName ?? raw
  }
}
