import ScenarioLanguage
/// What playing one statement produced, for the runner's transcript or the REPL's output.
public struct StepReport: Sendable {
  /// Lines to show under the statement (outcome, explanation, result, narration, state).
  public var lines: [String]
  /// Set for an `expect`: whether it held, and the failure when not.
  public var expectation: ExpectationReport?
  /// `quit`: stop reading statements.
  public var quit: Bool
  /// The outcome this statement produced (a call's status, result and explanation), as data
  /// for `--format json`; `nil` for a statement that produced none.
  var outcome: RecordedOutcome?
  /// Known mistakes of app code this statement showed (``PitfallDetector``); they change no
  /// result.
  public var pitfalls: [Pitfall] = []

  public init(lines: [String] = [], expectation: ExpectationReport? = nil, quit: Bool = false) {
    self.lines = lines
    self.expectation = expectation
    self.quit = quit
  }
}

/// The verdict of one `expect`.
public enum ExpectationReport: Sendable, Equatable {
  case held
  case failed(ScenarioFailure)
}
