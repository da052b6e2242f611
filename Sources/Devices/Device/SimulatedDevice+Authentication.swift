import DeviceState
import Keybag
import KeychainEngine

/// The device's side of authentication: thin entry points that hand LocalAuthentication to
/// the ``Authenticator``, and the host role it plays for it (applying what a prompt changed).
extension SimulatedDevice: AuthenticationHost {
  /// `context.canEvaluatePolicy(policy, error: &error)`; see
  /// ``Authenticator/canEvaluatePolicy(_:context:)``.
  public func canEvaluatePolicy(_ policy: LAPolicy, context: LAContext) -> LAEvaluationOutcome {
    authenticator.canEvaluatePolicy(policy, context: context)
  }

  /// `try await context.evaluatePolicy(policy, localizedReason: reason)`: shows the prompts the
  /// policy needs and consumes the user's answers.
  ///
  /// - Throws: ``LAContextMisuse`` for an empty reason (Apple raises
  ///   NSInvalidArgumentException: "localizedReason is nil or empty").
  public func evaluatePolicy(_ policy: LAPolicy, context: LAContext, localizedReason: String)
    throws(LAContextMisuse) -> LAEvaluationOutcome
  {
    try authenticator.evaluatePolicy(policy, context: context, localizedReason: localizedReason)
  }

  package func verifyPasscode(_ passcode: String) throws(KeybagError) {
    try keybag.verifyPasscode(passcode)
  }

  /// Applies a device event that cannot be refused here (the flow checked beforehand).
  package func apply(_ event: DeviceEvent) {
    var next = securityState
    let commands: [KeybagCommand]
    do {
      commands = try next.handle(event)
    } catch {
      // The prompt flow checked the state before answering: a refusal here is a simulator
      // bug, caught in debug builds; release builds leave the device as it was.
      assertionFailure("device event \(event) refused after the flow checked it: \(error)")
      return
    }
    for command in commands { keybag.apply(command) }
    securityState = next
    saveRecordingFailure()
  }
}
