/// How an authentication (a keychain item's access control, or a policy evaluation) ended.
enum AuthenticationResult: Sendable, Equatable {
  /// The user proved what was asked, or the context already held it.
  case granted
  /// Refused with this LocalAuthentication error; `cause` says why in the transcript's words.
  case denied(LAErrorCode, cause: String, fix: String?)
  /// The requirement needs something the simulator does not model (a companion device, an
  /// application password).
  case unsupported(String)
}
