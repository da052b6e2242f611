import Foundation
import ScenarioLanguage

/// Which exercises the trainee has passed, kept in a small text file (docs/training.md,
/// "The progress file"): a comment line, then one exercise name per line.
public struct TrainingProgress: Sendable, Equatable {
  public var passed: Set<String>

  public init(passed: Set<String> = []) { self.passed = passed }

  static let header = "# keychain-sim train: exercises passed, one per line"

  /// The progress in `path`; none yet when the file does not exist.
  ///
  /// - Throws: `TrainingError` when the file exists but cannot be read.
  public static func load(path: String) throws(TrainingError) -> TrainingProgress {
    guard FileManager.default.fileExists(atPath: path) else { return TrainingProgress() }
    let text: String
    do {
      text = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw TrainingError("\(path): cannot read the progress file")
    }
    let names = text.components(separatedBy: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    return TrainingProgress(passed: Set(names))
  }

  /// Writes the progress, replacing the file whole.
  ///
  /// - Throws: `TrainingError` when the file cannot be written.
  public func save(path: String) throws(TrainingError) {
    let text = ([Self.header] + passed.sorted()).joined(separator: "\n") + "\n"
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      throw TrainingError("\(path): cannot write the progress file")
    }
  }

  /// The first exercise not passed yet, in order; nil when every one is done.
  public func next(in exercises: [Exercise]) -> Exercise? {
    exercises.first { !passed.contains($0.name) }
  }
}
