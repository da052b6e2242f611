/// Cuts source text into statements: one per line, continued while a `[` or `(` is open.
///
/// The splitter knows just enough of the lexical rules to find brackets: string literals (a `#`
/// or a bracket inside quotes counts for nothing) and comments. A string ends on its line, as
/// the lexer says, so an unterminated one cannot swallow the rest of the file.
struct StatementSplitter {
  /// One statement's lines.
  struct Chunk: Hashable {
    /// The statement's lines with their comments cut off, joined with `\n`. Columns are those of
    /// the source: only text after the code is removed.
    var code: String
    /// The line number of the first line.
    var firstLine: Int
    /// The code trimmed of surrounding blanks, for `Statement.sourceText`.
    var sourceText: String {
      code.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.trimmingTrailingBlanks() }
        .joined(separator: "\n")
        .trimmingBlanks()
    }
  }

  /// A bracket still open at the end of the input.
  struct OpenBracket: Hashable {
    var bracket: Character
    var line: Int
    var column: Int
  }

  private(set) var chunks: [Chunk] = []
  /// The innermost bracket left open at the end, whose statement is not in `chunks`.
  private(set) var unclosed: OpenBracket?

  private var pending: [Substring] = []
  private var pendingFirstLine = 0
  private var open: [OpenBracket] = []

  /// Splits `lines`, the first of which is line `firstLine`.
  init(lines: [Substring], firstLine: Int) {
    for (offset, line) in lines.enumerated() {
      add(line, number: firstLine + offset)
    }
    unclosed = open.last
  }

  /// Splits text, cutting lines at any line break (`\n`, `\r\n`, `\r`).
  init(source: String, firstLine: Int) {
    self.init(lines: source.lines, firstLine: firstLine)
  }

  private mutating func add(_ line: Substring, number: Int) {
    let code = scan(line, number: number)
    if pending.isEmpty {
      guard !code.allSatisfy(\.isWhitespace) else { return }
      pendingFirstLine = number
    }
    pending.append(code)
    if open.isEmpty {
      chunks.append(Chunk(code: pending.joined(separator: "\n"), firstLine: pendingFirstLine))
      pending = []
    }
  }

  /// Updates the open brackets with one line; returns the line without its comment.
  private mutating func scan(_ line: Substring, number: Int) -> Substring {
    var inString = false
    var escaped = false
    var column = 0
    var previous: Character?
    for index in line.indices {
      let character = line[index]
      column += 1
      defer { previous = character }
      if inString {
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      switch character {
      case "\"":
        inString = true
      case "#":
        return line[..<index]
      case "/" where previous == "/":
        return line[..<line.index(before: index)]
      case "[", "(":
        open.append(OpenBracket(bracket: character, line: number, column: column))
      case "]", ")":
        if !open.isEmpty { open.removeLast() }
      default:
        break
      }
    }
    return line
  }
}

extension String {
  /// The lines of the text, cut at any line break; a final line break gives a final empty line.
  var lines: [Substring] {
    split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
  }
}

extension StringProtocol {
  func trimmingBlanks() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }

  func trimmingTrailingBlanks() -> String {
    String(reversed().drop(while: \.isWhitespace).reversed())
  }
}
