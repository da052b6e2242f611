import DeviceState
import Foundation
import KeychainEngine

/// The bridge between the SecItem engine and the authentication flow: an item whose access
/// control needs the user is read or updated only once the flow grants it.
extension Authenticator {
  /// The engine's authorizer for the calls run in `callContext`'s
  /// ``CallAuthenticationContext/withNewCall(_:)``. Calls without kSecUseAuthenticationContext
  /// get a context of their own, shared by every item the call visits, as Security's client does.
  func keychainAuthorizer(_ callContext: CallAuthenticationContext) -> SecItemEngine.Authorizer {
    return { [unowned self] item, parsed, action in
      self.authorize(item, parsed, action: action, callContext: callContext)
    }
  }

  /// kSecUseAuthenticationUISkip: no LocalAuthentication evaluation runs; securityd decrypts
  /// with the credentials the context already holds (an evaluated kSecUseAuthenticationContext)
  /// and skips the item when they do not satisfy its access control (SecItemDb.c
  /// `q_skip_acl_items`). The failure returned only tells the engine to skip.
  private func skipUnlessHeld(_ requirement: AccessRequirement, context: LAContext)
    -> SecItemFailure?
  {
    if !context.isInvalidated, isSatisfied(requirement, by: context.credentials) { return nil }
    return SecItemFailure(.errSecItemNotFound, .skippedByAuthenticationUI)
  }

  private func authorize(
    _ item: KeychainItem, _ parsed: ParsedQuery, action: SecItemFailure.ItemAction,
    callContext: CallAuthenticationContext
  ) -> SecItemFailure? {
    guard let control = item.accessControl,
      let requirement = AccessRequirement(
        flags: control.flags, boundGeneration: item.boundBiometryGeneration)
    else { return nil }
    let context = parsed.authenticationContext ?? callContext.context
    if parsed.authenticationUI == .skip {
      return skipUnlessHeld(requirement, context: context)
    }
    var blockers = interactionBlockers(for: context)
    if parsed.authenticationUI == .fail {
      blockers.insert(.authenticationUIFail, at: 0)
    }
    if parsed.noAuthenticationUI {
      blockers.insert(.noAuthenticationUI, at: 0)
    }
    let request = AuthenticationRequest(
      requirement: requirement, context: context,
      reason: parsed.operationPrompt ?? context.localizedReason,
      interactionBlockers: blockers)
    switch authenticate(request) {
    case .granted:
      return nil
    case .unsupported(let factor):
      return .unsupported(.authentication(factor))
    case .denied(let error, let refusal):
      return SecItemFailure(
        error.osStatus,
        .authenticationDenied(
          SecItemFailure.AuthenticationDenial(
            action: action, item: SecItemFailure.ItemName(item),
            flags: FlagNames.describe(control.flags), protection: control.protection,
            error: error, refusal: refusal)))
    }
  }
}
