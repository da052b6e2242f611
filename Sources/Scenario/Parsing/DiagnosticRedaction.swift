/// Masks the secrets in a diagnostic's source line and message, so a parse error never shows a
/// passcode or item data (the line is echoed under the error, in the REPL, in `run` output and in
/// JUnit files).
///
/// A line that did not parse has no AST for ``StatementEcho`` to mask, so this works on tokens:
/// after `device` or `user` (or a near miss such as `devcie`), every string literal and every
/// word with a digit is taken for a passcode; after `kSecValueData:` the value is item data, and
/// so is the inside of `Data(...)`. Each becomes `••••`, the caret moves with the text (the reported
/// `file:line:column` stays the file's), and a message quoting a masked token quotes `••••`.
///
/// ```
/// demo.scenario:3:8: error: unknown `device` command `unlcok`; did you mean `unlock`?
/// device unlcok ••••
///        ^
/// ```
enum DiagnosticRedaction {
  static func redacted(_ diagnostic: ScenarioDiagnostic) -> ScenarioDiagnostic {
    guard let line = diagnostic.sourceLine else { return diagnostic }
    let ranges = secretRanges(in: line)
    guard !ranges.isEmpty else { return diagnostic }
    let characters = Array(line)
    var masked = ""
    var next = 0
    var column = diagnostic.location.column
    for range in ranges {
      masked += String(characters[next..<range.lowerBound]) + StatementEcho.mask
      next = range.upperBound
      // Columns are 1-based: a caret after the range moves by the change in length, a caret
      // inside it goes to its start.
      if diagnostic.location.column > range.upperBound {
        column -= range.count - StatementEcho.mask.count
      } else if diagnostic.location.column > range.lowerBound {
        column -= diagnostic.location.column - 1 - range.lowerBound
      }
    }
    masked += String(characters[next...])
    var result = diagnostic
    result.sourceLine = masked
    if column != diagnostic.location.column { result.caretColumn = column }
    for range in ranges {
      let secret = String(characters[range])
      result.message = result.message.replacingOccurrences(
        of: "`\(secret)`", with: "`\(StatementEcho.mask)`")
    }
    return result
  }

  /// The character ranges of `line` that hold a secret, in order.
  static func secretRanges(in line: String) -> [Range<Int>] {
    var lexer = Lexer(line, file: "")
    if let first = try? lexer.next(), case .identifier(let word) = first.kind,
      isPasscodeStatement(word)
    {
      return passcodeRanges(after: lexer, length: line.count)
    }
    return dataRanges(in: Lexer(line, file: ""), length: line.count)
  }

  // MARK: - Passcodes

  /// `device passcode change 1234 5678`, `user will enter 1234`: every string literal and
  /// every word with a digit in it (a passcode is digits or a string literal), except the count
  /// of `user will fail 2 times`. Words of letters stay, typos included, so the error reads.
  /// Text that does not lex (an unterminated string) is hidden to the end of the line.
  private static func passcodeRanges(after start: Lexer, length: Int) -> [Range<Int>] {
    var lexer = start
    var tokens: [Token] = []
    var unlexable: Range<Int>?
    while true {
      do {
        let token = try lexer.nextWord()
        if token.kind == .end { break }
        tokens.append(token)
      } catch {
        unlexable = (error.location.column - 1)..<length
        break
      }
    }
    var ranges: [Range<Int>] = []
    for (index, token) in tokens.enumerated() {
      switch token.kind {
      case .string: break
      case .word(let word) where word.contains(where: \.isNumber):
        let next = tokens.indices.contains(index + 1) ? tokens[index + 1].text : ""
        if next == "times" || next == "time" { continue }
      default: continue
      }
      ranges.append(token.offset..<(token.offset + token.text.count))
    }
    return ranges + (unlexable.map { [$0] } ?? [])
  }

  /// `device`, `user`, or a near miss (`devcie`, `usr`) the parser will call a typo.
  private static func isPasscodeStatement(_ word: String) -> Bool {
    ["device", "user"].contains { candidate in
      let limit = candidate.count <= 4 ? 1 : 2
      return Suggestion.editDistance(Array(word.lowercased()), Array(candidate)) <= limit
    }
  }

  // MARK: - Item data

  /// `kSecValueData: <value>` up to the next `,` or closing bracket, and the inside of
  /// `Data(...)`. Text that does not lex inside a secret is hidden to the end of the line.
  private static func dataRanges(in start: Lexer, length: Int) -> [Range<Int>] {
    var lexer = start
    var ranges: [Range<Int>] = []
    var previous: [Token] = []
    var secretStart: Int?
    var depth = 0
    /// Closes the open secret after the last token read.
    func close() {
      if let start = secretStart, let last = previous.last, last.offset >= start {
        ranges.append(start..<(last.offset + last.text.count))
      }
      secretStart = nil
    }
    while true {
      let token: Token
      do {
        token = try lexer.next()
      } catch {
        if let start = secretStart { ranges.append(start..<length) }
        return ranges
      }
      if token.kind == .end { break }
      if secretStart != nil {
        switch token.kind {
        case .punctuation(.leftBracket), .punctuation(.leftParen): depth += 1
        case .punctuation(.rightBracket), .punctuation(.rightParen):
          depth -= 1
          if depth < 0 { close() }
        case .punctuation(.comma): if depth == 0 { close() }
        default: break
        }
      } else if startsSecret(after: previous, next: token) {
        secretStart = token.offset
        depth = 0
      }
      previous.append(token)
    }
    close()
    return ranges
  }

  /// Whether `next` begins a secret: the first token after `kSecValueData :` or `Data (`.
  private static func startsSecret(after previous: [Token], next: Token) -> Bool {
    guard previous.count >= 2 else { return false }
    switch (previous[previous.count - 2].kind, previous[previous.count - 1].kind) {
    case (.identifier("kSecValueData"), .punctuation(.colon)): return true
    case (.identifier("Data"), .punctuation(.leftParen)):
      return next.kind != .punctuation(.rightParen)  // `Data()` is empty, not a secret
    default: return false
    }
  }
}
