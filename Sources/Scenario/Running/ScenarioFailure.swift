/// Something that made a scenario file fail, reported with `file:line` and kept for the summary,
/// `--format json` and `--junit`.
public struct ScenarioFailure: Sendable, Hashable, Codable {
  public enum Kind: String, Sendable, Codable {
    /// An `expect` that did not hold; the scenario went on.
    case expectation
    /// A statement that could not be played (unbound name, not simulated yet, empty answer
    /// queue); the rest of the file was not played.
    case scenarioError
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
    case .expectation:
      var lines = [
        "\(file):\(line): expectation failed: \(statement)",
        "  expected: \(expected)",
        "  actual:   \(actual.replacingOccurrences(of: "\n", with: "\n            "))",
      ]
      if let explanation {
        lines.append("  why:      " + explanation.replacingOccurrences(of: "\n", with: "\n            "))
      }
      return lines.joined(separator: "\n")
    }
  }
}
