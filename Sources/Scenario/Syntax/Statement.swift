/// One statement of a scenario file or one complete REPL input.
///
/// `sourceText` is the statement as written (continuation lines joined with `\n`, surrounding
/// blanks and a trailing comment removed), so the transcript can echo it.
public struct Statement: Hashable, Sendable {
  public var kind: StatementKind
  /// Where the statement's first token is.
  public var location: SourceLocation
  public var sourceText: String

  public init(kind: StatementKind, location: SourceLocation, sourceText: String) {
    self.kind = kind
    self.location = location
    self.sourceText = sourceText
  }
}
