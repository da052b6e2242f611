import Foundation
import Keychain
import ScenarioLanguage

/// Plays scenario files, each on its own fresh device, and reports every failure (docs/cli.md,
/// "Exit status").
///
/// A file that cannot be read or parsed does not run at all; a failed expectation is reported
/// and the file goes on; a statement that cannot be played stops its file.
///
/// ```swift
/// let report = ScenarioRunner(options: .init(kdfProfile: .fast)).run(paths: ["scenarios"])
/// print(report.summaryLine)   // 3 passed, 1 failed (4 scenario files)
/// ```
public struct ScenarioRunner: Sendable {
  public var options: ScenarioSession.Options
  /// `run --strict`: a pitfall warning (``Pitfall``) fails its file.
  public var strict: Bool

  public init(options: ScenarioSession.Options = .init(), strict: Bool = false) {
    self.options = options
    self.strict = strict
  }

  /// Runs every file given, folders expanded to their `*.scenario` files (recursively, sorted).
  ///
  /// - Parameter onFile: called with each file's report as soon as it is done, so a long run
  ///   shows progress.
  public func run(paths: [String], onFile: (ScenarioFileReport) -> Void = { _ in }) -> RunReport {
    let collected = CollectedRunOutput()
    var report = RunReport()
    forEachFile(paths, output: collected) { file in
      let file = collected.completed(file)
      onFile(file)
      report.files.append(file)
    }
    return report
  }

  /// Runs every file given as ``run(paths:onFile:)`` does, handing each file's transcript and
  /// records to `output` while it plays, so memory does not grow with a file's length.
  ///
  /// - Returns: the files' reports without transcripts or steps (`output` had them).
  public func run(paths: [String], output: some ScenarioRunOutput) -> RunReport {
    var report = RunReport()
    forEachFile(paths, output: output) { report.files.append($0) }
    return report
  }

  /// Plays scenario text (standard input's, as `<stdin>`) into `output`, timed.
  public func run(source: String, name: String, output: some ScenarioRunOutput)
    -> ScenarioFileReport
  {
    timed(name, output: output) { parseAndPlay(source: source, name: name, output: output) }
  }

  private func forEachFile(
    _ paths: [String], output: some ScenarioRunOutput, _ done: (ScenarioFileReport) -> Void
  ) {
    for path in paths {
      let expanded = Self.expand([path])
      if expanded.isEmpty {
        // A folder without scenario files is a mistake (a wrong path in CI), not a pass.
        let file = ScenarioFileReport(
          path: path, loadError: "\(path): error: the folder has no *.scenario files")
        output.fileStarted(path)
        output.fileFinished(file)
        done(file)
      }
      for file in expanded {
        done(timed(file, output: output) { readAndRun(file, output: output) })
      }
    }
  }

  /// Reads, parses and plays one file.
  public func runFile(at path: String) -> ScenarioFileReport {
    let collected = CollectedRunOutput()
    return collected.completed(
      timed(path, output: collected) { readAndRun(path, output: collected) })
  }

  /// Parses and plays scenario text (a file's, or standard input's as `<stdin>`), timed.
  public func run(source: String, name: String) -> ScenarioFileReport {
    let collected = CollectedRunOutput()
    return collected.completed(run(source: source, name: name, output: collected))
  }

  /// Parses and plays scenario text on `device` instead of a fresh one (a test suite's
  /// simulated phone), timed; a `reset` statement still starts a device of its own.
  public func run(source: String, name: String, on device: SimulatedDevice) -> ScenarioFileReport {
    let collected = CollectedRunOutput()
    let report = timed(name, output: collected) {
      parseAndPlay(source: source, name: name, output: collected) {
        .init(device: device, options: options)
      }
    }
    return collected.completed(report)
  }

  /// Announces the file to `output`, plays it, and finishes it with its duration.
  private func timed(
    _ name: String, output: some ScenarioRunOutput, _ play: () -> ScenarioFileReport
  ) -> ScenarioFileReport {
    let start = ContinuousClock.now
    output.fileStarted(name)
    var report = play()
    report.duration = Self.seconds(since: start)
    output.fileFinished(report)
    return report
  }

  private static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  private func readAndRun(_ path: String, output: some ScenarioRunOutput) -> ScenarioFileReport {
    let source: String
    do {
      source = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      return ScenarioFileReport(path: path, loadError: "\(path): error: \(Self.readError(path))")
    }
    return parseAndPlay(source: source, name: path, output: output)
  }

  /// Parses and plays on a fresh device.
  private func parseAndPlay(source: String, name: String, output: some ScenarioRunOutput)
    -> ScenarioFileReport
  {
    parseAndPlay(source: source, name: name, output: output) {
      () throws(ScenarioRuntimeError) in try ScenarioSession(options: options)
    }
  }

  private func parseAndPlay(
    source: String, name: String, output: some ScenarioRunOutput,
    session makeSession: () throws(ScenarioRuntimeError) -> ScenarioSession
  ) -> ScenarioFileReport {
    // Two passes, so that memory does not grow with the file: the first finds every error
    // (then nothing of the file plays) and keeps no statement; the second hands each statement
    // to the session as soon as it parses.
    let plan = ScenarioParser.check(file: name, source: source)
    guard plan.diagnostics.isEmpty else {
      let rendered = plan.diagnostics.map { $0.rendered() }.joined()
      var report = ScenarioFileReport(path: name, loadError: rendered)
      report.diagnostics = plan.diagnostics.map {
        LoadDiagnostic(
          line: $0.location.line, column: $0.location.column, severity: $0.severity.rawValue,
          message: $0.message)
      }
      return report
    }
    return play(name: name, output: output, session: makeSession) { each in
      ScenarioParser.stream(file: name, source: source, plan: plan, each: each)
    }
  }

