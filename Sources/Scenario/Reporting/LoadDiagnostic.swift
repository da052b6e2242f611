/// One parse error of a file, as data: where it is and what is wrong (the message masked as
/// on stderr), for `--format json`.
public struct LoadDiagnostic: Sendable, Codable, Hashable {
  public let line: Int
  public let column: Int
  /// `error`, `warning` or `note`.
  public let severity: String
  public let message: String

  public init(line: Int, column: Int, severity: String, message: String) {
    self.line = line
    self.column = column
    self.severity = severity
    self.message = message
  }
}
