/// Turns scenario text into statements, resolving names and reporting every error it finds.
///
/// A file is parsed at once with ``parse(file:source:)``. The REPL keeps one parser so that
/// names bound by `let` on one input are known on the next:
///
/// ```swift
/// var parser = ScenarioParser(file: "<repl>")
/// var lines: [String] = []
/// lines.append(readLine())
/// if case .complete = ScenarioParser.inputStatus(of: lines) {
///   let parsed = parser.parse(lines.joined(separator: "\n"), firstLine: inputNumber)
/// }
/// ```
public struct ScenarioParser: Sendable {
  /// The file name every location carries.
  public var file: String
  /// The names bound so far by statements that parsed without error.
  public private(set) var bindings: [String: BindingKind]

  public init(file: String, bindings: [String: BindingKind] = [:]) {
    self.file = file
    self.bindings = bindings
  }

  /// Parses a whole scenario file.
  ///
  /// - Throws: every diagnostic of the file when any statement fails to parse; then nothing of
  ///   the file should run.
  public static func parse(file: String, source: String) throws(ScenarioParseError) -> [Statement] {
    var parser = ScenarioParser(file: file)
    let result = parser.parse(source)
    guard result.diagnostics.isEmpty else {
      throw ScenarioParseError(diagnostics: result.diagnostics)
    }
    return result.statements
  }

  /// Parses some complete statements (a file, or one REPL input), keeping the bindings of those
  /// that parsed for later calls.
  ///
  /// - Parameters:
  ///   - source: the text; a trailing open bracket is reported as an error.
  ///   - firstLine: the line number of the first line, for locations.
  public mutating func parse(_ source: String, firstLine: Int = 1) -> ParseResult {
    // One pass of the lexer: the splitter, the parser and the masking share its tokens.
    let lexed = Lexer.lex(source, file: file, firstLine: firstLine)
    let lines = lexed.lines
    let splitter = StatementSplitter(lexed: lexed, lines: lines, firstLine: firstLine)
    var statements: [Statement] = []
    var diagnostics: [ScenarioDiagnostic] = []
    var known = bindings
    var poisoned: Set<String> = []
    /// `let name = "..."`: the statement and the literal, masked too if `name` becomes item data.
    var literals: [String: (statement: Int, range: Range<Int>)] = [:]
    for chunk in splitter.chunks {
      var parser = StatementParser(
        source: lexed, chunk: chunk, bindings: known, poisoned: poisoned)
      // The parser holds the only reference: a new binding does not copy all the others.
      known = [:]
      do {
        let (kind, location) = try parser.parseStatement()
        var statement = Statement(kind: kind, location: location, sourceText: chunk.sourceText)
        statement.addSecretRanges(parser.secrets.map(chunk.range(of:)))
        for name in parser.secretNames {
          guard let literal = literals[name] else { continue }
          statements[literal.statement].addSecretRanges([literal.range])
        }
        if case .bind(let name, _) = kind {
          literals[name] = parser.boundLiteral.map { (statements.count, chunk.range(of: $0)) }
        }
        statements.append(statement)
        known = parser.bindings
      } catch {
        known = parser.takeBindingsBeforeStatement()
        parser.poisoned = []  // ours alone again: inserting below does not copy it
        diagnostics.append(
          Self.withSourceLine(error, lexed: lexed, lines: lines, secrets: parser.secrets))
        if let name = parser.pendingName { poisoned.insert(name) }
      }
    }
    if let open = splitter.unclosed {
      let location = SourceLocation(file: file, line: open.line, column: open.column)
      let diagnostic = ScenarioDiagnostic(at: location, kind: .unclosedBracket(open.bracket))
      diagnostics.append(Self.withSourceLine(diagnostic, lexed: lexed, lines: lines))
    }
    bindings = known
    return ParseResult(statements: statements, diagnostics: diagnostics)
  }

  /// The diagnostic with its source line, masked where the parser found secrets before it
  /// failed and, conservatively, from that line's tokens.
  private static func withSourceLine(
    _ diagnostic: ScenarioDiagnostic, lexed: LexedSource, lines: [ArraySlice<Character>],
    secrets: [SourceSpan] = []
  ) -> ScenarioDiagnostic {
    var diagnostic = diagnostic
    let number = diagnostic.location.line
    let index = number - lexed.firstLine
    guard lines.indices.contains(index) else { return diagnostic }
    diagnostic.sourceLine = String(characters: lines[index])
    let length = lines[index].count
    let known = secrets.filter { $0.startLine <= number && number <= $0.endLine }.map { span in
      let start = span.startLine == number ? span.startColumn - 1 : 0
      let end = span.endLine == number ? span.endColumn - 1 : length
      return min(start, length)..<min(max(start, end), length)
    }
    return DiagnosticRedaction.redacted(
      diagnostic, line: lexed.line(number, characters: lines[index]), known: known)
  }

  /// Forgets every binding (the REPL's `reset`).
  public mutating func removeAllBindings() { bindings = [:] }

  /// Whether `lines` form complete statements or a bracket is still open.
  public static func inputStatus(of lines: [String]) -> InputStatus {
    let splitter = StatementSplitter(source: lines.joined(separator: "\n"), firstLine: 1)
    guard let open = splitter.unclosed else { return .complete }
    return .needsMore(bracket: open.bracket, line: open.line, column: open.column)
  }
}

/// What one call to ``ScenarioParser/parse(_:firstLine:)`` produced.
public struct ParseResult: Hashable, Sendable {
  /// The statements that parsed, in order (the erroneous ones are left out).
  public var statements: [Statement]
  /// Every error, in source order.
  public var diagnostics: [ScenarioDiagnostic]

  public init(statements: [Statement], diagnostics: [ScenarioDiagnostic]) {
    self.statements = statements
    self.diagnostics = diagnostics
  }
}
