/// Where a file's transcript and records go while it plays.
///
/// `keychain-sim run` prints each statement's transcript as soon as it is played and writes
/// the JSON and JUnit reports as it goes, so a long scenario is never held whole: the runner
/// keeps only the file's counts, failures and warnings (issue 28, part 3; docs/cli.md,
/// "Memory").
/// ``ScenarioRunner/run(paths:output:)`` plays into one; the runner's other entry points
/// collect the same calls into ``ScenarioFileReport/transcript`` and
/// ``ScenarioFileReport/steps``.
public protocol ScenarioRunOutput: AnyObject {
  /// A file begins: every call below until ``fileFinished(_:)`` is about it.
  func fileStarted(_ path: String)
  /// Transcript text in order, whole lines each ending in a newline.
  func transcript(_ text: String)
  /// A statement was played (its transcript went to ``transcript(_:)`` just before).
  func step(_ record: StepRecord)
  /// The file is done: its status, failures, warnings, load error, closing lines and
  /// duration (the report holds no transcript and no steps).
  func fileFinished(_ report: ScenarioFileReport)
}

/// Several outputs fed the same calls in order (the transcript on standard output and a
/// JUnit file, say).
public final class ScenarioRunOutputs: ScenarioRunOutput {
  private let outputs: [any ScenarioRunOutput]

  public init(_ outputs: [any ScenarioRunOutput]) { self.outputs = outputs }

  public func fileStarted(_ path: String) { for output in outputs { output.fileStarted(path) } }
  public func transcript(_ text: String) { for output in outputs { output.transcript(text) } }
  public func step(_ record: StepRecord) { for output in outputs { output.step(record) } }
  public func fileFinished(_ report: ScenarioFileReport) {
    for output in outputs { output.fileFinished(report) }
  }
}

/// Keeps what the runner streams, for the entry points that return a whole file's report.
final class CollectedRunOutput: ScenarioRunOutput {
  private(set) var transcriptText = ""
  private(set) var steps: [StepRecord] = []

  func fileStarted(_ path: String) {
    transcriptText = ""
    steps = []
  }
  func transcript(_ text: String) { transcriptText += text }
  func step(_ record: StepRecord) { steps.append(record) }
  func fileFinished(_ report: ScenarioFileReport) {}

  /// `report` with the transcript and steps collected.
  func completed(_ report: ScenarioFileReport) -> ScenarioFileReport {
    var report = report
    report.transcript = transcriptText
    report.steps = steps
    return report
  }
}
