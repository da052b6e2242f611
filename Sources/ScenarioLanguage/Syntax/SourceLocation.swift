/// A position in a scenario file or in REPL input.
///
/// Lines and columns count from 1. Columns count `Character`s (extended grapheme clusters), so a
/// caret drawn under a line lands under the character the lexer saw, whatever its UTF-8 length.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The file path as given to the parser, or a pseudo-name such as `<repl>`.
  public var file: String
  public var line: Int
  public var column: Int

  public init(file: String, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// `file:line:column`, the prefix of every rendered diagnostic.
  public var description: String { "\(file):\(line):\(column)" }
}
