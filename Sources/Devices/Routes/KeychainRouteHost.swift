import DeviceState
import KeychainEngine

/// What a ``KeychainRoute`` needs from the device a call is made on: its data protection
/// keychain, the call's context (caller, state, clock, authorisation), and a Mac's keychain
/// access dialog. Read per call, so a route holds no copy of the device's state.
package protocol KeychainRouteHost: AnyObject {
  /// The data protection keychain (the iOS keychain).
  var engine: SecItemEngine { get }
  /// The context of a call made now, as the current caller.
  var callContext: SecItemEngine.Context { get }
  /// The file-based keychain's access dialog, answered by the device's user.
  var keychainAccessDialog: KeychainAccessDialog { get }
  /// What kind of device this is, for the words of a refusal.
  var platform: DevicePlatform { get }
}
