import Keychain
import ScenarioLanguage

/// One statement of a played file as data, for `--format json` (docs/cli.md, "JSON
/// schema"): what it was, where, and what it produced, with the transcript lines it wrote.
public struct StepRecord: Sendable, Codable, Equatable {
  /// The statement as the transcript echoes it (secrets masked).
  public let statement: String
  public let line: Int
  /// A call's OSStatus name (`errSecInteractionNotAllowed`) or an evaluation's LAError
  /// (`LAError.userCancel`, `success`); a package call's `resolved` or error code
  /// (`MISSING_ENTITLEMENT`); `held` or `failed` for an `expect`; `error` for a
  /// statement that could not be played; `done` for the rest.
  public let status: String
  /// The status as a number where Apple gives one: the OSStatus (`-25308`), or the LAError
  /// code (`-2` for `LAError.userCancel`); `nil` for the other statuses.
  public let code: Int?
  /// The status line, the returned object or the statement's summary (`passcode set; ...`).
  public let result: String?
  /// The engine's reason for the outcome (or what a failed expectation found).
  public let why: String?
  /// The usual fix, when there is one.
  public let fix: String?
  /// What the transcript shows for this statement, whole lines each ending in a newline: the
  /// echo, what it produced and any pitfall note (the text `run` prints for it).
  public var transcript: String

  public init(
    statement: String, line: Int, status: String, code: Int? = nil, result: String? = nil,
    why: String? = nil, fix: String? = nil, transcript: String = ""
  ) {
    self.statement = statement
    self.line = line
    self.status = status
    self.code = code
    self.result = result
    self.why = why
    self.fix = fix
    self.transcript = transcript
  }

  /// The record of a step that was played.
  init(statement: String, line: Int, step: StepReport, formatter: SecValueFormatter) {
    // The summary as one line: the transcript wraps it to its width, data need not.
    let summary = step.lines.first { $0.hasPrefix("→ ") }.map {
      $0.dropFirst(2).split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " ")
    }
    switch step.expectation {
    case .held?:
      self.init(statement: statement, line: line, status: "held")
      return
    case .failed(let failure)?:
      self.init(
        statement: statement, line: line, status: "failed", result: failure.actual,
        why: failure.explanation.map(Self.cause), fix: failure.explanation.flatMap(Self.fix))
      return
    case nil: break
    }
    switch step.outcome {
    case .secItem(_, let outcome, _, let returnsData)?:
      self.init(
        statement: statement, line: line, status: outcome.status.name,
        code: Int(outcome.status.rawValue),
        result: outcome.result.map { formatter.format(result: $0, returnsData: returnsData) }
          ?? outcome.status.description,
        why: outcome.explanation?.cause, fix: outcome.explanation?.fix)
    case .accessControl(let status, let value, let explanation, _)?:
      self.init(
        statement: statement, line: line, status: status.name, code: Int(status.rawValue),
        result: value.map { formatter.format($0) } ?? summary, why: explanation)
    case .evaluation(_, let outcome, _)?:
      self.init(
        statement: statement, line: line,
        status: outcome.error.map { "LAError.\($0.name)" } ?? "success",
        code: outcome.error.map(\.rawValue),
        result: summary, why: outcome.explanation?.cause, fix: outcome.explanation?.fix)
    case .package(_, let outcome, _)?:
      // A rejection's reason is the keychain's, for the status the package turned into a code.
      let keychainWhy = outcome.error == nil ? nil : outcome.steps.last?.outcome.explanation
      self.init(
        statement: statement, line: line,
        status: outcome.error?.code.rawValue ?? "resolved", result: summary,
        why: keychainWhy?.cause ?? outcome.error?.message ?? outcome.note?.cause,
        fix: keychainWhy?.fix ?? outcome.note?.fix)
    case .key(let outcome, _)?:
      self.init(
        statement: statement, line: line,
        status: outcome.laError.map { "LAError.\($0.name)" } ?? outcome.status.name,
        result: summary, why: outcome.failure?.message, fix: outcome.failure?.fix)
    case .device?, .inspection?, nil:
      self.init(statement: statement, line: line, status: "done", result: summary)
    }
  }

  /// The record of a statement that could not be played.
  static func error(statement: String, line: Int, message: String) -> StepRecord {
    StepRecord(statement: statement, line: line, status: "error", why: message)
  }

  private static func cause(_ explanation: String) -> String {
    explanation.components(separatedBy: "\nfix: ").first ?? explanation
  }

  private static func fix(_ explanation: String) -> String? {
    let parts = explanation.components(separatedBy: "\nfix: ")
    return parts.count > 1 ? parts[1] : nil
  }
}
