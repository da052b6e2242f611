import Testing

@testable import Scenario

/// Scripted answers follow the sheet (issue 15 §1): an answer the current sheet does not offer
/// stops the scenario with an error that names what it offers.
@Suite struct SheetAnswerTests {
  private func play(_ source: String) -> ScenarioFileReport {
    ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "test.scenario")
  }

  private let setup = """
    device passcode 123456
    biometry enroll alice
    let ctx = LAContext()

    """

  @Test func aThirdScanAfterFaceIDStoppedIsAnErrorNamingTheButtons() {
    let report = play(
      setup + """
        user will fail 3 times
        ctx.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in")
        """)
    #expect(report.failures.first?.line == 5)
    #expect(
      report.transcript.contains(
        "the scripted answer `user will fail` does not fit the Face ID prompt after 2 failed "
          + "scans (buttons: Cancel, Enter Password), which offers cancel, fallback"))
  }

  @Test func theFallbackOnFaceIDsFirstSheetIsAnError() {
    let report = play(
      setup + """
        user will fallback
        ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Sign in")
        """)
    #expect(report.failures.first?.line == 5)
    #expect(report.transcript.contains("which offers match, fail, cancel"))
  }

  @Test func answersThatFollowTheSheetPlayThrough() {
    let report = play(
      setup + """
        user will fail 2 times
        user will fallback
        user will enter 123456
        ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Sign in")
        expect success
        expect prompts 4
        """)
    #expect(report.failures.isEmpty)
  }
}
