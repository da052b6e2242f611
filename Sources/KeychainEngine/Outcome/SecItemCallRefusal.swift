/// A SecItem call that no program on the device could have made: the calling app is not
/// installed, or the device has no SecItem API at all (an Android phone).
///
/// Returned in the outcome, as ``SimulationLimitation`` is, so that the scenario runner and a
/// library user calling the device directly learn the same thing from the device itself.
/// The outcome's status is then `errSecUnimplemented`, which is not Apple's answer: Apple's
/// devices never see such a call (docs/fidelity.md, "Calls no program could make").
public struct SecItemCallRefusal: Error, Sendable, Hashable, CustomStringConvertible {
  /// What makes the call impossible: "com.example.app is not installed (it was deleted), so
  /// it cannot make keychain calls".
  public var reason: String
  /// What to do instead.
  public var advice: String

  public init(reason: String, advice: String) {
    self.reason = reason
    self.advice = advice
  }

  public var description: String { "\(reason); \(advice)" }
}
