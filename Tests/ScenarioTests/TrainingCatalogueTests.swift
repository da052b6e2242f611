import Foundation
import Testing

@testable import Scenario

/// Exercise files, the progress file and the lesson catalogue: what they read, and the clear
/// error each bad input gets.
@Suite struct TrainingCatalogueTests {
  static let exercise = """
    # Exercise: a title
    #
    # What to do.
    # Hint: first hint
    # Hint: second hint
    let q = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
    # BEGIN APP
    SecItemAdd q + [kSecValueData: "x"]
    # END APP
    expect errSecSuccess
    """

  @Test func anExerciseFileIsReadWhole() throws {
    let exercise = try Exercise.parse(Self.exercise, path: "ex/01-first.scenario")
    #expect(exercise.name == "01-first")
    #expect(exercise.title == "a title")
    #expect(exercise.task == ["What to do."])
    #expect(exercise.hints == ["first hint", "second hint"])
    #expect(exercise.appPart == #"SecItemAdd q + [kSecValueData: "x"]"#)
    #expect(exercise.appLineNumbers == 8...8)
    let replaced = exercise.replacingAppPart(with: "SecItemAdd q\nSecItemDelete q")
    #expect(replaced.contains("# BEGIN APP\nSecItemAdd q\nSecItemDelete q\n# END APP\nexpect"))
  }

  @Test func markersAndTitleAreRequired() {
    let noEnd = Self.exercise.replacingOccurrences(of: "# END APP\n", with: "")
    #expect(throws: TrainingError.self) { try Exercise.parse(noEnd, path: "e.scenario") }
    let twice = Self.exercise + "\n# BEGIN APP\n# END APP"
    #expect(throws: TrainingError.self) { try Exercise.parse(twice, path: "e.scenario") }
    let swapped = Self.exercise.replacingOccurrences(of: "# BEGIN APP", with: "# TMP")
      .replacingOccurrences(of: "# END APP", with: "# BEGIN APP")
      .replacingOccurrences(of: "# TMP", with: "# END APP")
    do {
      _ = try Exercise.parse(swapped, path: "e.scenario")
      Issue.record("markers in the wrong order were accepted")
    } catch {
      #expect(error.message == "e.scenario:7: `# END APP` comes before `# BEGIN APP`")
    }
    let untitled = Self.exercise.replacingOccurrences(of: "# Exercise: a title", with: "# x")
    #expect(throws: TrainingError("e.scenario:1: an exercise starts with `# Exercise: <title>`")) {
      try Exercise.parse(untitled, path: "e.scenario")
    }
  }

  @Test func progressRoundTripsAndPicksTheNextExercise() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("train-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["02-second", "01-first"] {
      try Self.exercise.write(
        to: folder.appendingPathComponent(name + ".scenario"), atomically: true,
        encoding: .utf8)
    }
    let exercises = try ExerciseCatalogue.load(folder: folder.path)
    #expect(exercises.map(\.name) == ["01-first", "02-second"])
    let state = folder.appendingPathComponent("state").path
    var progress = try TrainingProgress.load(path: state)
    #expect(progress.next(in: exercises)?.name == "01-first")
    progress.passed.insert("01-first")
    try progress.save(path: state)
    let reloaded = try TrainingProgress.load(path: state)
    #expect(reloaded == progress)
    #expect(reloaded.next(in: exercises)?.name == "02-second")
    #expect(throws: TrainingError.self) {
      try TrainingProgress().save(path: folder.appendingPathComponent("no/such/dir").path)
    }
    #expect(throws: TrainingError.self) { try ExerciseCatalogue.load(folder: state) }
  }

  static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios")
    .path

  @Test func lessonsAreTheScenariosOutsideRegression() throws {
    let lessons = try LessonCatalogue.load(folder: Self.scenarios)
    #expect(lessons.count >= 20)
    #expect(!lessons.contains { $0.name.hasPrefix("regression/") })
    #expect(lessons.allSatisfy { !$0.summary.isEmpty })
    #expect(lessons.contains { $0.name == "data-protection/background-refresh" })
  }

  @Test func aLessonIsFoundByFullOrShortName() throws {
    let lessons = try LessonCatalogue.load(folder: Self.scenarios)
    #expect(
      try LessonCatalogue.find("background-refresh", in: lessons).name
        == "data-protection/background-refresh")
    #expect(
      try LessonCatalogue.find("secitem/update-then-add.scenario", in: lessons).name
        == "secitem/update-then-add")
    do {
      _ = try LessonCatalogue.find("background-refrsh", in: lessons)
      Issue.record("an unknown lesson was found")
    } catch {
      #expect(
        error.message.contains("did you mean 'data-protection/background-refresh'?")
          || error.message.contains("no lesson named 'background-refrsh'"))
    }
  }
}
