import ScenarioLanguage
/// An exercise or lesson folder, file or progress file that cannot be used: what and where.
public struct TrainingError: Error, Sendable, Equatable {
  public let message: String

  public init(_ message: String) { self.message = message }
}
