import Foundation
import ScenarioLanguage

/// JUnit XML for `--junit PATH`, the format CI systems (GitHub Actions reporters, GitLab,
/// Jenkins) read, kept to the common JUnit schema (Jenkins' junit-10.xsd): one `<testcase>` per
/// scenario file, named by its file name with its folder as `classname` (dots between folders,
/// as a Java package) and its `time`; a `<failure>` per failed expectation or scenario error,
/// whose message starts with `file:line`; an `<error>` for a file that did not parse; the
/// transcript as `<system-out>`. The suite carries the total `time` and a `timestamp`.
extension RunReport {
  public func junitXML(suiteName: String = "keychain-sim", timestamp: Date = Date()) -> String {
    var xml = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    let counts =
      #"tests="\#(files.count)" failures="\#(failedCount)" errors="\#(errorCount)""#
    let total = Self.seconds(files.reduce(0) { $0 + $1.duration })
    xml.append(#"<testsuites name="\#(escape(suiteName))" \#(counts) time="\#(total)">"#)
    let stamp = ISO8601DateFormatter.string(
      from: timestamp, timeZone: TimeZone(identifier: "UTC") ?? .current,
      formatOptions: [
        .withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate,
      ])
    xml.append(
      #"  <testsuite name="\#(escape(suiteName))" \#(counts) skipped="0" time="\#(total)""#
        + #" timestamp="\#(stamp)">"#)
    for file in files {
      let (folder, name) = Self.classAndName(file.path)
      xml.append(
        #"    <testcase classname="\#(escape(folder))" name="\#(escape(name))""#
          + #" time="\#(Self.seconds(file.duration))">"#)
      if let loadError = file.loadError {
        let message = escape(loadError.split(separator: "\n").first.map(String.init) ?? "")
        xml.append(
          #"      <error type="parse" message="\#(message)">\#(escape(loadError))</error>"#)
      }
      for failure in file.failures {
        let type =
          switch failure.kind {
          case .expectation: "expectation"
          case .scenarioError: "scenario-error"
          case .pitfall: "pitfall"
          }
        let rendered = failure.rendered(file: file.path)
        let message = escape(rendered.split(separator: "\n").first.map(String.init) ?? "")
        xml.append(
          #"      <failure type="\#(type)" message="\#(message)">\#(escape(rendered))</failure>"#)
      }
      if !file.transcript.isEmpty {
        xml.append("      <system-out>\(escape(file.transcript))</system-out>")
      }
      if !file.warnings.isEmpty {
        xml.append(
          "      <system-err>\(escape(file.warnings.map(\.description).joined(separator: "\n")))</system-err>"
        )
      }
      xml.append("    </testcase>")
    }
    xml.append("  </testsuite>")
    xml.append("</testsuites>")
    return xml.joined(separator: "\n") + "\n"
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
  private func escape(_ text: String) -> String {
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
