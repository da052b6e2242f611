import Keychain

extension ExpectationChecker {
  /// `expect success`, `expect errSec...`, `expect LAError.x`, `expect true|false` after a
  /// SecKey call. A Secure Enclave operation's LocalAuthentication error is not an OSStatus
  /// (SecCTKKey.m passes it through), so `expect errSecUserCanceled` does not match a
  /// cancelled sheet there, and the failure says which expectation would.
  func checkKey(_ expectation: Expectation, _ outcome: KeyCallOutcome) -> Verdict {
    let actual: String
    if let failure = outcome.failure {
      actual = "CFError " + (outcome.errorSummary ?? "\(failure.domain) \(failure.code)")
    } else if outcome.result == .bool(true) {
      actual = "true (success)"
    } else {
      actual = "success"
    }
    let held: Bool
    var hint: String? = nil
    switch expectation {
    case .success:
      held = outcome.failure == nil
    case .bool(let flag):
      held = (outcome.failure == nil) == flag
    case .status(let status):
      let code = outcome.failure?.localAuthenticationCode
      held = code == nil && outcome.status == status
      if let code {
        let instead = outcome.laError.map { " (expect LAError.\($0.name))" } ?? " (code \(code))"
        hint =
          "the CFError is in LocalAuthentication's domain, not an OSStatus: a Secure Enclave "
          + "key's operation passes LocalAuthentication's error through" + instead
      }
    case .laError(let code):
      held = outcome.laError == code
    default:
      held = false
    }
    return held
      ? .held
      : .failed(
        expected: describe(expectation, evaluate: { _ in .null }), actual: actual,
        explanation: hint ?? outcome.failure?.message)
  }
}
