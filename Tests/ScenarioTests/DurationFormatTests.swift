import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// One duration type and one format: what the transcript prints, `wait` reads back.
@Suite struct DurationFormatTests {
  @Test(
    arguments: [
      (0, "0ms"), (500, "500ms"), (10_000, "10s"), (5_400_000, "1h 30m"),
      (93_784_005, "1d 2h 3m 4s 5ms"), (172_800_000, "2d"),
    ] as [(Int64, String)])
  func aPrintedDurationLexesBack(_ milliseconds: Int64, _ text: String) throws {
    let duration = SimulatedDuration(milliseconds: milliseconds)
    #expect(duration.description == text)
    #expect(try ParsingTestSupport.kind("wait \(duration)") == .wait(duration))
  }

  @Test func theClockAndTheWaitStatementSpellDurationsAlike() throws {
    var session = try ScenarioSession(options: .init(kdfProfile: .fast))
    let statements = try ScenarioParser.parse(file: "t", source: "wait 1h30m")
    let step = try session.execute(try #require(statements.first))
    #expect(step.lines.joined().contains("clock advanced by 1h 30m to t+1h 30m"))
  }
}
