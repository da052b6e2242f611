import DeviceState
import KeychainEngine

/// `LAContext.evaluatePolicy` and `canEvaluatePolicy`, run on the host device (docs/evidence.md
/// §8).
extension Authenticator {
  /// `context.canEvaluatePolicy(policy, error: &error)`. Sets `biometryType` whatever the
  /// answer, and `evaluatedPolicyDomainState` when a biometric policy can be evaluated.
  func canEvaluatePolicy(_ policy: LAPolicy, context: LAContext) -> LAEvaluationOutcome {
    context.biometryType = securityState.biometry.type
    if context.isInvalidated {
      return .failure(.invalidContext, .contextInvalidatedForCheck)
    }
    switch policy {
    case .deviceOwnerAuthenticationWithBiometrics:
      if case .denied(let error, let refusal)? = biometryUnavailability() {
        return .failure(error, refusal)
      }
      context.evaluatedPolicyDomainState = securityState.biometry.domainState
      return LAEvaluationOutcome(value: true)
    case .deviceOwnerAuthentication:
      guard securityState.passcode.isSet else {
        return .failure(.passcodeNotSet, .noPasscodeForPolicy)
      }
      return LAEvaluationOutcome(value: true)
    }
  }

  /// `try await context.evaluatePolicy(policy, localizedReason: reason)`: shows the prompts the
  /// policy needs and consumes the user's answers.
  ///
  /// - Throws: ``LAContextMisuse`` for an empty reason (Apple raises
  ///   NSInvalidArgumentException: "localizedReason is nil or empty").
  func evaluatePolicy(_ policy: LAPolicy, context: LAContext, localizedReason: String)
    throws(LAContextMisuse) -> LAEvaluationOutcome
  {
    guard !localizedReason.isEmpty else {
      throw LAContextMisuse(
        description: "NSInvalidArgumentException: evaluatePolicy needs a non-empty "
          + "localizedReason (Apple's LAContext raises instead of returning an error)")
    }
    let requirement = AccessRequirement(policy: policy)
    // An evaluation always asks again: what the context proved only authorises keychain calls.
    let fresh = AuthenticationRequest(
      requirement: requirement, context: context, reason: localizedReason,
      interactionBlockers: interactionBlockers(for: context))
    let inAppMatchBefore = lastInAppBiometricMatch
    let unlockBefore = securityState.biometry.lastBiometricUnlock
    let result = authenticateForEvaluation(fresh)
    switch result {
    case .granted:
      return LAEvaluationOutcome(
        value: true, note: reuseNote(context, inAppMatch: inAppMatchBefore, unlock: unlockBefore))
    case .denied(let error, let refusal):
      return .failure(error, refusal)
    case .unsupported(let factor):
      return .failure(.authenticationFailed, .notSimulated(factor))
    }
  }

  /// The flow without the shortcut of credentials the context already holds, so a second
  /// evaluation prompts again (only the lock-screen reuse window skips the prompt).
  private func authenticateForEvaluation(_ request: AuthenticationRequest) -> AuthenticationResult {
    let held = request.context.credentials
    guard !held.isEmpty else { return authenticate(request) }
    let probe = LAContext()
    probe.touchIDAuthenticationAllowableReuseDuration =
      request.context.touchIDAuthenticationAllowableReuseDuration
    probe.interactionNotAllowed = request.context.interactionNotAllowed
    probe.localizedFallbackTitle = request.context.localizedFallbackTitle
    if request.context.isInvalidated { probe.invalidate() }
    var copy = request
    copy.context = probe
    let result = authenticate(copy)
    for credential in probe.credentials { request.context.add(credential) }
    if let state = probe.evaluatedPolicyDomainState {
      request.context.evaluatedPolicyDomainState = state
    }
    return result
  }

  /// When a reuse window was set and a prompt was still shown although the user matched in an
  /// app moments ago, name the common misreading of the property.
  private func reuseNote(
    _ context: LAContext, inAppMatch: SimulatedInstant?, unlock: SimulatedInstant?
  ) -> EvaluationNote? {
    let window = context.effectiveReuseDuration
    guard window > .zero, let inAppMatch, lastInAppBiometricMatch != inAppMatch else { return nil }
    let usedUnlock = unlock.map { securityState.clock.now.duration(since: $0) <= window } ?? false
    guard !usedUnlock, securityState.clock.now.duration(since: inAppMatch) <= window else {
      return nil
    }
    return .reuseWindowIgnoresInAppMatch(
      securityState.biometry.type, since: securityState.clock.now.duration(since: inAppMatch),
      window: window)
  }
}
