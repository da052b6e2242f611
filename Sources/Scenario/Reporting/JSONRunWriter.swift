import Foundation
import ScenarioLanguage

/// `--format json`, written while the files play (docs/cli.md, "JSON schema"): each statement's
/// record as soon as it is played, each file's verdict when it ends, the summary last, so a
/// long scenario is never held whole.
///
/// The document's keys come in a fixed order, the order things are known in: a file's
/// `steps` before its `status`; within a record, keys are sorted. Each record is one line.
///
/// ```swift
/// let writer = JSONRunWriter { print($0, terminator: "") }
/// let report = runner.run(paths: ["scenarios"], output: writer)
/// writer.finish(report)
/// ```
public final class JSONRunWriter: ScenarioRunOutput {
  /// The schema's version: raised when a field is removed or changes meaning, not when one is
  /// added. A document without the field is the unversioned shape of earlier releases (1).
  public static let schemaVersion = 2

  private let write: (String) -> Void
  private var filesWritten = 0
  private var stepsWritten = 0
  private var started = false
  private let encoder: JSONEncoder = {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }()

  /// - Parameter write: receives the document in pieces, in order.
  public init(write: @escaping (String) -> Void) { self.write = write }

  public func fileStarted(_ path: String) {
    openDocument()
    write(
      (filesWritten > 0 ? "," : "") + "\n    {\n      \"path\": \(Self.quoted(path)),\n"
        + "      \"steps\": [")
    filesWritten += 1
    stepsWritten = 0
  }

  /// The transcript is in the steps' `transcript` and the file's `closing`.
  public func transcript(_ text: String) {}

  public func step(_ record: StepRecord) {
    write((stepsWritten > 0 ? "," : "") + "\n        " + encoded(record))
    stepsWritten += 1
  }

  public func fileFinished(_ report: ScenarioFileReport) {
    let failures = report.failures.map { encoded(FailureRecord($0, file: report.path)) }
    let warnings = report.warnings.map { encoded(WarningRecord($0)) }
    let diagnostics = report.diagnostics.map { encoded($0) }
    var fields = [
      "\"status\": \(Self.quoted(report.status.rawValue))",
      "\"expectationsHeld\": \(report.heldCount)",
      "\"failures\": " + Self.list(failures),
      "\"warnings\": " + Self.list(warnings),
      "\"error\": " + (report.loadError.map(Self.quoted) ?? "null"),
      "\"diagnostics\": " + Self.list(diagnostics),
      "\"closing\": " + Self.quoted(report.closing),
    ]
    fields[0] = (stepsWritten > 0 ? "\n      ],\n" : "],\n") + "      " + fields[0]
    write(fields.joined(separator: ",\n      ") + "\n    }")
  }

  /// Ends the document with the run's summary (`report` need hold no transcript or steps).
  public func finish(_ report: RunReport) {
    openDocument()
    let summary = [
      "\"passed\": \(report.passedCount)", "\"failed\": \(report.failedCount)",
      "\"errors\": \(report.errorCount)", "\"files\": \(report.files.count)",
      "\"exitCode\": \(report.exitCode)",
    ]
    write(
      (filesWritten > 0 ? "\n  ],\n" : "],\n") + "  \"summary\": {"
        + summary.joined(separator: ", ") + "}\n}\n")
  }

  private func openDocument() {
    guard !started else { return }
    started = true
    write("{\n  \"schemaVersion\": \(Self.schemaVersion),\n  \"files\": [")
  }

  private static func list(_ elements: [String]) -> String {
    elements.isEmpty
      ? "[]" : "[\n        " + elements.joined(separator: ",\n        ") + "\n      ]"
  }

  /// One line of JSON; a value of strings, numbers and optionals always encodes.
  private func encoded(_ value: some Encodable) -> String {
    do {
      return String(decoding: try encoder.encode(value), as: UTF8.self)
    } catch {
      preconditionFailure("a report record did not encode: \(error)")
    }
  }

  /// A JSON string literal.
  static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}

/// A failure of a file in `--format json`: its parts as fields, and the text `run` prints.
private struct FailureRecord: Encodable {
  let kind: String
  let line: Int
  let statement: String
  let expected: String
  let actual: String?
  let why: String?
  let fix: String?
  let text: String

  init(_ failure: ScenarioFailure, file: String) {
    kind = failure.kind.rawValue
    line = failure.line
    statement = failure.statement
    expected = failure.expected
    actual = failure.kind == .expectation ? failure.actual : nil
    let parts = failure.explanation?.components(separatedBy: "\nfix: ")
    why = parts?.first
    fix = parts.flatMap { $0.count > 1 ? $0[1] : nil }
    text = failure.rendered(file: file)
  }
}

/// A warning of a file in `--format json`: its kind and line, for a pitfall which mistake and
/// the lesson, for unused answers the answers; and the line `run` writes to stderr.
private struct WarningRecord: Encodable {
  let kind: String
  let line: Int?
  let pitfall: String?
  let earlierLine: Int?
  let lesson: String?
  let message: String?
  let count: Int?
  let answers: [String]?
  let text: String

  init(_ warning: ScenarioWarning) {
    text = warning.description
    switch warning {
    case .pitfall(_, let found):
      kind = "pitfall"
      line = found.line
      pitfall = found.kind.rawValue
      earlierLine = found.earlierLine
      lesson = found.kind.lesson
      message = ScenarioWarning.message(for: found)
      count = nil
      answers = nil
    case .unusedAnswers(_, let first, let total, let entries):
      kind = "unusedAnswers"
      line = first
      pitfall = nil
      earlierLine = nil
      lesson = nil
      message = nil
      count = total
      answers = entries
    }
  }
}
