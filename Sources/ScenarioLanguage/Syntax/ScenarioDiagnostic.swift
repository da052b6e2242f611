/// A problem found in a scenario, with where it is.
///
/// The parser reports every error of a file at once (it recovers at the next statement), so
/// `keychain-sim run` can refuse the whole file and name each `file:line:column`. The runner
/// uses the same type for its warnings (answers left in the queue) and scenario errors (a prompt
/// that finds no scripted answer).
public struct ScenarioDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Severity: String, Hashable, Sendable {
    case error, warning, note
  }

  public var severity: Severity
  public var location: SourceLocation
  /// What went wrong, as data: set for the parser's and lexer's diagnostics (nil for the
  /// runner's warnings, which are text only). Tests and tools match on this, not on `message`.
  public var kind: ParseMessage?
  /// A lowercase clause with no final period: "unknown statement `devcie`; did you mean `device`?".
  /// For a parse diagnostic, `kind`'s text with any secret masked.
  public var message: String
  /// The text of the line `location` points into, for the caret rendering; nil when unknown.
  public var sourceLine: String?
  /// The caret's column in `sourceLine` when masking a secret moved it off `location.column`.
  var caretColumn: Int?

  public init(
    _ severity: Severity = .error, at location: SourceLocation, message: String,
    sourceLine: String? = nil
  ) {
    self.severity = severity
    self.location = location
    self.message = message
    self.sourceLine = sourceLine
  }

  /// A parse diagnostic: its message is the kind's text.
  public init(
    _ severity: Severity = .error, at location: SourceLocation, kind: ParseMessage,
    sourceLine: String? = nil
  ) {
    self.init(severity, at: location, message: kind.text, sourceLine: sourceLine)
    self.kind = kind
  }

  /// `file:line:column: error: message`, on one line.
  public var description: String { "\(location): \(severity.rawValue): \(message)" }
}

/// Every diagnostic of a scenario that could not be parsed; nothing of it should run.
public struct ScenarioParseError: Error, Hashable, Sendable, CustomStringConvertible {
  public var diagnostics: [ScenarioDiagnostic]

  public init(diagnostics: [ScenarioDiagnostic]) { self.diagnostics = diagnostics }

  /// Each diagnostic rendered with its source line and caret, separated by blank lines.
  public var description: String { diagnostics.map { $0.rendered() }.joined(separator: "\n") }
}
