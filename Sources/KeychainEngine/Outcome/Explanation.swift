import DeviceState

/// Why a call or a device operation did not simply succeed, and what usually fixes it.
///
/// The transcript prints it under a failed call. It names the item, the attribute (by Apple's
/// name) or the device state involved, and never contains secret bytes or passcodes.
public struct Explanation: Sendable, Hashable, CustomStringConvertible {
  /// What happened and why, e.g. "item `token` (genp, service com.app) is class A and ...".
  public var cause: String
  /// The usual fix, or `nil` when there is nothing to fix (a warning about a quirk).
  public var fix: String?
  /// `true` when the call succeeded but did something a developer would not expect
  /// (SecItemAdd with a kSecMatch key reports success and stores nothing).
  public var isWarning: Bool

  public init(cause: String, fix: String? = nil, isWarning: Bool = false) {
    self.cause = cause
    self.fix = fix
    self.isWarning = isWarning
  }

  /// `cause`, then `fix: ...` on its own line when there is one.
  public var description: String {
    guard let fix else { return cause }
    return "\(cause)\nfix: \(fix)"
  }
}
