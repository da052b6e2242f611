import Foundation
import Scenario

/// The lessons of the repository's `scenarios/`, built into the executable so that
/// `keychain-sim lessons` works where it is installed (issue 26): SwiftPM resources need
/// Foundation's `Bundle.module` at run time, a file beside the executable, which an installed
/// copy may not have. The lessons are the ones `LessonCatalogue.load(folder:)` lists, so the
/// built-in catalogue and a checkout's folder are the same by construction.
enum BundledLessonsRenderer {
  /// The package's root: this file is scripts/generate-apple-names/BundledLessonsRenderer.swift.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func render() -> String {
    let lessons: [LessonCatalogue.Lesson]
    do {
      lessons = try LessonCatalogue.load(folder: root.appendingPathComponent("scenarios").path)
    } catch {
      // A lesson without its `# Lesson:` line: the file says so, and the tests fail on it.
      return "#error(\(GeneratedFile.literal("scenarios/: \(error.message)")))\n"
    }
    var lines = [
      GeneratedFile.header(
        source: "the lessons in scenarios/ (outside regression/)", change: "Change a lesson"),
      "extension LessonCatalogue {",
      "  /// Every lesson's name and text, in name order (`bundled()` reads them).",
      "  static let bundledLessons: [(name: String, text: String)] = [",
    ]
    for lesson in lessons {
      lines.append("    (")
      lines.append("      \(GeneratedFile.literal(lesson.name)),")
      lines.append("      \(GeneratedFile.literal(lesson.text))")
      lines.append("    ),")
    }
    lines += ["  ]", "}"]
    return lines.joined(separator: "\n") + "\n"
  }
}
