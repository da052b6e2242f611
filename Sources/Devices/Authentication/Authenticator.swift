import DeviceState
import Foundation
import Keybag
import KeychainEngine

/// The one owner of authentication: the prompts (Face ID, Touch ID, the passcode sheet), the
/// LAContext evaluations and the keychain's authorisation of protected items.
///
/// It reads the device state and asks its ``AuthenticationHost`` (the device) to apply what a
/// prompt changed (a failed match, a verified passcode) and to check a passcode; it never
/// touches item rows or the keybag's keys. The flow is shared by keychain calls on protected
/// items and LAContext evaluations: reuse what the context already proved, else show
/// Face ID / Touch ID and the passcode sheet, consuming the user's answers until the flow
/// resolves (docs/evidence.md §7.2, §8.3).
package final class Authenticator {
  /// The device whose state prompts read and change.
  unowned let host: any AuthenticationHost
  /// Who answers prompts (Face ID, Touch ID, passcode sheets). The default never answers.
  var userAgent: any UserAgent = AbsentUser()
  /// Whether the calling app is in the foreground; in the background no prompt can be shown.
  var appState: AppExecutionState = .foreground
  /// The last Face ID / Touch ID match in an app (not on the lock screen), to explain that
  /// `touchIDAuthenticationAllowableReuseDuration` does not reuse it.
  var lastInAppBiometricMatch: SimulatedInstant?

  init(host: any AuthenticationHost) {
    self.host = host
  }

  /// The device state, as the host has it now.
  var securityState: SecurityState { host.securityState }

  /// One authentication to run.
  package struct AuthenticationRequest {
    var requirement: AccessRequirement
    var context: LAContext
    /// Shown in the prompt: kSecUseOperationPrompt, localizedReason, or nothing.
    var reason: String?
    /// Why no prompt may be shown (kSecUseAuthenticationUIFail, interactionNotAllowed, the
    /// app in the background); empty when prompts are allowed.
    var interactionBlockers: [AuthenticationRefusal.InteractionBlocker]
  }

  /// The reasons no prompt can be shown for `context`, besides any the call adds.
  func interactionBlockers(for context: LAContext) -> [AuthenticationRefusal.InteractionBlocker] {
    var blockers: [AuthenticationRefusal.InteractionBlocker] = []
    if appState == .background { blockers.append(.appInBackground) }
    if context.interactionNotAllowed { blockers.append(.contextInteractionNotAllowed) }
    if let kind = host.caller.app.extensionKind, !kind.canPresentUI {
      blockers.append(.extensionWithoutUI(bundleID: host.caller.app.bundleID, kind: kind))
    }
    return blockers
  }

  func authenticate(_ request: AuthenticationRequest) -> AuthenticationResult {
    let context = request.context
    var requirement = request.requirement
    if context.isInvalidated {
      return .denied(.invalidContext, .contextInvalidated)
    }
    if let factor = requirement.unsupportedFactor {
      return .unsupported(factor == .companion ? .companion : .applicationPassword)
    }
    if isSatisfied(requirement, by: context.credentials) { return .granted }

    // biometryCurrentSet bound to another enrolment set can never match again (docs/evidence.md
    // §7.2); it fails the request when no other factor can stand in.
    var biometrySetChanged = false
    if case .biometry(let bound?)? = requirement.biometryFactor,
      bound != securityState.biometry.domainGeneration
    {
      requirement.factors.removeAll { $0 == .biometry(boundGeneration: bound) }
      biometrySetChanged = requirement.mode == .all || requirement.factors.isEmpty
    }
    // The access-control stage of the read rules: which of these two comes first is
    // ReadObstacle's decision, shared with the population simulation.
    let obstacle = ReadObstacle.accessControl(
      needsPrompt: true, biometrySetChanged: biometrySetChanged,
      promptAllowed: request.interactionBlockers.isEmpty)
    if obstacle == .biometrySetChanged {
      return .denied(.authenticationFailed, .biometrySetChanged)
    }

    // A recent lock-screen unlock needs no prompt, so it is reused even where none may be shown.
    if requirement.biometryFactor != nil, let granted = reuseLockScreenUnlock(context) {
      return granted
    }
    if obstacle == .promptNotAllowed {
      return .denied(.notInteractive, .interactionNotAllowed(request.interactionBlockers))
    }
    guard securityState.passcode.isSet else {
      return .denied(.passcodeNotSet, .noPasscodeForPrompt)
    }
    switch requirement.mode {
    case .any:
      if requirement.biometryFactor != nil {
        if let unusable = biometryUnavailability() {
          if requirement.acceptsPasscode { return passcodeSheet(request) }
          return unusable
        }
        return biometricSheet(request, passcodeFallback: requirement.acceptsPasscode)
      }
      return passcodeSheet(request)
    case .all:
      for factor in requirement.factors {
        let result: AuthenticationResult
        switch factor {
        case .biometry:
          if let unusable = biometryUnavailability() { return unusable }
          result = biometricSheet(request, passcodeFallback: false)
        case .passcode:
          result = passcodeSheet(request)
        case .companion, .applicationPassword:
          result = .unsupported(factor == .companion ? .companion : .applicationPassword)
        }
        guard result == .granted else { return result }
      }
      return .granted
    }
  }

  // MARK: - What the context already holds

  func isSatisfied(_ requirement: AccessRequirement, by credentials: Set<LAContext.Credential>)
    -> Bool
  {
    let generation = securityState.biometry.domainGeneration
    func satisfied(_ factor: AccessRequirement.Factor) -> Bool {
      switch factor {
      case .biometry(let bound):
        if let bound, bound != generation { return false }
        return credentials.contains(.biometry(domainGeneration: generation))
      case .passcode: return credentials.contains(.passcode)
      case .companion, .applicationPassword: return false
      }
    }
    switch requirement.mode {
    case .any: return requirement.factors.contains(where: satisfied)
    case .all: return requirement.factors.allSatisfy(satisfied)
    }
  }

  /// A biometric lock-screen unlock within the context's reuse window counts as a match
  /// (LAContext.h `touchIDAuthenticationAllowableReuseDuration`).
  private func reuseLockScreenUnlock(_ context: LAContext) -> AuthenticationResult? {
    let window = context.effectiveReuseDuration
    guard window > .zero, let unlocked = securityState.biometry.lastBiometricUnlock,
      securityState.clock.now.duration(since: unlocked) <= window, biometryUnavailability() == nil
    else { return nil }
    context.add(.biometry(domainGeneration: securityState.biometry.domainGeneration))
    context.evaluatedPolicyDomainState = securityState.biometry.domainState
    return .granted
  }

  /// Why biometry cannot be used right now, in LocalAuthentication's order; `nil` if it can.
  func biometryUnavailability() -> AuthenticationResult? {
    let biometry = securityState.biometry
    if biometry.type == .none {
      return .denied(.biometryNotAvailable, .noBiometricHardware)
    }
    if !securityState.passcode.isSet {
      return .denied(.passcodeNotSet, .biometryNeedsPasscode(biometry.type))
    }
    if biometry.enrolled.isEmpty {
      return .denied(.biometryNotEnrolled, .nothingEnrolled(biometry.type))
    }
    if biometry.isLockedOut {
      return .denied(
        .biometryLockout,
        .biometryLockedOut(biometry.type, failedMatches: BiometryState.maximumFailedMatches))
    }
    // Apple Platform Security: the other states in which the passcode is required instead of
    // biometry. LocalAuthentication reports them as a lockout: the passcode unlocks biometry.
    if let requirement = securityState.biometryPasscodeRequirement, requirement != .restart {
      return .denied(.biometryLockout, .passcodeRequiredForBiometry(requirement))
    }
    return nil
  }

  // MARK: - The lock screen

  /// Shows the lock screen's Face ID / Touch ID prompt (with its passcode fallback) and
  /// returns the user's answer.
  func askOnLockScreen(_ kind: AuthenticationPrompt.Kind) -> UserResponse? {
    userAgent.respond(
      to: AuthenticationPrompt(kind: kind, reason: nil, app: nil, offersFallback: true))
  }

  /// Shows the lock screen's passcode keypad; `nil` when it is dismissed.
  func askLockScreenPasscode() -> String? {
    let keypad = AuthenticationPrompt(kind: .passcode, reason: nil, app: nil, offersFallback: false)
    guard case .enter(let passcode)? = userAgent.respond(to: keypad) else { return nil }
    return passcode
  }

  // MARK: - Sheets

  /// The biometric sheet as LAContext.h describes it. Touch ID: Cancel from the start, the
  /// fallback button after the first failed scan, and the evaluation fails after the third.
  /// Face ID: after the first failed scan Cancel and Try Face ID Again; after the second it
  /// stops scanning and waits for Cancel or the fallback button. The fifth failure in a row
  /// locks biometry out and ends the sheet (docs/fidelity.md,
  /// "Lockout and tries per sheet").
  private func biometricSheet(_ request: AuthenticationRequest, passcodeFallback: Bool)
    -> AuthenticationResult
  {
    guard let kind = AuthenticationPrompt.Kind.biometric(securityState.biometry.type) else {
      return biometryUnavailability() ?? .denied(.biometryNotAvailable, .unexplained)
    }
    // `localizedFallbackTitle = ""` hides the button, except where it leads to the passcode.
    let fallbackTitle = request.context.localizedFallbackTitle
    let fallbackVisible = passcodeFallback || fallbackTitle != ""
    var failures = 0
    while true {
      let prompt = AuthenticationPrompt(
        kind: kind, reason: request.reason, app: host.caller.app.bundleID,
        offersFallback: fallbackVisible && failures >= (kind == .touchID ? 1 : 2),
        offersScan: kind == .touchID || failures < 2, failedScans: failures,
        cancelTitle: request.context.localizedCancelTitle,
        fallbackTitle: fallbackTitle.flatMap { $0.isEmpty ? nil : $0 }
          ?? (passcodeFallback ? nil : "Enter Password"))
      let response = userAgent.respond(to: prompt)
      if let response, !prompt.acceptedResponses.contains(response.kind) {
        return dismissed(kind)
      }
      switch response {
      case nil, .enter?:
        return dismissed(kind)
      case .match?:
        host.apply(.biometricMatchSucceeded)
        lastInAppBiometricMatch = securityState.clock.now
        request.context.add(.biometry(domainGeneration: securityState.biometry.domainGeneration))
        request.context.evaluatedPolicyDomainState = securityState.biometry.domainState
        return .granted
      case .fail?:
        host.apply(.biometricMatchFailed)
        failures += 1
        if securityState.biometry.isLockedOut {
          if passcodeFallback { return passcodeSheet(request) }
          return biometryUnavailability() ?? .denied(.biometryLockout, .unexplained)
        }
        if kind == .touchID, failures >= 3 {
          if passcodeFallback { return passcodeSheet(request) }
          return .denied(
            .authenticationFailed,
            .noMatch(kind, tries: failures, failedInARow: securityState.biometry.failedMatches))
        }
      case .cancel?:
        return .denied(.userCancel, .cancelled(kind))
      case .fallback?:
        if passcodeFallback { return passcodeSheet(request) }
        return .denied(.userFallback, .fallbackTapped)
      }
    }
  }

  private func passcodeSheet(_ request: AuthenticationRequest) -> AuthenticationResult {
    let prompt = AuthenticationPrompt(
      kind: .passcode, reason: request.reason, app: host.caller.app.bundleID, offersFallback: false)
    while true {
      if let until = securityState.passcode.blockedUntil, securityState.clock.now < until {
        return .denied(.authenticationFailed, .passcodeEntryBlocked(until: until))
      }
      switch userAgent.respond(to: prompt) {
      case .enter(let passcode)?:
        do {
          try host.verifyPasscode(passcode)
        } catch {
          host.apply(.unlockFailed)
          continue
        }
        host.apply(.passcodeVerified)
        request.context.add(.passcode)
        return .granted
      case .cancel?:
        return .denied(.userCancel, .cancelled(.passcode))
      case nil, .match?, .fail?, .fallback?:
        return dismissed(.passcode)
      }
    }
  }

  private func dismissed(_ kind: AuthenticationPrompt.Kind) -> AuthenticationResult {
    .denied(.systemCancel, .dismissed(kind))
  }
}
