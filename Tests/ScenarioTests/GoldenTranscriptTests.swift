import Foundation
import Testing

@testable import Scenario

/// Plays each `Golden/<name>.scenario` and compares its transcript with `<name>.expected`.
@Suite struct GoldenTranscriptTests {
  static let runner = ScenarioRunner(options: .init(kdfProfile: .fast))

  @Test(arguments: GoldenFile.names(withExtension: "scenario"))
  func transcriptMatchesGolden(_ name: String) throws {
    let source = try GoldenFile.input(name, ext: "scenario")
    let report = Self.runner.run(source: source, name: "\(name).scenario")
    var text = report.transcript
    if let loadError = report.loadError { text += loadError }
    GoldenFile.assertMatches(text, name: name)
  }

  @Test func thereAreGoldenScenarios() {
    #expect(GoldenFile.names(withExtension: "scenario").count >= 5)
  }
}
