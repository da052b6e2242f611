import Foundation

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A conformance check of JUnit XML against the common JUnit schema, the `junit-10.xsd` that
/// Jenkins' xUnit plugin validates reports with (and GitLab and the GitHub reporters accept):
/// which element may hold which, which attributes each may carry and which it must, and the
/// form of `time`. Written out here because no XSD validator is installed (python3's xml
/// modules do not validate schemas); the rules are transcribed from that schema's declarations.
enum JUnitSchema {
  struct Rule {
    let children: Set<String>
    let attributes: Set<String>
    let required: Set<String>
    /// Text content allowed (mixed or `xs:string` elements).
    let text: Bool
  }

  static let rules: [String: Rule] = [
    "testsuites": Rule(
      children: ["testsuite"], attributes: ["name", "time", "tests", "failures", "errors"],
      required: [], text: false),
    "testsuite": Rule(
      children: ["testsuite", "properties", "testcase", "system-out", "system-err"],
      attributes: [
        "name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp",
        "hostname", "id", "package", "file", "log", "url",
      ], required: ["name", "tests", "failures", "errors"], text: false),
    "testcase": Rule(
      children: [
        "skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure",
        "flakyError", "system-out", "system-err",
      ], attributes: ["name", "time", "classname", "group"], required: ["name"], text: false),
    "failure": Rule(children: [], attributes: ["type", "message"], required: [], text: true),
    "error": Rule(children: [], attributes: ["type", "message"], required: [], text: true),
    "skipped": Rule(children: [], attributes: ["type", "message"], required: [], text: true),
    "properties": Rule(children: ["property"], attributes: [], required: [], text: false),
    "property": Rule(
      children: [], attributes: ["name", "value"], required: ["name", "value"], text: false),
    "system-out": Rule(children: [], attributes: [], required: [], text: true),
    "system-err": Rule(children: [], attributes: [], required: [], text: true),
  ]

  /// The schema's SUREFIRE_TIME for suites; test cases' `time` is any string there, but CI
  /// tools read it as decimal seconds, so it is held to the same form.
  static let timePattern = #"^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?$"#

  /// Every way `document` breaks the rules; empty when it conforms.
  static func violations(of document: XMLDocument) -> [String] {
    guard let root = document.rootElement() else { return ["no root element"] }
    var problems: [String] = []
    if root.name != "testsuites" && root.name != "testsuite" {
      problems.append("root element <\(root.name ?? "")> is neither testsuites nor testsuite")
    }
    check(root, into: &problems)
    return problems
  }

  private static func check(_ element: XMLElement, into problems: inout [String]) {
    let name = element.name ?? ""
    guard let rule = rules[name] else {
      problems.append("<\(name)> is not a JUnit element")
      return
    }
    let attributes = Set((element.attributes ?? []).compactMap(\.name))
    for extra in attributes.subtracting(rule.attributes) {
      problems.append("<\(name)> may not have the attribute \(extra)")
    }
    for missing in rule.required.subtracting(attributes) {
      problems.append("<\(name)> must have the attribute \(missing)")
    }
    if let time = element.attribute(forName: "time")?.stringValue,
      time.range(of: timePattern, options: .regularExpression) == nil
    {
      problems.append("<\(name)> time '\(time)' is not a decimal number of seconds")
    }
    for child in element.children ?? [] {
      switch child.kind {
      case .element:
        guard let childElement = child as? XMLElement else { continue }
        if !rule.children.contains(childElement.name ?? "") {
          problems.append("<\(name)> may not contain <\(childElement.name ?? "")>")
        }
        check(childElement, into: &problems)
      case .text:
        let text = child.stringValue ?? ""
        if !rule.text && !text.allSatisfy(\.isWhitespace) {
          problems.append("<\(name)> may not contain text")
        }
      default: break
      }
    }
  }
}
