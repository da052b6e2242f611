import DeviceState

/// Why iOS would not install an app as described: its entitlements are not ones its team's
/// provisioning profile allows, or its bundle does not fit its host app.
///
/// Becomes a refused ``DeviceOutcome``: the app is not installed and the transcript says why.
public struct InstallRefusal: Error, Sendable, Hashable {
  /// What was wrong, naming the entitlement, group or bundle id.
  public var cause: String
  /// The usual fix.
  public var fix: String?

  init(_ cause: String, fix: String? = nil) {
    self.cause = cause
    self.fix = fix
  }
}
