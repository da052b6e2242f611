import Foundation
package import Keychain
import KeychainSimulatorPhone

/// Apple's `LAContext` on the simulated phone: evaluations ask the phone's user, and a context
/// passed as `kSecUseAuthenticationContext` authorises keychain reads exactly as in the
/// scenario language. An `NSObject`, as on iOS, so it fits in `[String: AnyHashable]`.
///
/// Only the properties and calls Apple declares are public; the engine's context behind it is
/// visible to this package's modules only.
open class LAContext: NSObject, @unchecked Sendable {
  /// The engine's context (a reference: the keychain reads what evaluations proved on it).
  package let engineContext = Keychain.LAContext()

  public override init() {
    super.init()
  }

  open var localizedReason: String {
    get { engineContext.localizedReason ?? "" }
    set { engineContext.localizedReason = newValue }
  }

  open var localizedFallbackTitle: String? {
    get { engineContext.localizedFallbackTitle }
    set { engineContext.localizedFallbackTitle = newValue }
  }

  open var localizedCancelTitle: String? {
    get { engineContext.localizedCancelTitle }
    set { engineContext.localizedCancelTitle = newValue }
  }

  open var interactionNotAllowed: Bool {
    get { engineContext.interactionNotAllowed }
    set { engineContext.interactionNotAllowed = newValue }
  }

  /// Seconds; values past ``LATouchIDAuthenticationMaximumAllowableReuseDuration`` act as 300.
  open var touchIDAuthenticationAllowableReuseDuration: TimeInterval {
    get { Double(engineContext.touchIDAuthenticationAllowableReuseDuration.milliseconds) / 1_000 }
    set {
      let clamped = newValue.isFinite ? min(max(newValue, -1e9), 1e9) : 0
      engineContext.touchIDAuthenticationAllowableReuseDuration = .milliseconds(
        Int64((clamped * 1_000).rounded()))
    }
  }

  /// Set by ``canEvaluatePolicy(_:error:)``.
  open var biometryType: LABiometryType {
    LABiometryType(rawValue: engineContext.biometryType.rawValue) ?? .none
  }

  /// Changes whenever faces or fingers are enrolled or removed.
  open var evaluatedPolicyDomainState: Data? { engineContext.evaluatedPolicyDomainState }

  open func invalidate() { engineContext.invalidate() }

  /// Whether `policy` can be evaluated now; sets ``biometryType``.
  open func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool {
    guard let phone = SimulatedPhone.current else {
      error?.pointee = Self.noPhoneError()
      return false
    }
    let engine = Self.enginePolicy(policy)
    let outcome = phone.withDevice { $0.canEvaluatePolicy(engine, context: engineContext) }
    record(outcome, "LAContext.canEvaluatePolicy", "(.\(engine.name))", on: phone)
    if let failure = Self.error(for: outcome) { error?.pointee = failure as NSError }
    return outcome.value
  }

  /// Shows the prompt to the phone's user now (so the phone bound to the calling task answers)
  /// and delivers the answer on another thread, as LocalAuthentication does.
  open func evaluatePolicy(
    _ policy: LAPolicy, localizedReason: String,
    reply: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let (success, error) = evaluate(policy, localizedReason: localizedReason)
    DispatchQueue.global().async { reply(success, error) }
  }

  /// The async form: returns `true` or throws ``LAError``.
  open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool {
    let (success, error) = evaluate(policy, localizedReason: localizedReason)
    if let error { throw error }
    return success
  }

  // MARK: - Translation

  private func evaluate(_ policy: LAPolicy, localizedReason: String) -> (Bool, (any Error)?) {
    guard let phone = SimulatedPhone.current else { return (false, Self.noPhoneError()) }
    let engine = Self.enginePolicy(policy)
    let result = phone.withDevice { device -> Result<LAEvaluationOutcome, LAContextMisuse> in
      do throws(LAContextMisuse) {
        return .success(
          try device.evaluatePolicy(
            engine, context: engineContext, localizedReason: localizedReason))
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let outcome):
      record(outcome, "LAContext.evaluatePolicy", "(.\(engine.name))", on: phone)
      return (outcome.value, Self.error(for: outcome))
    case .failure(let misuse):
      // iOS raises NSInvalidArgumentException here; a test gets a clear error instead.
      let error = NSError(
        domain: "KeychainSimulator.LocalAuthentication", code: 1,
        userInfo: [
          NSLocalizedDescriptionKey: "evaluatePolicy misuse: \(misuse.description) "
            + "(iOS raises NSInvalidArgumentException)"
        ])
      phone.record(
        PhoneCall(
          function: "LAContext.evaluatePolicy", arguments: "(.\(engine.name))", status: 1,
          statusName: "NSInvalidArgumentException", why: misuse.description))
      return (false, error)
    }
  }

  private func record(
    _ outcome: LAEvaluationOutcome, _ function: String, _ arguments: String,
    on phone: SimulatedPhone
  ) {
    let code = outcome.error?.rawValue ?? 0
    phone.record(
      PhoneCall(
        function: function, arguments: arguments, status: Int32(code),
        statusName: outcome.error.map { "LAError.\($0.name)" }
          ?? (outcome.value ? "true" : "false"),
        why: outcome.explanation?.cause, fix: outcome.explanation?.fix))
  }

  private static func enginePolicy(_ policy: LAPolicy) -> Keychain.LAPolicy {
    switch policy {
    case .deviceOwnerAuthenticationWithBiometrics: .deviceOwnerAuthenticationWithBiometrics
    case .deviceOwnerAuthentication: .deviceOwnerAuthentication
    }
  }

  private static func error(for outcome: LAEvaluationOutcome) -> LAError? {
    guard let code = outcome.error, let apple = LAError.Code(rawValue: code.rawValue) else {
      return nil
    }
    var info: [String: Any] = [:]
    if let explanation = outcome.explanation {
      info[NSLocalizedDescriptionKey] = explanation.cause
      if let fix = explanation.fix { info[NSLocalizedRecoverySuggestionErrorKey] = fix }
    }
    return LAError(apple, userInfo: info)
  }

  private static func noPhoneError() -> NSError {
    NSError(
      domain: "KeychainSimulator.LocalAuthentication", code: 2,
      userInfo: [
        NSLocalizedDescriptionKey: "the simulated phone could not be created: "
          + (SimulatedPhone.sharedCreationError?.description ?? "unknown reason")
      ])
  }
}
