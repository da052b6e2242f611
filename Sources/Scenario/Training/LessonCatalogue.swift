import Foundation
import ScenarioLanguage

/// The lessons under a scenarios folder: every `*.scenario` file outside `regression/` (the
/// regression cases stay in the test suite), each summed up by its `# Lesson:` header line.
///
/// The repository's `scenarios/` is also built into the executable (``bundled``, a generated
/// source: `Generated/BundledLessons.swift`, written by `scripts/generate-apple-names.sh` and
/// checked by GeneratedSourcesTests), so `keychain-sim lessons` works where it is installed,
/// outside a checkout; `scenarios/` stays the source of truth.
public enum LessonCatalogue {
  /// One lesson: its name (the path under the folder, without `.scenario`), where it came from
  /// (its file, or `<name>.scenario` for a bundled one), the one line from its header and its
  /// text.
  public struct Lesson: Sendable, Equatable {
    public let name: String
    public let path: String
    public let summary: String
    public let text: String
  }

  /// The lessons built into the executable: the repository's `scenarios/` when it was built.
  ///
  /// - Throws: `TrainingError` when a bundled lesson has no `# Lesson:` line (the generator
  ///   and its test read the same folder through ``load(folder:)``, so this means a stale build).
  public static func bundled() throws(TrainingError) -> [Lesson] {
    var lessons: [Lesson] = []
    for (name, text) in bundledLessons {
      let path = name + ".scenario"
      lessons.append(
        Lesson(name: name, path: path, summary: try summary(of: text, path: path), text: text))
    }
    return lessons
  }

  /// The folder of regression cases, which are not lessons.
  static let regressionFolder = "regression/"

  /// - Throws: `TrainingError` when the folder cannot be listed or a lesson has no
  ///   `# Lesson:` line in its header.
  public static func load(folder: String) throws(TrainingError) -> [Lesson] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory),
      isDirectory.boolValue
    else { throw TrainingError("\(folder): no such lessons folder") }
    let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    let found = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
    let relative = found.filter { $0.hasSuffix(".scenario") && !$0.hasPrefix(regressionFolder) }
      .sorted()
    var lessons: [Lesson] = []
    for file in relative {
      let path = base + "/" + file
      let text: String
      do {
        text = try String(contentsOfFile: path, encoding: .utf8)
      } catch {
        throw TrainingError("\(path): cannot read the lesson")
      }
      lessons.append(
        Lesson(
          name: String(file.dropLast(".scenario".count)), path: path,
          summary: try summary(of: text, path: path), text: text))
    }
    return lessons
  }

  /// The lesson named `name`, in full (`data-protection/background-refresh`) or by its file
  /// name alone when that is unique (`background-refresh`).
  ///
  /// - Throws: `TrainingError` listing the candidates when none or several match.
  public static func find(_ name: String, in lessons: [Lesson]) throws(TrainingError) -> Lesson {
    let wanted = name.hasSuffix(".scenario") ? String(name.dropLast(".scenario".count)) : name
    if let exact = lessons.first(where: { $0.name == wanted }) { return exact }
    let byFile = lessons.filter { $0.name.split(separator: "/").last.map(String.init) == wanted }
    if byFile.count == 1, let only = byFile.first { return only }
    if byFile.count > 1 {
      throw TrainingError(
        "lesson '\(name)' is ambiguous: " + byFile.map(\.name).joined(separator: ", "))
    }
    let nearest =
      Suggestion.nearest(to: wanted, in: lessons.map(\.name))
      .map { "; did you mean '\($0)'?" } ?? ""
    throw TrainingError("no lesson named '\(name)'\(nearest) (`keychain-sim lessons` lists them)")
  }

  private static func summary(of text: String, path: String) throws(TrainingError) -> String {
    let header = text.components(separatedBy: "\n").prefix { $0.hasPrefix("#") }
    guard let line = header.first(where: { $0.hasPrefix("# Lesson:") }) else {
      throw TrainingError("\(path):1: a lesson starts with `# Lesson: <one line>`")
    }
    return line.dropFirst("# Lesson:".count).trimmingCharacters(in: .whitespaces)
  }
}
