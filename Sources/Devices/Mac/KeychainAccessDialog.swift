import DeviceState
import KeychainEngine

/// The dialog a Mac shows when an app that is not on a file-based item's trusted list reads
/// its secret (docs/evidence.md §11, fact 44): "<App> wants to use your confidential
/// information stored in "<item>" in your keychain", with the login password, Deny and Allow.
///
/// SecurityAgent shows it, not the app, so it appears even for a daemon or an extension that
/// cannot show UI. The simulator shows it as a password sheet: `user will enter <password>`
/// types the login password (the Mac's passcode) and clicks Allow, once; `user will cancel`
/// clicks Deny. "Always Allow" is not offered (docs/fidelity.md, "The Mac").
package struct KeychainAccessDialog {
  /// Shows the prompt to the user; `nil` when nobody answers.
  var ask: (AuthenticationPrompt) -> UserResponse?
  /// Whether the text typed is the login password.
  var checkPassword: (String) -> Bool

  /// `nil` when the user allowed the read, else the failed outcome: Deny or a wrong password
  /// → errSecAuthFailed (field reports; UNCERTAIN), no answer → errSecAuthFailed too.
  func authorize(app: String, item: String, keychain: FileBasedKeychain.Name) -> SecItemOutcome? {
    let text =
      "\(app) wants to use your confidential information stored in \"\(item)\" in your "
      + "keychain."
    let prompt = AuthenticationPrompt(
      kind: .passcode, reason: text, app: app, offersFallback: false)
    let why: String
    switch ask(prompt) {
    case .enter(let password)? where checkPassword(password):
      return nil
    case .enter?:
      why = "the password typed is not the login password"
    case .cancel?:
      why = "the user clicked Deny"
    default:
      why = "nobody answered the dialog"
    }
    return SecItemOutcome(
      status: .errSecAuthFailed,
      explanation: Explanation(
        cause: "\(app) is not on the trusted list of \"\(item)\" in the "
          + "\(keychain.displayName) (an item trusts the app that added it), so the Mac asked "
          + "the user, and \(why)",
        fix: "store the item in the data protection keychain (kSecUseDataProtectionKeychain: "
          + "true) with a keychain access group both apps have; the file-based keychain has no "
          + "groups"))
  }
}
