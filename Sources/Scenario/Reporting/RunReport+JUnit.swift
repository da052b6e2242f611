/// JUnit XML for `--junit PATH`, the format CI systems (GitHub Actions reporters, GitLab,
/// Jenkins) read: one `<testcase>` per scenario file, a `<failure>` per failed expectation or
/// scenario error, an `<error>` for a file that did not parse, and the transcript as
/// `<system-out>`.
extension RunReport {
  public func junitXML(suiteName: String = "keychain-sim") -> String {
    var xml = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
    let counts =
      #"tests="\#(files.count)" failures="\#(failedCount)" errors="\#(errorCount)""#
    xml.append(#"<testsuites name="\#(escape(suiteName))" \#(counts)>"#)
    xml.append(#"  <testsuite name="\#(escape(suiteName))" \#(counts) skipped="0">"#)
    for file in files {
      let caseName = escape(file.path)
      let open =
        #"    <testcase classname="\#(escape(suiteName))" name="\#(caseName)""#
        + #" file="\#(caseName)">"#
      xml.append(open)
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
      xml.append("    </testcase>")
    }
    xml.append("  </testsuite>")
    xml.append("</testsuites>")
    return xml.joined(separator: "\n") + "\n"
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
