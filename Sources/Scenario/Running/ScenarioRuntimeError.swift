import ScenarioLanguage
/// A statement that parsed but cannot be played: the scenario stops there and fails.
///
/// Distinct from a failed expectation (which is an outcome and lets the scenario go on) and from
/// a parse error (which stops the file before anything runs).
public struct ScenarioRuntimeError: Error, Hashable, Sendable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }

  /// A statement whose behaviour the simulator does not model yet. Never a silent success.
  static func notSimulatedYet(_ statement: String, landsWith feature: String) -> Self {
    Self("not simulated yet: `\(statement)` (lands with \(feature))")
  }
}
