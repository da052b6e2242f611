import Foundation
import ScenarioLanguage

/// One training exercise: a scenario file whose app part, between `# BEGIN APP` and
/// `# END APP`, is broken, and whose `expect` lines describe the behaviour wanted
/// (docs/training.md, "Writing an exercise").
///
/// The header comment gives the title (`# Exercise: ...`), what to do (the other comment
/// lines) and the hints (`# Hint: ...`), shown one line at a time by `train hint`.
public struct Exercise: Sendable, Equatable {
  /// The file name without `.scenario`: `01-three-am-refresh`; the order of the exercises.
  public let name: String
  public let path: String
  public let title: String
  /// The task, the header's comment lines other than the title and the hints.
  public let task: [String]
  public let hints: [String]
  /// What to tell the trainee when a check fails, by the 1-based line of the check: the
  /// `# Check: ...` comment lines right above a statement after the app part.
  public let checkHints: [Int: [String]]
  /// The whole file as read.
  public let source: String
  /// The lines of the app part, without its markers (0-based, half-open).
  let appLines: Range<Int>

  static let beginMarker = "# BEGIN APP"
  static let endMarker = "# END APP"

  /// Reads and checks an exercise file.
  ///
  /// - Throws: `TrainingError` when the file cannot be read or its markers are missing.
  public static func load(path: String) throws(TrainingError) -> Exercise {
    let source: String
    do {
      source = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw TrainingError("\(path): cannot read the exercise file")
    }
    return try parse(source, path: path)
  }

  /// Reads an exercise from its text; `path` names it in messages.
  ///
  /// - Throws: `TrainingError` naming the line when there is no title or the app part's
  ///   markers are missing, repeated or in the wrong order.
  public static func parse(_ source: String, path: String) throws(TrainingError) -> Exercise {
    let lines = source.components(separatedBy: "\n")
    let begins = lines.indices.filter { lines[$0].hasPrefix(beginMarker) }
    let ends = lines.indices.filter { lines[$0].hasPrefix(endMarker) }
    guard begins.count == 1, ends.count == 1, let begin = begins.first, let end = ends.first
    else {
      throw TrainingError(
        "\(path): an exercise needs one `\(beginMarker)` line and one `\(endMarker)` line "
          + "around its app part (found \(begins.count) and \(ends.count))")
    }
    guard begin < end else {
      throw TrainingError("\(path):\(end + 1): `\(endMarker)` comes before `\(beginMarker)`")
    }
    let header = lines.prefix { $0.hasPrefix("#") }.map { line in
      line.dropFirst().trimmingCharacters(in: .whitespaces)
    }
    guard let titleLine = header.first(where: { $0.hasPrefix("Exercise:") }) else {
      throw TrainingError("\(path):1: an exercise starts with `# Exercise: <title>`")
    }
    let hints = header.filter { $0.hasPrefix("Hint:") }.map {
      $0.dropFirst("Hint:".count).trimmingCharacters(in: .whitespaces)
    }
    let task = header.filter { !$0.hasPrefix("Exercise:") && !$0.hasPrefix("Hint:") }
    let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
    var checkHints: [Int: [String]] = [:]
    var pending: [String] = []
    for index in (end + 1)..<lines.count {
      let line = lines[index].trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("# Check:") {
        pending.append(line.dropFirst("# Check:".count).trimmingCharacters(in: .whitespaces))
      } else if !pending.isEmpty, !line.isEmpty, !line.hasPrefix("#") {
        checkHints[index + 1] = pending
        pending = []
      }
    }
    return Exercise(
      name: name, path: path,
      title: titleLine.dropFirst("Exercise:".count).trimmingCharacters(in: .whitespaces),
      task: Array(task.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed()),
      hints: hints, checkHints: checkHints, source: source, appLines: (begin + 1)..<end)
  }

  /// The app part as it is in the file now, the trainee's to edit.
  public var appPart: String {
    source.components(separatedBy: "\n")[appLines].joined(separator: "\n")
  }

  /// The 1-based line numbers of the app part, for "edit lines 14-16".
  public var appLineNumbers: ClosedRange<Int> {
    (appLines.lowerBound + 1)...max(appLines.lowerBound + 1, appLines.upperBound)
  }

  /// The check hints of the failures in a report of this exercise, in the order they failed,
  /// each once. The checks come after the app part, so a replaced app part of another length
  /// moves them: `appLineCount` is the line count of the app part that was played.
  public func checkHints(for failures: [ScenarioFailure], appLineCount: Int? = nil) -> [String] {
    let shift = (appLineCount ?? appLines.count) - appLines.count
    var seen: Set<Int> = []
    var hints: [String] = []
    for failure in failures {
      let line = failure.line - shift
      guard let lines = checkHints[line], seen.insert(line).inserted else { continue }
      hints.append(lines.joined(separator: " "))
    }
    return hints
  }

  /// The file's text with the app part replaced: how the test suite plays each solution.
  public func replacingAppPart(with app: String) -> String {
    var lines = source.components(separatedBy: "\n")
    lines.replaceSubrange(appLines, with: app.components(separatedBy: "\n"))
    return lines.joined(separator: "\n")
  }
}
