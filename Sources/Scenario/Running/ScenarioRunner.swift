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
    var report = RunReport()
    for path in paths {
      let expanded = Self.expand([path])
      if expanded.isEmpty {
        // A folder without scenario files is a mistake (a wrong path in CI), not a pass.
        let file = ScenarioFileReport(
          path: path, loadError: "\(path): error: the folder has no *.scenario files")
        onFile(file)
        report.files.append(file)
      }
      for file in expanded.map(runFile(at:)) {
        onFile(file)
        report.files.append(file)
      }
    }
    return report
  }

  /// Reads, parses and plays one file.
  public func runFile(at path: String) -> ScenarioFileReport {
    let start = ContinuousClock.now
    var report = readAndRun(path)
    report.duration = Self.seconds(since: start)
    return report
  }

  /// Parses and plays scenario text (a file's, or standard input's as `<stdin>`), timed.
  public func run(source: String, name: String) -> ScenarioFileReport {
    let start = ContinuousClock.now
    var report = parseAndPlay(source: source, name: name)
    report.duration = Self.seconds(since: start)
    return report
  }

  /// Parses and plays scenario text on `device` instead of a fresh one (a test suite's
  /// simulated phone), timed; a `reset` statement still starts a device of its own.
  public func run(source: String, name: String, on device: SimulatedDevice) -> ScenarioFileReport {
    let start = ContinuousClock.now
    var report = parseAndPlay(source: source, name: name) {
      .init(device: device, options: options)
    }
    report.duration = Self.seconds(since: start)
    return report
  }

  private static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  private func readAndRun(_ path: String) -> ScenarioFileReport {
    let source: String
    do {
      source = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      return ScenarioFileReport(path: path, loadError: "\(path): error: \(Self.readError(path))")
    }
    return parseAndPlay(source: source, name: path)
  }

  /// Parses and plays on a fresh device.
  private func parseAndPlay(source: String, name: String) -> ScenarioFileReport {
    parseAndPlay(source: source, name: name) { () throws(ScenarioRuntimeError) in
      try ScenarioSession(options: options)
    }
  }

  private func parseAndPlay(
    source: String, name: String,
    session makeSession: () throws(ScenarioRuntimeError) -> ScenarioSession
  ) -> ScenarioFileReport {
    let statements: [Statement]
    do {
      statements = try ScenarioParser.parse(file: name, source: source)
    } catch {
      let rendered = error.diagnostics.map { $0.rendered() }.joined()
      return ScenarioFileReport(path: name, loadError: rendered)
    }
    return play(statements, name: name, session: makeSession)
  }

  /// Plays parsed statements on a fresh session.
  func play(
    _ statements: [Statement], name: String,
    session makeSession: () throws(ScenarioRuntimeError) -> ScenarioSession
  ) -> ScenarioFileReport {
    var report = ScenarioFileReport(path: name)
    var writer = TranscriptWriter()
    writer.header(name)
    var session: ScenarioSession
    do {
      session = try makeSession()
    } catch {
      report.loadError = "\(name): error: \(error.message)"
      report.transcript = writer.text
      return report
    }
    let echo = StatementEcho()
    var held = 0
    playing: for statement in statements {
      let line = statement.location.line
      let text = echo.text(for: statement)
      do {
        let step = try session.execute(statement)
        defer { notePitfalls(step.pitfalls, in: &report, writer: &writer) }
        report.steps.append(
          StepRecord(statement: text, line: line, step: step, formatter: session.formatter))
        switch step.expectation {
        case .held?:
          held += 1
          writer.statement(line: line, text: text, mark: "✓")
        case .failed(let failure)?:
          report.failures.append(failure)
          writer.statement(line: line, text: text, mark: "✗ FAILED (\(name):\(line))")
        case nil:
          if case .say = statement.kind {
            writer.statement(line: line, text: step.lines.joined(separator: "\n"))
            continue playing
          }
          writer.statement(line: line, text: text)
        }
        writer.details(step.lines)
        if step.quit {
          writer.details(["quit: the rest of the file is not played"])
          break playing
        }
      } catch {
        writer.statement(line: line, text: text, mark: "✗ ERROR (\(name):\(line))")
        writer.details([
          TextWrap.labelled("error: ", error.message), "the rest of the file is not played",
        ])
        report.failures.append(
          ScenarioFailure(
            kind: .scenarioError, line: line, statement: text, expected: error.message))
        report.steps.append(.error(statement: text, line: line, message: error.message))
        break playing
      }
    }
    notePitfalls(session.finishPitfalls(), in: &report, writer: &writer)
    if let warning = Self.unusedAnswersWarning(session, file: name) {
      report.warnings.append(warning)
    }
    // Warnings are not part of the transcript: the command line writes them to stderr.
    writer.plain(closingLine(report, held: held))
    report.transcript = writer.text
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