  /// Plays parsed statements on a fresh session into `output`, statement by statement: the
  /// report keeps the counts, failures and warnings, never the transcript.
  ///
  /// `statements` hands each statement to the closure it is given, in order; once a statement
  /// stops the file (an error, `quit`), the rest are skipped.
  private func play(
    name: String, output: some ScenarioRunOutput,
    session makeSession: () throws(ScenarioRuntimeError) -> ScenarioSession,
    statements: ((Statement) -> Void) -> Void
  ) -> ScenarioFileReport {
    var report = ScenarioFileReport(path: name)
    var writer = TranscriptWriter()
    writer.header(name)
    output.transcript(writer.drain())
    var session: ScenarioSession
    do {
      session = try makeSession()
    } catch {
      report.loadError = "\(name): error: \(error.message)"
      return report
    }
    let echo = StatementEcho()
    var stopped = false
    statements { statement in
      guard !stopped else { return }
      let line = statement.location.line
      let text = echo.text(for: statement)
      var record: StepRecord
      var stop = false
      do throws(ScenarioRuntimeError) {
        let step = try session.execute(statement)
        record = StepRecord(statement: text, line: line, step: step, formatter: session.formatter)
        // `say` shows its narration in place of the statement.
        var isNarration = false
        if case .say = statement.kind { isNarration = true }
        switch step.expectation {
        case .held?:
          report.heldCount += 1
          writer.statement(line: line, text: text, mark: "✓")
        case .failed(let failure)?:
          report.failures.append(failure)
          writer.statement(line: line, text: text, mark: "✗ FAILED (\(name):\(line))")
        case nil:
          writer.statement(
            line: line, text: isNarration ? step.lines.joined(separator: "\n") : text)
        }
        if !isNarration { writer.details(step.lines) }
        if step.quit {
          writer.details(["quit: the rest of the file is not played"])
          stop = true
        }
        notePitfalls(step.pitfalls, in: &report, writer: &writer)
      } catch {
        writer.statement(line: line, text: text, mark: "✗ ERROR (\(name):\(line))")
        writer.details([
          TextWrap.labelled("error: ", error.message), "the rest of the file is not played",
        ])
        report.failures.append(
          ScenarioFailure(
            kind: .scenarioError, line: line, statement: text, expected: error.message))
        record = .error(statement: text, line: line, message: error.message)
        stop = true
      }
      record.transcript = writer.drain()
      output.transcript(record.transcript)
      output.step(record)
      if stop { stopped = true }
    }
    notePitfalls(session.finishPitfalls(), in: &report, writer: &writer)
    if let warning = Self.unusedAnswersWarning(session, file: name) {
      report.warnings.append(warning)
    }
    // Warnings are not part of the transcript: the command line writes them to stderr.
    writer.plain(closingLine(report, held: report.heldCount))
    report.closing = writer.drain()
    output.transcript(report.closing)
    return report
  }

  /// Shows each pitfall under its statement and keeps it as a warning (a failure under
  /// `strict`).
  private func notePitfalls(
    _ pitfalls: [Pitfall], in report: inout ScenarioFileReport, writer: inout TranscriptWriter
  ) {
    for pitfall in pitfalls {
      let warning = ScenarioWarning.pitfall(file: report.path, pitfall: pitfall)
      writer.details([ScenarioWarning.note(for: pitfall)])
      report.warnings.append(warning)
      if strict {
        report.failures.append(
          ScenarioFailure(
            kind: .pitfall, line: pitfall.line, statement: pitfall.kind.rawValue,
            expected: ScenarioWarning.message(for: pitfall)))
      }
    }
  }

  /// One warning for every answer left in the queue, however many.
  static func unusedAnswersWarning(_ session: ScenarioSession, file: String) -> ScenarioWarning? {
    let answers = session.unusedAnswers
    guard !answers.isEmpty else { return nil }
    return .unusedAnswers(
      file: file, line: session.firstUnusedAnswerLine, total: session.unusedAnswerCount,
      entries: answers)
  }

  private func closingLine(_ report: ScenarioFileReport, held: Int) -> String {
    let expectations = held == 1 ? "1 expectation held" : "\(held) expectations held"
    guard !report.failures.isEmpty else { return "✓ passed (\(expectations))" }
    let failed = report.failures.count
    let lines = report.failures.map { failure in
      failure.kind == .expectation
        ? "  \(report.path):\(failure.line): expectation failed: \(failure.statement)"
        : "  \(report.path):\(failure.line): error: \(failure.expected)"
    }
    return
      (["✗ failed (\(failed) \(failed == 1 ? "failure" : "failures"), \(expectations))"]
      + lines).joined(separator: "\n")
  }

  // MARK: - Files

  /// Paths in the order given; each folder replaced by its `*.scenario` files, sorted.
  static func expand(_ paths: [String]) -> [String] {
    paths.flatMap { path -> [String] in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
        isDirectory.boolValue
      else { return [path] }
      let base = path.hasSuffix("/") ? String(path.dropLast()) : path
      let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
      return found.filter { $0.hasSuffix(".scenario") }.sorted().map { base + "/" + $0 }
    }
  }

  private static func readError(_ path: String) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return "no such file or folder"
    }
    return isDirectory.boolValue ? "is a folder" : "cannot be read as UTF-8 text"
  }
}
