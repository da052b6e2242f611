import DeviceState

/// How an authentication (a keychain item's access control, or a policy evaluation) ended.
package enum AuthenticationResult: Sendable, Equatable {
  /// The user proved what was asked, or the context already held it.
  case granted
  /// Refused with this LocalAuthentication error, for this reason.
  case denied(LAErrorCode, AuthenticationRefusal)
  /// The requirement needs something the simulator does not model (a companion device, an
  /// application password).
  case unsupported(AuthenticationRefusal.UnsimulatedFactor)
}
