import DeviceState
import KeychainEngine

/// The Mac's own settings: how each app runs there (docs/evidence.md §11, facts 40-43).
extension SimulatedDevice {
  /// How `bundleID` runs on this Mac; `nil` on any other kind of device.
  public func macPersonality(of bundleID: String) -> MacAppPersonality? {
    route.personality(of: bundleID)
  }

  /// Whether SecItemAdd of `query` by the current app lands in a Mac's file-based login
  /// keychain because nothing in it asks for the data protection keychain (no
  /// kSecUseDataProtectionKeychain, no kSecAttrSynchronizable true, no access control), as a
  /// signed or ad-hoc app's add does: the pitfall of code written for iOS (TN3137). `false` on
  /// any other device, for a daemon (it has no other keychain) and when the query says
  /// kSecUseDataProtectionKeychain false on purpose.
  public func addsToLoginKeychainByDefault(_ query: SecQuery) -> Bool {
    guard let personality = route.personality(of: caller.app.bundleID), personality != .daemon
    else { return false }
    return MacKeychainRoute.route(query, personality: personality).target == .both
  }

  /// `mac app <bundleID> daemon|catalyst|ad-hoc|signed`: from now on the app's calls are routed
  /// as that kind of program's are. Refused on a device that is not a Mac, or for an app that
  /// is not installed. Saved with the Mac.
  public func setMacPersonality(_ personality: MacAppPersonality, of bundleID: String)
    -> DeviceOutcome
  {
    guard route.personality(of: bundleID) != nil else {
      return .refused("\(bundleID): not changed", .notAMac(platform))
    }
    guard apps.isInstalled(bundleID) else {
      return .refused(
        "\(bundleID): not changed",
        .unknownApp(
          bundleID: bundleID, everInstalled: apps.app(bundleID) != nil,
          installed: apps.apps.filter(\.isInstalled).map(\.bundleID)))
    }
    _ = route.setPersonality(personality, of: bundleID)
    saveRecordingFailure()
    return .done("\(bundleID) runs as \(personality.displayName)")
  }
}

extension SimulatedDevice {
  /// Shows `prompt` to this device's user: the answer, or `nil` when nobody answers.
  package func askUser(_ prompt: AuthenticationPrompt) -> UserResponse? {
    authenticator.userAgent.respond(to: prompt)
  }

  /// Whether `password` is the account's login password: the device passcode (any text when
  /// none is set: the account has no password).
  package func isLoginPassword(_ password: String) -> Bool {
    guard securityState.passcode.isSet else { return true }
    do {
      try keybag.verifyPasscode(password)
      return true
    } catch {
      // A wrong password, or a keybag that cannot check it: either way not the login
      // password, and the refusal that follows says so.
      return false
    }
  }
}
