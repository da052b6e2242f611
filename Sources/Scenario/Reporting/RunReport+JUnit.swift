import Foundation
import ScenarioLanguage

/// JUnit XML for `--junit PATH`, the format CI systems (GitHub Actions reporters, GitLab,
/// Jenkins) read, kept to the common JUnit schema (Jenkins' junit-10.xsd): one `<testcase>` per
/// scenario file, named by its file name with its folder as `classname` (dots between folders,
/// as a Java package) and its `time`; one `<failure>` for a file that failed, every failed
/// expectation, scenario error or (strict) pitfall folded into it, whose message starts with
/// `file:line`; an `<error>` for a file that did not parse (it has no failure: nothing of it
/// ran); the transcript as `<system-out>`. The suite carries the total `time` and a `timestamp`.
extension RunReport {
  public func junitXML(suiteName: String = "keychain-sim", timestamp: Date = Date()) -> String {
    var xml = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    let counts =
      #"tests="\#(files.count)" failures="\#(failedCount)" errors="\#(errorCount)""#
    let total = Self.seconds(files.reduce(0) { $0 + $1.duration })
    xml.append(#"<testsuites name="\#(Self.escape(suiteName))" \#(counts) time="\#(total)">"#)
    let stamp = ISO8601DateFormatter.string(
      from: timestamp, timeZone: TimeZone(identifier: "UTC") ?? .current,
      formatOptions: [
        .withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate,
      ])
    xml.append(
      #"  <testsuite name="\#(Self.escape(suiteName))" \#(counts) skipped="0" time="\#(total)""#
        + #" timestamp="\#(stamp)">"#)
    for file in files {
      let (folder, name) = Self.classAndName(file.path)
      xml.append(
        #"    <testcase classname="\#(Self.escape(folder))" name="\#(Self.escape(name))""#
          + #" time="\#(Self.seconds(file.duration))">"#)
      if let loadError = file.loadError {
        let message = Self.escape(loadError.split(separator: "\n").first.map(String.init) ?? "")
        xml.append(
          #"      <error type="parse" message="\#(message)">\#(Self.escape(loadError))</error>"#)
      } else if let failure = Self.failureElement(file) {
        xml.append("      " + failure)
      }
      if !file.transcript.isEmpty {
        xml.append("      <system-out>\(Self.escape(file.transcript))</system-out>")
      }
      if !file.warnings.isEmpty {
        xml.append(
          "      <system-err>\(Self.escape(file.warnings.map(\.description).joined(separator: "\n")))</system-err>"
        )
      }
      xml.append("    </testcase>")
    }
    xml.append("  </testsuite>")
    xml.append("</testsuites>")
    return xml.joined(separator: "\n") + "\n"
  }

  /// The one `<failure>` of a file that failed, as CI viewers expect one per test case: every
  /// failure of the file folded in. Its `type` is the kind (`expectation`, `scenario-error`,
  /// `pitfall`; the kinds in order, joined by commas, when they differ); its `message` is the
  /// first failure's `file:line: ...` line, with ` (and 1 more failure: line 14)` when there
  /// are more; its text is every failure's report, in order. `nil` when nothing failed.
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
  private static func escape(_ text: String) -> String {
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
