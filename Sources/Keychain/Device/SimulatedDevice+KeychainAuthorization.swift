import DeviceState
import Foundation

/// The bridge between the SecItem engine and the authentication flow: an item whose access
/// control needs the user is read or updated only once the flow grants it.
extension SimulatedDevice {
  /// The engine's authorizer for one call. Calls without kSecUseAuthenticationContext get a
  /// context of their own, shared by every item the call visits, as Security's client does.
  func keychainAuthorizer() -> SecItemEngine.Authorizer {
    let callContext = LAContext()
    return { [unowned self] item, parsed, action in
      self.authorize(item, parsed, action: action, fallbackContext: callContext)
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
    return SecItemFailure(
      .errSecItemNotFound, "skipped because of kSecUseAuthenticationUISkip")
  }

  private func authorize(
    _ item: KeychainItem, _ parsed: ParsedQuery, action: String, fallbackContext: LAContext
  ) -> SecItemFailure? {
    guard let control = item.accessControl,
      let requirement = AccessRequirement(
        flags: control.flags, boundGeneration: item.boundBiometryGeneration)
    else { return nil }
    let context = parsed.authenticationContext ?? fallbackContext
    if parsed.authenticationUI == .skip {
      return skipUnlessHeld(requirement, context: context)
    }
    var blockers = interactionBlockers(for: context)
    if parsed.authenticationUI == .fail {
      blockers.insert("the query has kSecUseAuthenticationUI = kSecUseAuthenticationUIFail", at: 0)
    }
    if parsed.noAuthenticationUI {
      blockers.insert("the query has kSecUseNoAuthenticationUI = true (deprecated)", at: 0)
    }
    let request = AuthenticationRequest(
      requirement: requirement, context: context,
      reason: parsed.operationPrompt ?? context.localizedReason,
      interactionBlockers: blockers)
    let description = ItemDescription.of(item)
    let flags = FlagNames.describe(control.flags)
    switch authenticate(request) {
    case .granted:
      return nil
    case .unsupported(let feature):
      return .unsupported(feature, fix: "use kSecUseAuthenticationUISkip to leave such items out")
    case .denied(let error, let cause, let fix):
      var text =
        "\(action) \(description), whose access control (\(flags)) needs the user: "
        + "\(cause); LocalAuthentication reported \(error)"
      switch error {
      case .notInteractive:
        text +=
          ", which SecItem reports as errSecInteractionNotAllowed. This -25308 is not a "
          + "locked class key: the \(control.protection) key is available; the user could not "
          + "be asked"
      case .userCancel:
        text += ", which SecItem reports as errSecUserCanceled"
      default:
        text += ", which SecItem reports as errSecAuthFailed"
      }
      return SecItemFailure(error.osStatus, text, fix: fix)
    }
  }
}
