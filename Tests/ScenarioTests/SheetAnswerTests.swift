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

  @Test func expectSheetOffersChecksTheLastSheet() {
    let report = play(
      setup + """
        expect ctx.evaluatedPolicyDomainState == nil
        user will fail 2 times
        user will cancel
        ctx.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in")
        expect sheet offers cancel, fallback
        expect sheet offers match, fail, cancel
        expect ctx.evaluatedPolicyDomainState != nil
        """)
    // Line 9: the last sheet offered only its buttons. Line 10: a cancelled evaluation sets no
    // domain state (LAContext.h: only a successful biometric evaluation or canEvaluatePolicy).
    #expect(report.failures.map(\.line) == [9, 10])
    #expect(report.transcript.contains("nil: neither canEvaluatePolicy nor a biometric"))
    #expect(report.transcript.contains("offered cancel, fallback"))
  }

  @Test func expectSheetOffersWithoutASheetFails() {
    let report = play("device passcode 123456\nexpect sheet offers cancel")
    #expect(report.failures.map(\.line) == [2])
    #expect(report.transcript.contains("the last statement showed no sheet"))
  }
}
