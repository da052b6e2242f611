import Foundation
import Testing

@testable import Scenario

extension Exercise: CustomTestStringConvertible {
  public var testDescription: String { name }
}

/// Every exercise under exercises/ is solvable and its checks mean something: as shipped
/// (broken) it fails, and with the solution below in its app part every check holds with no
/// pitfall warning, under the same strict checker `keychain-sim train check` uses.
@Suite struct ExerciseSolutionTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("exercises")
    .path

  /// The app part that solves each exercise, by exercise name.
  static let solutions: [String: String] = [
    "01-three-am-refresh": """
    SecItemAdd token + [kSecValueData: "r1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]
    """,
    "02-before-first-unlock": """
    SecItemCopyMatching key + [kSecReturnData: true]
    """,
    "03-delete-on-error": """
    SecItemCopyMatching card + [kSecReturnData: true]
    """,
    "04-duplicate-item": """
    SecItemUpdate login [kSecValueData: "new-password"]
    """,
    "05-new-face": """
    SecItemAdd key + [kSecValueData: "sk-1", kSecAttrAccessControl:
        SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly,
                                        .biometryCurrentSet, nil)]
    """,
    "06-reuse-window": """
    SecItemCopyMatching card + [kSecReturnData: true, kSecUseAuthenticationContext: signIn]
    """,
    "07-widget-access-group": """
    SecItemAdd token + [kSecValueData: "t1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock,
                        kSecAttrAccessGroup: "ABCDE12345.com.example.shared"]
    """,
    "08-extension-cannot-prompt": """
    SecItemAdd key + [kSecValueData: "mk-1", kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]
    """,
    "09-migrate-accessibility": """
    SecItemUpdate token [kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock]
    """,
  ]

  static var exercises: [Exercise] { (try? ExerciseCatalogue.load(folder: folder)) ?? [] }

  static let checker = ExerciseChecker(options: .init(kdfProfile: .fast))

  @Test func theCatalogueLoadsAndEveryExerciseHasASolution() throws {
    let names = try ExerciseCatalogue.load(folder: Self.folder).map(\.name)
    #expect(names.count >= 9)
    #expect(names == names.sorted())
    #expect(Set(names) == Set(Self.solutions.keys))
  }

  @Test(arguments: exercises)
  func brokenVersionFailsItsChecks(_ exercise: Exercise) {
    // Not strict: the checks themselves must fail, not only a pitfall warning.
    let report = ScenarioRunner(options: .init(kdfProfile: .fast))
      .run(source: exercise.source, name: exercise.path)
    #expect(report.loadError == nil, "\(report.loadError ?? "")")
    #expect(!report.failures.isEmpty, "\(exercise.name) passes as shipped")
    #expect(!report.failures.contains { $0.kind == .pitfall })
  }

  @Test(arguments: exercises)
  func solutionHoldsEveryCheck(_ exercise: Exercise) throws {
    let solution = try #require(Self.solutions[exercise.name])
    let report = Self.checker.check(
      source: exercise.replacingAppPart(with: solution), name: exercise.path)
    #expect(report.loadError == nil, "\(report.loadError ?? "")")
    for failure in report.failures { Issue.record("\(failure.rendered(file: exercise.path))") }
    #expect(report.warnings.isEmpty, "\(report.warnings.map(\.description))")
  }

  @Test(arguments: exercises)
  func everyExerciseHasATaskAndAHint(_ exercise: Exercise) {
    #expect(!exercise.title.isEmpty)
    #expect(!exercise.task.isEmpty)
    #expect(!exercise.hints.isEmpty)
    #expect(!exercise.appPart.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty)
  }
}
