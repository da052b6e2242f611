import ScenarioLanguage
/// Something that made a scenario file fail, reported with `file:line` and kept for the summary,
/// `--format json` and `--junit`.
public struct ScenarioFailure: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Codable {
    /// An `expect` that did not hold; the scenario went on.
    case expectation
    /// A statement that could not be played (unbound name, not simulated yet, empty answer
    /// queue); the rest of the file was not played.
    case scenarioError
    /// A pitfall warning under `run --strict`; `expected` holds the warning's words.
    case pitfall
  }

  public let kind: Kind
  /// 1-based line of the statement in its file.
  public let line: Int
  /// The statement as written, on one line.
  public let statement: String
  /// What the expectation wanted, or the scenario error's message.
  public let expected: String
  /// What happened instead; empty for a scenario error.
  public let actual: String
  /// Why the call that was checked came out as it did (the engine's explanation), if any.
  public let explanation: String?

  public init(
    kind: Kind, line: Int, statement: String, expected: String, actual: String = "",
    explanation: String? = nil
  ) {
    self.kind = kind
    self.line = line
    self.statement = statement
    self.expected = expected
    self.actual = actual
    self.explanation = explanation
  }

  /// The report block: `file:line: ...` then indented detail lines.
  public func rendered(file: String) -> String {
    switch kind {
    case .scenarioError:
      return "\(file):\(line): error: \(expected)\n  in: \(statement)"
    case .pitfall:
      return "\(file):\(line): pitfall (--strict): \(expected)"
    case .expectation:
      let heading = "\(file):\(line): expectation failed: \(statement)"
      let details = Self.detailLines(expected: expected, actual: actual, explanation: explanation)
      return ([heading] + details.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") })
        .joined(separator: "\n")
    }
  }

  /// `expected:`, `actual:` and, from the call's explanation, `why:` and `fix:` lines, with
  /// multi-line values aligned under their first line.
  static func detailLines(expected: String, actual: String, explanation: String?) -> [String] {
    func aligned(_ label: String, _ text: String) -> String {
      label + text.replacingOccurrences(of: "\n", with: "\n" + String(repeating: " ", count: 10))
    }
    var lines = [aligned("expected: ", expected), aligned("actual:   ", actual)]
    for (index, paragraph) in (explanation?.components(separatedBy: "\n") ?? []).enumerated() {
      if paragraph.hasPrefix("fix: ") {
        lines.append(TextWrap.labelled("fix:      ", String(paragraph.dropFirst(5))))
      } else {
        lines.append(TextWrap.labelled(index == 0 ? "why:      " : "          ", paragraph))
      }
    }
    return lines
  }
}
