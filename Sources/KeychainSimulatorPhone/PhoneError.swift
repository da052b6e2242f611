/// Why the simulated phone could not do what a test asked (a wrong passcode, an app the
/// device refuses to install): the test set the phone up wrongly, so it is an error.
public struct PhoneError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What was asked: `unlock`, `setPasscode`.
  public var operation: String
  /// What the device said.
  public var reason: String
  /// What usually fixes it.
  public var fix: String?

  public init(operation: String, reason: String, fix: String? = nil) {
    self.operation = operation
    self.reason = reason
    self.fix = fix
  }

  public var description: String {
    "SimulatedPhone.\(operation) failed: \(reason)" + (fix.map { " (fix: \($0))" } ?? "")
  }
}
