import DeviceState

/// Why the authentication flow refused, with the values that explain it. It travels inside
/// ``SecItemFailure`` (an item's access control) and ``LAEvaluationOutcome`` (a policy
/// evaluation); ``AuthenticationRefusalRenderer`` is the only place that words it.
public enum AuthenticationRefusal: Sendable, Hashable {
  /// `invalidate()` was called before an authentication on the context.
  case contextInvalidated
  /// `canEvaluatePolicy` on an invalidated context.
  case contextInvalidatedForCheck
  /// A biometryCurrentSet item whose enrolment set changed: it can never be opened again.
  case biometrySetChanged
  /// A prompt was needed but none may be shown, for these reasons (never empty).
  case interactionNotAllowed([InteractionBlocker])
  /// A prompt was needed and no passcode is set, which every prompt needs.
  case noPasscodeForPrompt
  /// `canEvaluatePolicy(.deviceOwnerAuthentication)` with no passcode set.
  case noPasscodeForPolicy
  /// No Face ID or Touch ID hardware.
  case noBiometricHardware
  /// Biometry of this type needs a passcode, and none is set.
  case biometryNeedsPasscode(BiometryType)
  /// Nothing enrolled in this biometry.
  case nothingEnrolled(BiometryType)
  /// Biometry locked out after `failedMatches` failures in a row.
  case biometryLockedOut(BiometryType, failedMatches: Int)
  /// The passcode is required instead of biometry (Apple Platform Security: after 48 hours
  /// without an unlock, 156 hours without the passcode, ...); LocalAuthentication reports it
  /// as a lockout.
  case passcodeRequiredForBiometry(BiometryPasscodeRequirement)
  /// The biometric sheet used up its tries without a match.
  case noMatch(AuthenticationPrompt.Kind, tries: Int, failedInARow: Int)
  /// The user tapped Cancel on this prompt.
  case cancelled(AuthenticationPrompt.Kind)
  /// The user tapped the fallback button of a biometry-only prompt.
  case fallbackTapped
  /// Passcode entry is disabled after too many wrong passcodes.
  case passcodeEntryBlocked(until: SimulatedInstant)
  /// The prompt went away without an answer (nothing scripted).
  case dismissed(AuthenticationPrompt.Kind)
  /// Refused for a reason the flow does not describe (a path that cannot normally be taken).
  case unexplained
  /// The requirement needs a factor the simulator does not model.
  case notSimulated(UnsimulatedFactor)

  /// Why no prompt could be shown.
  public enum InteractionBlocker: Sendable, Hashable {
    /// The query has kSecUseNoAuthenticationUI = true (deprecated).
    case noAuthenticationUI
    /// The query has kSecUseAuthenticationUI = kSecUseAuthenticationUIFail.
    case authenticationUIFail
    /// The app is in the background.
    case appInBackground
    /// The LAContext has interactionNotAllowed = true.
    case contextInteractionNotAllowed
    /// The caller is an extension of a kind with no UI to present a prompt over (a widget, a
    /// notification service extension).
    case extensionWithoutUI(bundleID: String, kind: AppExtensionKind)
  }

  /// Authentication factors the simulator does not model.
  public enum UnsimulatedFactor: Sendable, Hashable {
    /// `.companion`: a paired Apple Watch or companion device.
    case companion
    /// `.applicationPassword`.
    case applicationPassword
  }
}

/// A note attached to a successful evaluation: something a developer would not expect.
public enum EvaluationNote: Sendable, Hashable {
  /// The user was prompted again although biometry matched in the app `since` ago, within
  /// the context's `touchIDAuthenticationAllowableReuseDuration` (`window`), which reuses only
  /// a lock-screen unlock.
  case reuseWindowIgnoresInAppMatch(
    BiometryType, since: SimulatedDuration, window: SimulatedDuration)
}
