import KeychainEngine

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
  /// The source is cut into statements a line at a time (``StatementCutter``), so memory stays
  /// bounded by the size limits: a line or statement past them, or brackets nested past
  /// ``StatementParser/nestingLimit``, is an error found before the rest is lexed.
  ///
  /// - Parameters:
  ///   - source: the text; a trailing open bracket is reported as an error.
  ///   - firstLine: the line number of the first line, for locations.
  public mutating func parse(_ source: String, firstLine: Int = 1) -> ParseResult {
    // Moved to the statement parser, not shared: its first binding would copy them all.
    var state = ParseState(known: Self.take(&bindings, leaving: [:]))
    state.statements.reserveCapacity(Self.statementCountEstimate(ofUTF8Count: source.utf8.count))
    cut(source, firstLine: firstLine, into: &state, emit: nil)
    bindings = state.parser.takeBindings()
    return ParseResult(statements: state.statements, diagnostics: state.diagnostics)
  }

  /// About how many statements a source of `utf8Count` bytes holds, rounded up: room reserved
  /// for them at once, as growing the array moved every `Statement` (176 bytes) again at each
  /// doubling (issue 29: 6.4M instructions of 310M for two parses of 1 MB). scenarios/ averages
  /// 64 bytes a statement and the benchmark's text 56; dividing by 48 leaves room for both.
  /// Room not used is cheap: a large array's pages are not backed by memory until written,
  /// and a small file's spare room is a few kilobytes.
  static func statementCountEstimate(ofUTF8Count utf8Count: Int) -> Int {
    utf8Count / 48 + 1
  }

  /// A file to be played while it parses, checked first: its diagnostics (when there are any,
  /// nothing of the file should run), and the secrets found after their statement (a `let`
  /// literal later used as item data), which ``stream(file:source:plan:each:)`` masks before
  /// handing the statement on. Keeps no statement, so memory does not grow with the file.
  public static func check(file: String, source: String) -> StreamPlan {
    var parser = ScenarioParser(file: file)
    var state = ParseState(known: parser.bindings)
    parser.cut(source, firstLine: 1, into: &state, emit: { _ in })
    return StreamPlan(diagnostics: state.diagnostics, lateSecrets: state.lateSecrets)
  }

  /// Parses a file that ``check(file:source:)`` found without errors again, handing each
  /// statement to `each` as soon as it parses, masked as ``parse(file:source:)`` masks it.
  public static func stream(
    file: String, source: String, plan: StreamPlan, each: (Statement) -> Void
  ) {
    var parser = ScenarioParser(file: file)
    var state = ParseState(known: parser.bindings)
    state.knownLateSecrets = plan.lateSecrets
    // `cut` takes an optional (so escaping) closure; it does not keep it past the call.
    withoutActuallyEscaping(each) { each in
      parser.cut(source, firstLine: 1, into: &state, emit: each)
    }
  }

  /// Cuts `source` into statements and parses each into `state`: collected there when `emit`
  /// is nil, else handed to `emit` and forgotten.
  private mutating func cut(
    _ source: String, firstLine: Int, into state: inout ParseState,
    emit: ((Statement) -> Void)?
  ) {
    // The file's name alone is captured: calling a method of the parser from the closure
    // copied the parser at each statement, retaining and releasing its name and its bindings
    // (issue 29).
    let file = file
    StatementCutter.cut(
      source, file: file, firstLine: firstLine, nestingLimit: StatementParser.nestingLimit
    ) { (piece: consuming StatementCutter.Piece) in
      switch consume piece {
      case .statement(let lexed, let unclosed):
        Self.parse(lexed, unclosed: unclosed, file: file, into: &state, emit: emit)
      case .refused(let diagnostic, let line, let start):
        state.diagnostics.append(
          line.map { Self.withSourceLine(diagnostic, lexed: $0, lines: $0.lines) } ?? diagnostic)
        // As for any statement that fails: a name it was binding reports no error of its own.
        if let name = start.flatMap(StatementParser.boundName(in:)) {
          state.parser.poisoned.insert(name)
        }
      }
    }
  }

  /// What parsing a source has found so far, carried from one statement to the next.
  private struct ParseState {
    /// The one parser of every statement, which holds the bindings and the poisoned names.
    var parser: StatementParser
    /// The one splitter of every statement, which keeps its working arrays between them.
    var splitter = StatementSplitter()
    var statements: [Statement] = []
    /// How many statements parsed so far (collected or handed on): the next one's index.
    var count = 0
    /// Streaming: secret ranges found after their statement was handed on, by its index.
    var lateSecrets: [Int: [Range<Int>]] = [:]
    /// Streaming, second pass: the first pass's `lateSecrets`, applied before handing on.
    var knownLateSecrets: [Int: [Range<Int>]] = [:]
    var diagnostics: [ScenarioDiagnostic] = []
    /// `let name = "..."`: the statement and the literal, masked too if `name` becomes item data.
    var literals: [String: (statement: Int, range: Range<Int>)] = [:]

    init(known: consuming [String: BindingKind]) {
      // Only bindings given to the parser may hold an Apple constant's name (a `let` refuses
      // one): without such, statements need not look those names up.
      let constantsMayBeBound = known.keys.contains {
        SecConstants.keys[$0] != nil || SecConstants.values[$0] != nil
      }
      let statusNamesMayBeBound = known.keys.contains(where: KnownName.table.isStatusName)
      parser = StatementParser(
        bindings: known, constantsMayBeBound: constantsMayBeBound,
        statusNamesMayBeBound: statusNamesMayBeBound)
    }
  }

  /// Parses one statement the cutter handed on (its lexer's tokens are shared by the parser
  /// and the masking); the last one may leave a bracket open (`unclosed`), reported in `file`.
  private static func parse(
    _ lexed: consuming LexedSource, unclosed: StatementSplitter.OpenBracket?, file: String,
    into state: inout ParseState, emit: ((Statement) -> Void)?
  ) {
    if let open = unclosed {
      let location = SourceLocation(file: file, line: open.line, column: open.column)
      let diagnostic = ScenarioDiagnostic(at: location, kind: .unclosedBracket(open.bracket))
      state.diagnostics.append(Self.withSourceLine(diagnostic, lexed: lexed, lines: lexed.lines))
      return
    }
    // The cutter hands on no statement without a token; `Optional<Chunk>` is avoided here, as
    // destroying one went through a generic witness (issue 29).
    if lexed.tokens.count > 1 {
      // The chunk is a plain value, dropped without a call; the text is moved into the
      // statement (issue 29).
      let (chunk, text) = state.splitter.chunk(ofStatement: lexed)
      // The lexed source is moved into the parser, which the error path reads it from: a copy
      // retained and released each of its arrays (issue 29).
      state.parser.begin(consume lexed, chunk: chunk)
      defer { state.parser.finishStatement() }
      do {
        let (kind, location) = try state.parser.parseStatement()
        let boundName: String? = if case .bind(let name, _) = kind { name } else { nil }
        var secretRanges: [Range<Int>] = []
        switch state.parser.secrets.count {
        case 0: break
        case 1:
          // Nearly always one (a password, item data, an expected result): an array literal
          // is allocated at once, where reserving room in an empty array first cost some
          // hundred instructions more (issue 29).
          secretRanges = [state.splitter.range(of: state.parser.secrets[0], in: chunk)]
        default:
          // A loop, not `map`, whose closure copied the splitter.
          secretRanges.reserveCapacity(state.parser.secrets.count)
          for span in state.parser.secrets {
            secretRanges.append(state.splitter.range(of: span, in: chunk))
          }
        }
        // Asked first: going through even an empty set retained and released it (issue 29).
        if !state.parser.secretNames.isEmpty {
          for name in state.parser.secretNames {
            guard let literal = state.literals[name] else { continue }
            if emit == nil {
              state.statements[literal.statement].addSecretRanges([literal.range])
            } else {
              state.lateSecrets[literal.statement, default: []].append(literal.range)
            }
          }
        }
        if let name = boundName {
          let literal = state.parser.boundLiteral.map {
            (state.count, state.splitter.range(of: $0, in: chunk))
          }
          // Asked first: removing a name from an empty table still hashed it (issue 29).
          if literal != nil || !state.literals.isEmpty { state.literals[name] = literal }
        }
        if !state.knownLateSecrets.isEmpty, let late = state.knownLateSecrets[state.count] {
          secretRanges += late
        }
        // Made whole, then moved where it goes: a statement changed after it was made was
        // copied once more on its way into the array (176 bytes; issue 29).
        let statement = Statement(
          kind: consume kind, location: location, sourceText: text,
          secretRanges: Statement.sortedApart(consume secretRanges))
        state.count += 1
        if let emit { emit(statement) } else { state.statements.append(consume statement) }
      } catch {
        state.parser.undoBinding()
        state.diagnostics.append(
          Self.withSourceLine(
            error, lexed: state.parser.source, lines: state.parser.source.lines,
            secrets: state.parser.secrets))
        if let name = state.parser.pendingName { state.parser.poisoned.insert(name) }
      }
    }
  }

  /// `value`, moved out and left empty: the parser takes the bindings and gives them back
  /// (it holds the only reference, so a new binding does not copy all the others), without
  /// retaining and releasing them (issue 29).
  private static func take<Value>(_ value: inout Value, leaving empty: Value) -> Value {
    var taken = empty
    swap(&taken, &value)
    return taken
  }

  /// The diagnostic with its source line, masked where the parser found secrets before it
  /// failed and, conservatively, from that line's tokens.
  private static func withSourceLine(
    _ diagnostic: ScenarioDiagnostic, lexed: LexedSource, lines: [Range<Int>],
    secrets: [SourceSpan] = []
  ) -> ScenarioDiagnostic {
    var diagnostic = diagnostic
    let number = diagnostic.location.line
    let index = number - lexed.firstLine
    guard lines.indices.contains(index) else { return diagnostic }
    diagnostic.sourceLine = lexed.source.text(lines[index])
    let length = lines[index].count
    let known = secrets.filter { $0.startLine <= number && number <= $0.endLine }.map { span in
      let start = span.startLine == number ? span.startColumn - 1 : 0
      let end = span.endLine == number ? span.endColumn - 1 : length
      return min(start, length)..<min(max(start, end), length)
    }
    return DiagnosticRedaction.redacted(
      diagnostic, line: lexed.line(number, range: lines[index]), known: known)
  }

  /// Forgets every binding (the REPL's `reset`).
  public mutating func removeAllBindings() { bindings = [:] }

  /// Whether `lines` form complete statements or a bracket is still open.
  /// A statement past a size or nesting limit is complete: parsing it reports the error.
  public static func inputStatus(of lines: [String]) -> InputStatus {
    let open = StatementCutter.cut(
      lines.joined(separator: "\n"), file: "", nestingLimit: StatementParser.nestingLimit
    ) { _ in }
    guard let open else { return .complete }
    return .needsMore(bracket: open.bracket, line: open.line, column: open.column)
  }
}

/// What one call to ``ScenarioParser/parse(_:firstLine:)`` produced.
/// What ``ScenarioParser/check(file:source:)`` found: the file's diagnostics, and what the
/// second, streaming pass must mask.
public struct StreamPlan: Sendable {
  public var diagnostics: [ScenarioDiagnostic]
  var lateSecrets: [Int: [Range<Int>]]
}

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
