import DeviceState

/// The one place an ``AuthenticationRefusal`` or an ``EvaluationNote`` becomes words: the cause
/// in the transcript's terms and the usual fix. ``SecItemFailureRenderer`` uses it for items
/// whose access control refused; the LAContext outcomes use it directly.
package enum AuthenticationRefusalRenderer {
  package static func explanation(_ refusal: AuthenticationRefusal) -> Explanation {
    let (cause, fix) = words(refusal)
    return Explanation(cause: cause, fix: fix)
  }

  static func explanation(_ note: EvaluationNote) -> Explanation {
    switch note {
    case .reuseWindowIgnoresInAppMatch(let type, let since, let window):
      Explanation(
        cause:
          "the user was prompted again although \(type) matched in the app \(since) ago, within "
          + "touchIDAuthenticationAllowableReuseDuration (\(window)): that property reuses only "
          + "a biometric unlock OF THE LOCK SCREEN, never an earlier match in an app (LAContext.h)",
        fix: "to avoid a second prompt, keep the evaluated LAContext and pass it as "
          + "kSecUseAuthenticationContext")
    }
  }

  /// The cause and the fix (`nil` when there is nothing to fix).
  package static func words(_ refusal: AuthenticationRefusal) -> (cause: String, fix: String?) {
    switch refusal {
    case .contextInvalidated:
      return (
        "the LAContext was invalidated (invalidate() was called)",
        "create a new LAContext for each authentication"
      )
    case .contextInvalidatedForCheck:
      return ("the LAContext was invalidated", nil)
    case .biometrySetChanged:
      return (
        "the item's access control is kSecAccessControlBiometryCurrentSet and the "
          + "enrolled faces or fingers changed since it was added: Apple invalidates such "
          + "items (\"When fingers are added or removed, the item is invalidated\"); no match "
          + "can open it again, though it can still be deleted",
        "delete the item and add it again after re-authenticating the user; use "
          + ".biometryAny (or .userPresence) if it should survive enrolment changes"
      )
    case .interactionNotAllowed(let blockers):
      return (
        "authentication is needed but no prompt may be shown: "
          + blockers.map(phrase).joined(separator: "; "),
        blockers.contains(where: \.isExtensionWithoutUI)
          ? "read the item in the containing app (or a share extension), or keep what the "
            + "extension needs in an item without an access control that needs the user"
          : blockers.contains(.appInBackground)
            ? "read the item while the app is in the foreground, or store it without an access "
              + "control that needs the user"
            : "allow the prompt (drop kSecUseAuthenticationUIFail / interactionNotAllowed), or "
              + "evaluate an LAContext first and pass it as kSecUseAuthenticationContext"
      )
    case .noPasscodeForPrompt:
      return (
        "no device passcode is set, and Face ID, Touch ID and the passcode sheet all need one",
        "set a device passcode"
      )
    case .noPasscodeForPolicy:
      return ("no device passcode is set", "set a passcode")
    case .noBiometricHardware:
      return (
        "the device has no Face ID or Touch ID hardware",
        "offer the passcode (.deviceOwnerAuthentication / .userPresence)"
      )
    case .biometryNeedsPasscode(let type):
      return ("no device passcode is set; \(type) needs one", "set a device passcode")
    case .nothingEnrolled(let type):
      return (
        "no face or finger is enrolled in \(type)",
        "enrol one (biometry enroll <name>), or accept the passcode (.userPresence)"
      )
    case .passcodeRequiredForBiometry(let requirement):
      return (
        requirement.description,
        "enter the passcode (on the lock screen, or via .deviceOwnerAuthentication)"
      )
    case .biometryLockedOut(let type, let failedMatches):
      return (
        "\(type) is locked out after \(failedMatches) failed matches; the passcode is "
          + "required to use it again",
        "enter the passcode (on the lock screen, or via .deviceOwnerAuthentication)"
      )
    case .noMatch(let kind, let tries, let failedInARow):
      return (
        "\(kind.title) did not match (\(tries) tries on this prompt, \(failedInARow) failed in "
          + "a row)",
        "try again; after \(BiometryState.maximumFailedMatches) failures in a row biometry "
          + "locks out until the passcode is entered"
      )
    case .cancelled(let kind):
      let prompt = kind == .passcode ? "passcode sheet" : "\(kind.title) prompt"
      return (
        "the user tapped Cancel on the \(prompt)",
        "let the user retry; do not treat it as an error"
      )
    case .fallbackTapped:
      return (
        "the user tapped the fallback button; with "
          + ".deviceOwnerAuthenticationWithBiometrics the app must offer its own fallback",
        "handle LAError.userFallback, or use .deviceOwnerAuthentication to get the "
          + "passcode sheet"
      )
    case .passcodeEntryBlocked(let until):
      return (
        "passcode entry is disabled until \(until) after too many wrong passcodes",
        "wait until the delay ends"
      )
    case .dismissed(let kind):
      return ("the \(kind.title) prompt was dismissed without an answer", nil)
    case .unexplained:
      return ("", nil)
    case .notSimulated(let factor):
      return ("not simulated: \(describe(factor))", nil)
    }
  }

  /// What the simulator does not model, as "not simulated yet: ..." completes it.
  package static func describe(_ factor: AuthenticationRefusal.UnsimulatedFactor) -> String {
    switch factor {
    case .companion:
      "access control with .companion (a paired Apple Watch or companion device)"
    case .applicationPassword: "access control with .applicationPassword"
    }
  }

  private static func phrase(_ blocker: AuthenticationRefusal.InteractionBlocker) -> String {
    switch blocker {
    case .noAuthenticationUI: "the query has kSecUseNoAuthenticationUI = true (deprecated)"
    case .authenticationUIFail:
      "the query has kSecUseAuthenticationUI = kSecUseAuthenticationUIFail"
    case .appInBackground:
      "the app is in the background, where no Face ID, Touch ID or passcode prompt can be shown"
    case .contextInteractionNotAllowed: "the LAContext has interactionNotAllowed = true"
    case .extensionWithoutUI(let bundleID, let kind):
      "\(bundleID) is a \(kind.displayName), which has no UI to present a Face ID, Touch ID "
        + "or passcode prompt over"
    }
  }
}

extension AuthenticationRefusal.InteractionBlocker {
  /// Whether this blocker is an extension with no UI (its fix differs: use the host app).
  var isExtensionWithoutUI: Bool {
    if case .extensionWithoutUI = self { return true }
    return false
  }
}
