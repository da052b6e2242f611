import Foundation
import ScenarioLanguage

/// JUnit XML for `--junit PATH`, the format CI systems (GitHub Actions reporters, GitLab,
/// Jenkins) read, kept to the common JUnit schema (Jenkins' junit-10.xsd): one `<testcase>` per
/// scenario file, named by its file name with its folder as `classname` (dots between folders,
/// as a Java package) and its `time`; one `<failure>` for a file that failed, every failed
/// expectation, scenario error or (strict) pitfall folded into it, whose message starts with
/// `file:line`; an `<error>` for a file that did not parse (it has no failure: nothing of it
/// ran); the transcript as `<system-out>`. The suite carries the total `time` and a `timestamp`.
///
/// Written while the files play: a finished file's test case goes to `cases` and the file
/// being played's transcript to `caseOutput` (escaped as it comes), so only spools grow with
/// a long run, not memory (``FileSpool`` for `keychain-sim run --junit`); ``finish(suiteName:
/// timestamp:write:)`` writes the head with the counts, then the cases.
public final class JUnitRunWriter: ScenarioRunOutput {
  private let cases: any TextSpool
  private let caseOutput: any TextSpool
  private var tests = 0
  private var failures = 0
  private var errors = 0
  private var totalSeconds = 0.0

  public init(cases: any TextSpool, caseOutput: any TextSpool) {
    self.cases = cases
    self.caseOutput = caseOutput
  }

  public func fileStarted(_ path: String) {
    caseOutput.drain { _ in }
  }

  public func transcript(_ text: String) {
    caseOutput.append(Self.escape(text))
  }

  public func step(_ record: StepRecord) {}

  public func fileFinished(_ file: ScenarioFileReport) {
    tests += 1
    totalSeconds += file.duration
    let (folder, name) = Self.classAndName(file.path)
    var xml = [
      #"    <testcase classname="\#(Self.escape(folder))" name="\#(Self.escape(name))""#
        + #" time="\#(Self.seconds(file.duration))">"#
    ]
    if let loadError = file.loadError {
      errors += 1
      let message = Self.escape(loadError.split(separator: "\n").first.map(String.init) ?? "")
      xml.append(
        #"      <error type="parse" message="\#(message)">\#(Self.escape(loadError))</error>"#)
    } else if let failure = Self.failureElement(file) {
      failures += 1
      xml.append("      " + failure)
    }
    cases.append(xml.joined(separator: "\n") + "\n")
    if !caseOutput.isEmpty {
      cases.append("      <system-out>")
      caseOutput.drain { cases.append($0) }
      cases.append("</system-out>\n")
    }
    if !file.warnings.isEmpty {
      cases.append(
        "      <system-err>"
          + Self.escape(file.warnings.map(\.description).joined(separator: "\n"))
          + "</system-err>\n")
    }
    cases.append("    </testcase>\n")
  }

  /// Writes the document: the suites with their counts and total time, every test case, the
  /// closing tags.
  public func finish(
    suiteName: String = "keychain-sim", timestamp: Date = Date(), write: (String) -> Void
  ) {
    let counts = #"tests="\#(tests)" failures="\#(failures)" errors="\#(errors)""#
    let total = Self.seconds(totalSeconds)
    let stamp = ISO8601DateFormatter.string(
      from: timestamp, timeZone: TimeZone(identifier: "UTC") ?? .current,
      formatOptions: [
        .withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate,
      ])
    write(
      [
        #"<?xml version="1.0" encoding="UTF-8"?>"#,
        #"<testsuites name="\#(Self.escape(suiteName))" \#(counts) time="\#(total)">"#,
        #"  <testsuite name="\#(Self.escape(suiteName))" \#(counts) skipped="0" time="\#(total)""#
          + #" timestamp="\#(stamp)">"#,
      ].joined(separator: "\n") + "\n")
    cases.drain(into: write)
    write("  </testsuite>\n</testsuites>\n")
  }
}

extension JUnitRunWriter {
  static func failureElement(_ file: ScenarioFileReport) -> String? {
    guard let first = file.failures.first else { return nil }
    var kinds: [String] = []
    for failure in file.failures {
      let kind =
        switch failure.kind {
        case .expectation: "expectation"
        case .scenarioError: "scenario-error"
        case .pitfall: "pitfall"
        }
      if !kinds.contains(kind) { kinds.append(kind) }
    }
    var message =
      first.rendered(file: file.path).split(separator: "\n").first.map(String.init) ?? ""
    let more = file.failures.dropFirst().map(\.line)
    if !more.isEmpty {
      let lines = more.map(String.init).joined(separator: ", ")
      message +=
        more.count == 1
        ? " (and 1 more failure: line \(lines))"
        : " (and \(more.count) more failures: lines \(lines))"
    }
    let text = file.failures.map { $0.rendered(file: file.path) }.joined(separator: "\n")
    return
      #"<failure type="\#(escape(kinds.joined(separator: ",")))" message="\#(escape(message))">"#
      + escape(text) + "</failure>"
  }

  /// `scenarios/data-protection/three-am.scenario` → (`scenarios.data-protection`,
  /// `three-am.scenario`); a file without a folder is in class `keychain-sim`.
  static func classAndName(_ path: String) -> (classname: String, name: String) {
    var parts = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    let name = parts.popLast() ?? path
    let folders = parts.filter { $0 != "." && $0 != ".." }
    return (folders.isEmpty ? "keychain-sim" : folders.joined(separator: "."), name)
  }

  /// Seconds with millisecond precision, as JUnit's `time` (an xs:decimal).
  static func seconds(_ value: Double) -> String {
    String(format: "%.3f", max(0, value))
  }

  /// Escapes text for an XML attribute or element; control characters XML 1.0 forbids are
  /// dropped.
  static func escape(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
      case _ where scalar.value < 0x20: continue
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
