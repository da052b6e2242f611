import DeviceState

/// A behaviour the simulator does not reproduce yet.
///
/// Returned instead of guessing: a call that would need Face ID, or an identity item, must not
/// look like a success. The outcome carrying it has status `errSecUnimplemented` (-4).
public struct SimulationLimitation: Error, Sendable, Hashable, CustomStringConvertible {
  /// What is not simulated, e.g. "reading an item whose access control requires user
  /// authentication (biometryAny)".
  public var feature: String

  public init(feature: String) { self.feature = feature }

  public var description: String { "not simulated yet: \(feature)" }
}
