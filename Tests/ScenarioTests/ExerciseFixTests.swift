import Testing

@testable import Scenario

/// Plays every row of `ExerciseFix.all` in its exercise under the strict checker
/// `keychain-sim train check` uses: a right fix holds every check with no warning, a wrong one
/// fails, and the report (failures and the `# Check:` hints `train check` prints) says why.
@Suite struct ExerciseFixTests {
  static var exercises: [String: Exercise] {
    Dictionary(
      uniqueKeysWithValues: ExerciseSolutionTests.exercises.map { ($0.name, $0) })
  }

  @Test func everyExerciseHasRightAndWrongFixes() {
    for name in Self.exercises.keys.sorted() {
      let fixes = ExerciseFix.all.filter { $0.exercise == name }
      #expect(fixes.contains { $0.fails == nil }, "\(name) has no right fix in the table")
      #expect(fixes.contains { $0.fails != nil }, "\(name) has no wrong fix in the table")
      #expect(fixes.contains { $0.app.isEmpty }, "\(name): the empty app part is not tried")
    }
    #expect(Set(ExerciseFix.all.map(\.exercise)).isSubset(of: Set(Self.exercises.keys)))
  }

  @Test(arguments: ExerciseFix.all)
  func fixIsJudgedAsTheTableSays(_ fix: ExerciseFix) throws {
    let exercise = try #require(Self.exercises[fix.exercise])
    let report = ExerciseSolutionTests.checker.check(
      source: exercise.replacingAppPart(with: fix.app), name: exercise.path)
    #expect(report.loadError == nil, "\(report.loadError ?? "")")
    let hints = exercise.checkHints(
      for: report.failures, appLineCount: fix.app.components(separatedBy: "\n").count)
    let said =
      (report.failures.map { $0.rendered(file: exercise.path) } + hints.map { "hint: " + $0 })
      .joined(separator: "\n")
    guard let words = fix.fails else {
      #expect(report.failures.isEmpty, "a right fix fails:\n\(said)")
      #expect(report.warnings.isEmpty, "\(report.warnings.map(\.description))")
      return
    }
    #expect(!report.failures.isEmpty, "a wrong fix passes")
    #expect(said.contains(words), "expected the report to say \"\(words)\", it says:\n\(said)")
  }
}
