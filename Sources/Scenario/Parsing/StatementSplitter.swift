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

  private var pending: [ArraySlice<Character>] = []
  private var pendingFirstLine = 0
  private var open: [OpenBracket] = []

  /// Splits `lines`, the first of which is line `firstLine`.
  init(lines: [[Character]], firstLine: Int) {
    for (offset, line) in lines.enumerated() {
      add(line, number: firstLine + offset)
    }
    unclosed = open.last
  }

  /// Splits text, cutting lines at any line break (`\n`, `\r\n`, `\r`).
  init(source: String, firstLine: Int) {
    self.init(lines: source.characterLines, firstLine: firstLine)
  }

  private mutating func add(_ line: [Character], number: Int) {
    let code = scan(line, number: number)
    if pending.isEmpty {
      guard code.contains(where: { !$0.isWhitespace }) else { return }
      pendingFirstLine = number
    }
    pending.append(code)
    if open.isEmpty {
      let code = pending.map { String($0) }.joined(separator: "\n")
      chunks.append(Chunk(code: code, firstLine: pendingFirstLine))
      pending = []
    }
  }

  /// Updates the open brackets with one line; returns the line without its comment.
  ///
  /// Compares ASCII bytes rather than `Character`s: a debug build compares characters slowly,
  /// and every interesting character here is ASCII.
  private mutating func scan(_ line: [Character], number: Int) -> ArraySlice<Character> {
    var inString = false
    var escaped = false
    var previous: UInt8 = 0
    for (offset, character) in line.enumerated() {
      let byte = character.asciiValue ?? 0
      defer { previous = byte }
      if inString {
        if escaped {
          escaped = false
        } else if byte == Self.backslash {
          escaped = true
        } else if byte == Self.quote {
          inString = false
        }
        continue
      }
      switch byte {
      case Self.quote: inString = true
      case Self.hash: return line.prefix(offset)
      case Self.slash where previous == Self.slash: return line.prefix(offset - 1)
      case Self.leftBracket, Self.leftParen:
        open.append(OpenBracket(bracket: character, line: number, column: offset + 1))
      case Self.rightBracket, Self.rightParen:
        if !open.isEmpty { open.removeLast() }
      default: break
      }
    }
    return line[...]
  }

  private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
  private static let hash = UInt8(ascii: "#"), slash = UInt8(ascii: "/")
  private static let leftBracket = UInt8(ascii: "["), rightBracket = UInt8(ascii: "]")
  private static let leftParen = UInt8(ascii: "("), rightParen = UInt8(ascii: ")")
}

extension String {
  /// The lines of the text, cut at any line break; a final line break gives a final empty line.
  var lines: [String] { characterLines.map { String($0) } }

  /// The lines as characters: iterating an array is much cheaper than iterating a string.
  var characterLines: [[Character]] {
    var lines: [[Character]] = []
    var line: [Character] = []
    for character in self {
      if character.isNewline {
        lines.append(line)
        line.removeAll(keepingCapacity: true)
      } else {
        line.append(character)
      }
    }
    lines.append(line)
    return lines
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
