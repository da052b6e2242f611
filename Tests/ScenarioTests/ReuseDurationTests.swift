import Testing

@testable import Scenario

/// `touchIDAuthenticationAllowableReuseDuration`: values past 300 s act as 300 s, however
/// large; a huge count of seconds used to be reported as "a duration cannot be negative".
@Suite struct ReuseDurationTests {
  @Test(arguments: ["100000000000000000", "9223372036854775807"])
  func hugeReuseDurationActsAsTheMaximum(_ seconds: String) {
    let source = """
      let ctx = LAContext()
      ctx.touchIDAuthenticationAllowableReuseDuration = \(seconds)
      """
    let report = ScenarioRunner(options: .init(kdfProfile: .fast)).run(
      source: source, name: "test.scenario")
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(!report.transcript.contains("negative"))
    #expect(report.transcript.contains("values above 5 minutes act as 5m"), "\(report.transcript)")
  }

  @Test func negativeReuseDurationIsStillRefused() {
    let parsed = ParsingTestSupport.parse(
      "ctx.touchIDAuthenticationAllowableReuseDuration = -5")
    #expect(!parsed.diagnostics.isEmpty)
  }
}
