/// A stretch of source between two positions, which may be on different lines: where a secret
/// is, recorded by the parser for everything that echoes the statement.
package struct SourceSpan: Hashable, Sendable {
  /// The first character.
  var startLine: Int
  var startColumn: Int
  /// Just past the last character.
  var endLine: Int
  var endColumn: Int

  /// From the start of `first` to the end of `last` (tokens do not span lines).
  init(from first: Token, through last: Token) {
    startLine = first.location.line
    startColumn = first.location.column
    endLine = last.location.line
    endColumn = last.location.column + last.length
  }

  /// From the start of `first` to the end of the token of `length` characters at `last`.
  init(from first: Token, throughTokenAt last: TokenPosition, length: Int) {
    startLine = first.location.line
    startColumn = first.location.column
    endLine = last.line
    endColumn = last.column + length
  }
}
