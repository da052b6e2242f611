import Foundation
import ScenarioLanguage

/// The ordered exercises of a folder: every `*.scenario` file in it, by file name
/// (`01-...`, `02-...`), as rustlings orders its exercises.
public enum ExerciseCatalogue {
  /// - Throws: `TrainingError` when the folder has no exercises or one of them is malformed.
  public static func load(folder: String) throws(TrainingError) -> [Exercise] {
    let names: [String]
    do {
      names = try FileManager.default.contentsOfDirectory(atPath: folder)
    } catch {
      throw TrainingError(
        "cannot list the exercises folder '\(folder)' (\(Self.reason(folder)))")
    }
    let files = names.filter { $0.hasSuffix(".scenario") }.sorted()
    guard !files.isEmpty else { throw TrainingError("\(folder): no *.scenario exercises") }
    var exercises: [Exercise] = []
    for file in files {
      exercises.append(try Exercise.load(path: (folder as NSString).appendingPathComponent(file)))
    }
    return exercises
  }

  private static func reason(_ folder: String) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      return "no such folder"
    }
    return isDirectory.boolValue ? "not readable" : "not a folder"
  }
}
