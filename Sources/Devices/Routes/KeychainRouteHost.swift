import DeviceState
import KeychainEngine

/// What a ``KeychainRoute`` needs from the device a call is made on besides the call's
/// context (which comes as a value): its data protection keychain, and its user, who answers
/// a dialog and knows the login password. Read per call, so a route holds no copy of the
/// device's state.
package protocol KeychainRouteHost: AnyObject {
  /// The data protection keychain (the iOS keychain).
  var engine: SecItemEngine { get }
  /// Shows `prompt` to the device's user (a file-based keychain's access dialog); `nil`
  /// when nobody answers.
  func askUser(_ prompt: AuthenticationPrompt) -> UserResponse?
  /// Whether `password` is the account's login password.
  func isLoginPassword(_ password: String) -> Bool
  /// What kind of device this is, for the words of a refusal.
  var platform: DevicePlatform { get }
}
