import DeviceState
import Keybag
import KeychainEngine

/// What the ``Authenticator`` needs from the device it runs on: its state, a way to apply
/// what a prompt changed, the passcode check, and the calling app (named in prompts).
package protocol AuthenticationHost: AnyObject {
  var securityState: SecurityState { get }
  var caller: Caller { get }
  /// Applies a device event the flow has already checked (a failed match, a verified
  /// passcode) and saves the device.
  func apply(_ event: DeviceEvent)
  /// Checks a passcode without loading any key.
  func verifyPasscode(_ passcode: String) throws(KeybagError)
}
