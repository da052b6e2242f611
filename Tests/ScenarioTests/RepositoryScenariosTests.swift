import Foundation
import Testing

@testable import Scenario

/// Plays every file under the repository's `scenarios/` folder: each must parse and every
/// expectation in it must hold, so the examples users copy stay true.
@Suite struct RepositoryScenariosTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios")

  static var files: [String] { ScenarioRunner.expand([folder.path]) }

  @Test func thereAreScenarios() {
    #expect(!Self.files.isEmpty, "no *.scenario files under \(Self.folder.path)")
  }

  @Test(arguments: files)
  func scenarioHolds(_ path: String) {
    let report = ScenarioRunner(options: .init(kdfProfile: .fast)).runFile(at: path)
    #expect(report.loadError == nil, "\(report.loadError ?? "")")
    for failure in report.failures {
      Issue.record("\(failure.rendered(file: path))")
    }
  }
}
