import ScenarioLanguage

/// The result of playing one scenario file: its transcript and everything that failed.
public struct ScenarioFileReport: Sendable, Codable {
  public enum Status: String, Sendable, Codable {
    /// Every expectation held.
    case passed
    /// An expectation failed or a statement could not be played.
    case failed
    /// The file could not be read or parsed; nothing of it ran.
    case error
  }

  /// The path as given on the command line (or found in a folder).
  public let path: String
  /// The whole transcript; empty when the run streamed it to a ``ScenarioRunOutput``
  /// instead.
  public var transcript: String
  public var failures: [ScenarioFailure]
  /// Notes that do not fail the file (answers still queued at the end).
  public var warnings: [ScenarioWarning]
  /// The rendered read or parse error (`file:line:column: message`, source line, caret).
  public var loadError: String?
  /// The parse errors as data, where each is (empty for a file that could not be read).
  public var diagnostics: [LoadDiagnostic] = []
  /// Every statement played, as data (`--format json`); empty when the run streamed them to
  /// a ``ScenarioRunOutput`` instead.
  public var steps: [StepRecord] = []
  /// How many `expect` statements held.
  public var heldCount = 0
  /// The transcript's last lines: pitfalls noticed at the end of the file and the verdict
  /// (`✓ passed (3 expectations held)`, or `✗ failed ...` and every failure's line).
  public var closing = ""
  /// How long reading, parsing and playing the file took, in seconds (JUnit's `time`).
  public var duration: Double = 0

  public init(
    path: String, transcript: String = "", failures: [ScenarioFailure] = [],
    warnings: [ScenarioWarning] = [], loadError: String? = nil
  ) {
    self.path = path
    self.transcript = transcript
    self.failures = failures
    self.warnings = warnings
    self.loadError = loadError
  }

  public var status: Status {
    if loadError != nil { return .error }
    return failures.isEmpty ? .passed : .failed
  }
}
