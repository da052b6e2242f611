import Foundation
import KeychainEngine

/// Parses one statement: a recursive-descent parser over the tokens of one ``StatementSplitter``
/// chunk, read from the source's one lexing.
///
/// It stops at the first error of the statement (the caller goes on with the next statement).
/// Names are checked as they are read: Apple constants against ``SecConstants``, other names
/// against the bindings of earlier `let`s.
///
/// One parser reads a source's statements one after the other (``begin(_:chunk:)``, then
/// ``finishStatement()``), keeping the bindings, the poisoned names and its arrays' room from one
/// statement to the next: a parser made for each statement was built and torn down at each, and
/// its secrets' array allocated again (issue 29).
package struct StatementParser {
  package typealias Failure = ScenarioDiagnostic

  /// The names bound so far; only ``bind(_:as:)`` adds one, so that a failed statement can be
  /// undone (``undoBinding()``).
  private(set) var bindings: [String: BindingKind]
  /// Whether `bindings` may hold an Apple key or value constant's name: a `let` refuses one,
  /// so only bindings a ``ScenarioParser`` was made with can; when they hold none, such a name
  /// is not looked up (``isBound(_:tokenAt:)``).
  private let constantsMayBeBound: Bool
  /// Whether `bindings` may hold a status's name (`errSecSuccess`, which a `let` may bind):
  /// when they hold none, `expect errSec...` does not look its name up to see whether it names
  /// a context instead (issue 29: a look-up hashed the name, for nearly every `expect`).
  private(set) var statusNamesMayBeBound: Bool
  /// The last name ``boundKind(of:)`` looked up and its answer; forgotten whenever `bindings`
  /// changes.
  private var lastLookup: (name: String, kind: BindingKind?)?
  /// Names whose `let` failed: known, of any kind, so one mistake is reported once.
  var poisoned: Set<String>
  /// The name a `let` is binding, poisoned if the statement fails.
  private(set) var pendingName: String?

  /// The lexed source, and the statement's tokens in it; between statements, an empty source
  /// (``finishStatement()``).
  private(set) var source: LexedSource
  private var start: Int
  private(set) var end: Int
  /// The next token to read.
  private(set) var position: Int
  /// The end of the statement: after its last line's code (its file is the source's: a
  /// location of its own retained and released the file's name at every statement).
  private var endToken: Token
  /// How many brackets, parentheses and `try`s enclose the current token.
  private var depth = 0
  /// The last token read, where a secret that started earlier ends: an index into the
  /// tokens (`end` for the end), or the bare word last read (which is no token of the lexer's).
  /// Kept as an index so that reading a token does not copy it.
  private var lastReadIndex: Int?
  private var lastReadWord: Token?
  var lastRead: Token? {
    if let lastReadWord { return lastReadWord }
    return lastReadIndex.map { $0 < end ? source.tokens[$0] : endToken }
  }
  /// Where the statement holds secrets (passcodes, item data, expected results), as source
  /// spans: every place that echoes the statement masks them.
  private(set) var secrets: [SourceSpan] = []
  /// Names whose value is used as item data (`kSecValueData: pw`): a `let pw = "..."` earlier
  /// holds a secret too.
  private(set) var secretNames: Set<String> = []
  /// The span of the string literal a `let name = "..."` binds, if that is what it binds.
  var boundLiteral: SourceSpan?
  /// Whether literals read now are secrets (the value of `expect result`).
  var literalsAreSecret = false
  /// The value constants' expressions made so far, by their index in ``KnownName/table``
  /// (``constantExpr(at:named:)``); empty until the first is made.
  private var constantExprs: [Expr?] = []

  /// How deep brackets and parentheses may nest (docs/scenario-language.md §1, "Limits"). Real
  /// queries nest three or four deep; the limit keeps the recursive descent far from the end of
  /// the stack, whatever the input.
  static let nestingLimit = 64

  /// A parser for statements that know `bindings`, with no statement begun yet.
  init(
    bindings: consuming [String: BindingKind], constantsMayBeBound: Bool = true,
    statusNamesMayBeBound: Bool = true
  ) {
    self.constantsMayBeBound = constantsMayBeBound
    self.statusNamesMayBeBound = statusNamesMayBeBound
    source = Self.noSource
    start = 0
    end = 0
    position = 0
    endToken = Token(shape: .end, location: TokenPosition(line: 1, column: 1), offset: -1, length: 0)
    self.bindings = consume bindings
    poisoned = []
  }

  /// Starts on the statement of `source` that `chunk` holds, forgetting what the last one
  /// read and found (its secrets, its binding's undo); the bindings and poisoned names stay.
  /// The caller ends each statement with ``finishStatement()`` before beginning the next.
  mutating func begin(_ source: consuming LexedSource, chunk: StatementSplitter.Chunk) {
    var statementSource = consume source
    swap(&self.source, &statementSource)
    // The empty source, kept for `finishStatement()`. `idleSource` is nil here (that method
    // took it): the source is written over the nil, which holds nothing to release, rather
    // than assigned, which destroyed the nil through an outlined generic witness at every
    // statement (62 instructions; checking for nil first did not stop it; issue 29).
    if case .none = idleSource {
      withUnsafeMutablePointer(to: &idleSource) { $0.initialize(to: consume statementSource) }
    } else {
      idleSource = consume statementSource
    }
    start = chunk.tokens.lowerBound
    end = chunk.tokens.upperBound
    position = chunk.tokens.lowerBound
    endToken = Token(shape: .end, location: chunk.end, offset: -1, length: 0)
    depth = 0
    lastReadIndex = nil
    if case .some = lastReadWord { lastReadWord = nil }  // as in `skip()`
    // Emptied keeping their room: most statements find them empty already.
    secrets.removeAllShort()
    if !secretNames.isEmpty { secretNames.removeAll(keepingCapacity: true) }
    literalsAreSecret = false
    // Cleared only when set (by a `let`): assigning nil destroyed the old value through an
    // outlined function at every statement.
    if case .some = boundLiteral { boundLiteral = nil }
    if case .some = pendingName { pendingName = nil }
    if case .some = replacedBinding { replacedBinding = nil }
  }

  /// Lets go of the statement's source once the caller has read what it needs: the
  /// ``StatementCutter`` lexes the next statement into the same token array, which it would
  /// copy while the parser still shared it.
  mutating func finishStatement() {
    guard var statementSource = idleSource.take() else { return }
    swap(&source, &statementSource)
  }

  /// The empty source between statements while a statement is parsed: moved in and out of
  /// `source` rather than copied from ``noSource`` and destroyed at each statement, which
  /// retained and released each of its (empty) arrays, some 180 instructions (issue 29).
  private var idleSource: LexedSource?

  /// The source between statements: no tokens, shared by every parser.
  private static let noSource = LexedSource(
    source: SourceCharacters(""), tokens: [], commentColumns: [:], firstLine: 1, file: "")

  // MARK: - Statements

  /// The statement's kind; its location is its first token's.
  mutating func parseStatement() throws(Failure) -> (StatementKind, SourceLocation) {
    if let habit = quitHabit() { throw failure(.quitHabit(habit), at: source.tokens[position]) }
    try checkNext()
    let location = location(of: place(ofTokenAt: position))
    let kind = try statementKind()
    try checkNext()
    if position < end, source.tokens[position].shape != .end {
      let extra = source.tokens[position]
      throw failure(.extraText(quoted(extra)), at: extra)
    }
    return (kind, location)
  }

  /// Inlined into ``parseStatement()``, its one caller, which copied the statement's kind on
  /// its way out (issue 29); `try` and `await` are read in a loop, not by recursion, for it.
  @inline(__always)
  private mutating func statementKind() throws(Failure) -> StatementKind {
    while true {
      // The first word read in place: most statements need the token itself only for an error
      // (a token read is copied; issue 29).
      try checkNext()
      let index = position
      guard index < end, source.tokens[index].shape == .identifier else {
        let token = try advance()
        throw failure(.expected("a statement", found: quoted(token)), at: token)
      }
      skip()
      // The word's text is made only for the statements that use it: a known word is told by
      // the table, and making its text retained and released it at every statement (issue 29).
      let written = source.tokens[index].knownName < 0 ? identifierText(at: index) : nil
      switch statementWord(at: index, written: written) {
      case .device?: return .device(try deviceCommand())
      case .icloud? where !isBound(written ?? identifierText(ofNameAt: index)):
        return .icloud(try icloudCommand())
      case .backup? where !isBound(written ?? identifierText(ofNameAt: index)):
        return .backup(try backupCommand())
      case .transfer? where !isBound(written ?? identifierText(ofNameAt: index)):
        return .backup(try transferCommand())
      case .mac? where !isBound(written ?? identifierText(ofNameAt: index)):
        return .mac(try macCommand())
      case .biometry?: return .biometry(try biometryCommand())
      case .wait?: return .wait(try duration())
      case .app?: return .app(try appCommand())
      case .keychain? where !isBound(written ?? identifierText(ofNameAt: index)):
        return .app(try keychainCommand())
      case .user?: return try userAnswer()
      case .let?: return try binding(isVariable: false)
      case .var?: return try binding(isVariable: true)
      case .expect?: return .expect(try expectation())
      case .say?: return .say(try string("the text to say, as a string literal"))
      case .show?:
        return .show(try choice("`show` topic", ShowTopic.allCases.map { ($0.rawValue, $0) }))
      case .help?: return .help(topic: try helpTopic())
      case .explain?: return .explain(try explainSubject())
      case .reset?: return .reset
      case .quit?, .exit?: return .quit
      case .try?:
        // `try? SecItemDelete(...)` and `try! ...` pasted from Swift: the marker changes
        // nothing here.
        if !(try consume(.question)) { _ = try consume(.exclamation) }
        try enterNesting(atTokenAt: index)
      case .await?:
        try enterNesting(atTokenAt: index)
      case .keychain?, .icloud?, .backup?, .transfer?, .mac?, nil:
        let word = written ?? identifierText(ofNameAt: index)
        if isSecItemFunction(at: index, written: word) { return .secItem(try secItemCall(word)) }
        if Vocabulary.secKeyFunctions.contains(word), !isBound(word) {
          return try keyCall(word, binding: nil)
        }
        if isBound(word) { return try boundNameStatement(word, at: source.tokens[index]) }
        let suggestion =
          Suggestion.nearest(to: word, in: Vocabulary.statementWords + bindings.keys.sorted())
          ?? Self.deviceCommand(near: word)
        throw failure(.unknown("statement", word, suggestion: suggestion), at: source.tokens[index])
      }
    }
  }

  /// The statement word token `index` (an identifier) is, if any: a known name's from the
  /// table, without comparing its text with the words again; another's from `word`, its text
  /// (which the caller made for such a name).
  @inline(__always)
  private func statementWord(at index: Int, written word: String?) -> Vocabulary.StatementWord? {
    let known = source.tokens[index].knownName
    if known >= 0 { return KnownName.table.statementWords[Int(known)] }
    return word.flatMap { Vocabulary.StatementWord(word: $0) }
  }

  /// Whether token `index` (an identifier written `word`) names a SecItem function: a known
  /// name's answer from the table, without comparing its text with the four names.
  @inline(__always)
  private func isSecItemFunction(at index: Int, written word: String) -> Bool {
    let known = source.tokens[index].knownName
    return known >= 0
      ? KnownName.table.isSecItemFunction[Int(known)] : Vocabulary.secItemFunctions.contains(word)
  }

  /// `.quit`, `.exit`, `\q`, `quit()` or `exit()` at the start of a statement: how sqlite3,
  /// psql and Python leave, which gets its own message rather than a bare parse error.
  @inline(__always)
  private mutating func quitHabit() -> String? {
    guard position < end else { return nil }
    // Told in place first: every statement is asked, and nearly none starts like these.
    switch source.tokens[position].shape {
    case .punctuation(.dot), .invalid: break
    case .identifier:
      guard position + 1 < end, source.tokens[position + 1].shape == .punctuation(.leftParen)
      else { return nil }
    default: return nil
    }
    return quitHabitWritten()
  }

  /// ``quitHabit()`` for a statement that may be one. (`mutating` only so that the parser is
  /// passed by reference: a call copied it whole, some 400 bytes, at every statement.)
  private mutating func quitHabitWritten() -> String? {
    let first = source.tokens[position]
    let second = position + 1 < end ? source.tokens[position + 1] : endToken
    /// `quit` or `exit` when `token` is that word (compared in the source).
    func quitWord(_ token: Token) -> String? {
      [Vocabulary.StatementWord.quit.rawValue, Vocabulary.StatementWord.exit.rawValue].first {
        source.isIdentifier(token, $0)
      }
    }
    switch first.shape {
    case .punctuation(.dot):
      return quitWord(second).map { ".\($0)" }
    case .identifier where second.shape == .punctuation(.leftParen):
      return quitWord(first).map { "\($0)()" }
    case .invalid where source.isIdentifier(second, "q") && source.source[first.offset] == "\\":
      return "\\q"
    default:
      return nil
    }
  }

  /// `device unlock` for `unlock` (or `unlcok`): a `device` command written without `device`.
  private static func deviceCommand(near word: String) -> String? {
    let commands = Vocabulary.DeviceWord.allCases.map(\.rawValue)
    let command = commands.contains(word) ? word : Suggestion.nearest(to: word, in: commands)
    return command.map { "\(Vocabulary.StatementWord.device.rawValue) \($0)" }
  }

  /// `ctx.member ...`, `query[key] = value`, or `_ = <call>`.
  private mutating func boundNameStatement(
    _ name: String, at token: Token
  ) throws(Failure) -> StatementKind {
    if name == "_" {
      try expect(.equals, "`=` after `_`")
      return try rightHandSide(binding: nil)
    }
    if try consume(.dot) {
      if boundKind(of: name) == .packageKeychain { return try packageCall(on: name) }
      try requireBinding(name, .context, at: token)
      return .context(name, try contextAction())
    }
    if try consume(.leftBracket) {
      try requireBinding(name, .dictionary, at: token)
      return try subscriptAssignment(name)
    }
    let next = try peek()
    throw failure(.expected("`.` or `[` after `\(name)`", found: quoted(next)), at: next)
  }

  // MARK: - Names

  mutating func isBound(_ name: String) -> Bool {
    // Asked of nearly every name: an empty table is not hashed against.
    // `_` told by its length first: comparing a name with it called into the standard library.
    (name.utf8.count == 1 && name == "_") || boundKind(of: name) != nil
      || (!poisoned.isEmpty && poisoned.contains(name))
  }

  /// ``isBound(_:)`` for the identifier at token `index`, whose text is `name`: a constant's
  /// name is bound only if poisoned, when no binding can hold it (issue 29: most names a
  /// statement reads are constants, each looked up in vain).
  mutating func isBound(_ name: String, tokenAt index: Int) -> Bool {
    guard constantsMayBeBound || !isConstantName(at: index) else {
      return !poisoned.isEmpty && poisoned.contains(name)
    }
    return isBound(name)
  }

  /// Whether token `index` names an Apple constant that is not bound: no binding can hold a
  /// constant's name and none is poisoned. Told in place, before ``isBound(_:tokenAt:)`` is
  /// called (that call, for nearly every constant a statement reads, cost more than the test).
  @inline(__always)
  func isUnboundConstant(at index: Int) -> Bool {
    !constantsMayBeBound && poisoned.isEmpty && isConstantName(at: index)
  }

  /// What `name` is bound to, if anything. The same name is asked about several times in a
  /// row (is it bound, to a dictionary, is the merge's operand one): the last answer is kept,
  /// as hashing the name each time was a good part of parsing a statement (issue 29).
  mutating func boundKind(of name: String) -> BindingKind? {
    if let last = lastLookup, last.name == name { return last.kind }
    let kind = bindings.isEmpty ? nil : bindings[name]
    lastLookup = (name, kind)
    return kind
  }

  /// Checks that `name` is bound to a `kind` (a poisoned name passes).
  mutating func requireBinding(
    _ name: String, _ kind: BindingKind, at token: Token
  ) throws(Failure) {
    if let message = bindingMismatch(name, kind) { throw failure(message, at: token) }
  }

  /// ``requireBinding(_:_:at:)`` at token `index`, copied only for the message.
  mutating func requireBinding(
    _ name: String, _ kind: BindingKind, atTokenAt index: Int
  ) throws(Failure) {
    if let message = bindingMismatch(name, kind) { throw failure(message, at: token(at: index)) }
  }

  /// What is wrong when `name` is not bound to a `kind`; nil when it is, or is poisoned.
  private mutating func bindingMismatch(_ name: String, _ kind: BindingKind) -> ParseMessage? {
    guard poisoned.isEmpty || !poisoned.contains(name), let actual = boundKind(of: name),
      actual != kind
    else {
      return nil
    }
    // A call's result is a dictionary or a value: only running the scenario tells which.
    if actual == .result, kind == .dictionary || kind == .value { return nil }
    return .bindingIsNot(name, is: actual, expected: kind.article)
  }

  /// Binds `name` (the caller has checked the statement parsed).
  mutating func beginBinding(_ name: String) { pendingName = name }

  /// The name this statement bound and what it was bound to before, to undo the binding if the
  /// statement fails after it.
  private var replacedBinding: (name: String, previous: BindingKind?)?

  /// Binds `name` to a `kind`, remembering what it replaces. `mayBeStatusName` is false when
  /// the caller knows `name` is no status's name (``nameMayBeStatus(_:)``).
  mutating func bind(_ name: String, as kind: BindingKind, mayBeStatusName: Bool = true) {
    // The answer a look-up would now give: a name just bound is the one the next statements
    // most often use (`let query = [...]`, then `SecItemAdd query ...`).
    lastLookup = (name, kind)
    if !statusNamesMayBeBound, mayBeStatusName, Self.isStatusName(name) {
      statusNamesMayBeBound = true
    }
    replacedBinding = (name, bindings.updateValue(kind, forKey: name))
  }

  /// Whether the name `token` (read from this source) may be a status's name: false for one
  /// the lexer found in no known name's table entry on a byte-wise line, where every status
  /// name, each ASCII, would have been found (``isStatusName(_:)`` looked it up again, some
  /// 140 instructions a `let`; issue 29).
  func nameMayBeStatus(_ token: Token) -> Bool {
    token.knownName >= 0 || !source.source.isByteWise
  }

  /// Whether `name` is a status's name (`errSecSuccess`). Every known name is ASCII: an ASCII
  /// name is looked up by its bytes, as the lexer finds names (hashing the `String` cost some
  /// 500 instructions a `let`; issue 29); another is compared as strings are, which may find it
  /// equal to an ASCII one.
  private static func isStatusName(_ name: String) -> Bool {
    var name = name
    let index = name.withUTF8 { bytes in
      bytes.allSatisfy { $0 < 0x80 } ? KnownName.table.index(ofASCII: bytes) : nil
    }
    guard let index else { return KnownName.table.isStatusName(name) }
    return index >= 0 && KnownName.table.statuses[Int(index)] != nil
  }

  /// The bindings, moved out (not copied) once the last statement has parsed.
  mutating func takeBindings() -> [String: BindingKind] {
    var bindings: [String: BindingKind] = [:]
    swap(&bindings, &self.bindings)
    lastLookup = nil
    return bindings
  }

  /// Puts back what this statement's binding replaced, for a statement that failed after
  /// binding. The bindings stay in the parser from one statement to the next rather than in a
  /// copy kept aside, so that a `let` does not copy every earlier binding (which made a file of
  /// many `let`s quadratic).
  mutating func undoBinding() {
    guard let (name, previous) = replacedBinding else { return }
    lastLookup = nil
    bindings[name] = previous
    replacedBinding = nil
  }

  // MARK: - Tokens

  /// The next token; text that is no token is an error here.
  @inline(__always)
  func peek() throws(Failure) -> Token {
    let token = position < end ? source.tokens[position] : endToken
    if token.shape == .invalid { throw invalidFailure(token) }
    return token
  }

  /// The token `offset` places after the next one, or `nil` past the statement's end; for a
  /// message that needs to look further (it never throws for an invalid token).
  func peek(ahead offset: Int) -> Token? {
    position + offset < end ? source.tokens[position + offset] : nil
  }

  /// Throws when the next token is text that is no token (what ``peek()`` would throw).
  @inline(__always)
  func checkNext() throws(Failure) {
    guard position < end, source.tokens[position].shape == .invalid else { return }
    throw invalidFailure(source.tokens[position])
  }

  /// The error of `token`, an invalid one: what its text is and where. (Inlined: a method
  /// that used the parser whole made every caller copy it, 400 bytes, before reading a token.)
  @inline(__always)
  func invalidFailure(_ token: Token) -> Failure {
    let (message, location) = Lexer.invalid(token, in: source.source, file: source.file)
    return ScenarioDiagnostic(at: location, kind: message)
  }

  @discardableResult
  mutating func advance() throws(Failure) -> Token {
    try checkNext()
    let index = position
    skip()
    return index < end ? source.tokens[index] : endToken
  }

  /// Reads the next token, known to be no invalid one, without copying it.
  @inline(__always)
  mutating func skip() {
    // Tested first: assigning nil to an optional token destroys it through a generic witness,
    // at every token read, and a bare word was rarely the last one read.
    if case .some = lastReadWord { lastReadWord = nil }
    lastReadIndex = min(position, end)
    if position < end { position += 1 }
  }

  /// Records that the source from `first` to the end of the last token read is secret.
  mutating func recordSecret(from first: Token) {
    // The last token read in place (a copy retained its text, and comparing its kind with
    // `.end` went through `TokenKind`'s `==`; issue 29). The end is never a secret's last token.
    if let word = lastReadWord {
      guard word.offset >= first.offset, word.shape != .end else { return }
      secrets.append(SourceSpan(from: first, through: word))
      return
    }
    guard let index = lastReadIndex, index < end, source.tokens[index].shape != .end,
      source.tokens[index].offset >= first.offset
    else { return }
    secrets.append(
      SourceSpan(
        from: first, throughTokenAt: source.tokens[index].location,
        length: source.tokens[index].length))
  }

  /// Records that `token` alone is secret.
  mutating func recordSecret(only token: Token) {
    secrets.append(SourceSpan(from: token, through: token))
  }

  /// Records that `name`'s value is used as item data.
  mutating func recordSecretName(_ name: String) { secretNames.insert(name) }

  /// The next bare word (see ``TokenKind/word(_:)``), a string literal, a comma or the end.
  mutating func word() throws(Failure) -> Token {
    guard position < end else { return endToken }
    let (token, next) = source.word(at: position)
    position = min(next, end)
    lastReadWord = token
    if token.shape == .invalid { throw invalidFailure(token) }
    return token
  }

  /// Makes `token`, just read, the next token again, whichever way it is read next.
  mutating func pushBack(_ token: Token) {
    guard token.shape != .end else { return }
    while position > start, source.tokens[position - 1].offset >= token.offset { position -= 1 }
  }

  /// Whether the next token is `punctuation`; text that is no token is an error here.
  @inline(__always)
  func isNext(_ punctuation: Punctuation) throws(Failure) -> Bool {
    if nextIs(punctuation) { return true }
    try checkNext()
    return false
  }

  // Token `index` (before `end`) read in place: its trivial parts only, which copies nothing
  // (reading `source.tokens[index]` whole, or its kind, copied the token and retained its
  // text: the larger part of the parser's looks at a token; issue 29). The small methods the
  // parser calls most are inlined: calling a method on the parser from a mutating one copied
  // the parser whole, some 400 bytes, before each call.

  /// Token `index`, or the end past the statement: a copy, for a message or a secret's span.
  @inline(__always)
  func token(at index: Int) -> Token { index < end ? source.tokens[index] : endToken }

  /// Where token `index` starts, or the end past the statement.
  @inline(__always)
  func place(ofTokenAt index: Int) -> TokenPosition {
    index < end ? source.tokens[index].location : endToken.location
  }

  /// The text of token `index` when it is an identifier. A known name's text in a byte-wise
  /// source is the table's string, which the lexer gave the token (``Lexer``'s `identifier`):
  /// that string is taken without reading the token's kind. Another name written as the last
  /// name looked up is that string: `query` in `SecItemAdd query ...` after `let query = ...`
  /// (making it from the source's bytes again cost some 180 instructions; issue 29).
  @inline(__always)
  func identifierText(at index: Int) -> String? {
    guard source.tokens[index].shape == .identifier else { return nil }
    let token = source.tokens[index]
    if token.knownName < 0, let name = lastLookup?.name,
      Self.isWritten(name, in: source.source, at: token.offset..<token.endOffset)
    {
      return name
    }
    return source.identifierText(of: token)
  }

  /// Whether the characters at `range` of `source` are written `name`, their bytes compared;
  /// false in a source that is not byte-wise (whose identifiers are then made as before).
  /// Static, and given only the source: a method on the parser called from a mutating one
  /// copied the parser whole.
  private static func isWritten(
    _ name: String, in source: SourceCharacters, at range: Range<Int>
  ) -> Bool {
    // The length first: most other names differ in it.
    guard name.utf8.count == range.count else { return false }
    return source.withByteWiseUTF8(of: range) { written in
      // Read in place (a copy of the name to read its bytes retained and released it).
      name.utf8.withContiguousStorageIfAvailable { Self.hasSameBytes($0, written) } ?? false
    } ?? false
  }

  /// Whether `first` and `second` hold the same bytes, compared by `memcmp`: `elementsEqual`
  /// went through both buffers' iterators, some 250 instructions a short name (issue 29).
  static func hasSameBytes(
    _ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>
  ) -> Bool {
    guard first.count == second.count else { return false }
    guard let firstBytes = first.baseAddress, let secondBytes = second.baseAddress else {
      return true  // both empty
    }
    // Safe: both buffers hold `count` bytes, alive for the call.
    return memcmp(firstBytes, secondBytes, first.count) == 0
  }

  /// The text of token `index`, known to be an identifier.
  @inline(__always)
  func identifierText(ofNameAt index: Int) -> String {
    source.identifierText(of: source.tokens[index])
  }

  /// The raw key when token `index` is a key constant's name (``Token/constantKey``).
  @inline(__always)
  func constantKey(at index: Int) -> String? {
    let known = source.tokens[index].knownName
    return known < 0 ? nil : KnownName.table.keys[Int(known)]
  }

  /// The value when token `index` is a value constant's name (``Token/constantValue``).
  func constantValue(at index: Int) -> SecValue? {
    let known = source.tokens[index].knownName
    return known < 0 ? nil : KnownName.table.values[Int(known)]
  }

  /// The expression of the value constant token `index` names (`kSecClassGenericPassword`,
  /// written `name`), or nil when it names none. Made once per constant and parser in a
  /// byte-wise source, where `name` is the table's text: the case is boxed, and a box
  /// allocated at each use cost some 200 instructions (issue 29).
  mutating func constantExpr(at index: Int, named name: String) -> Expr? {
    let known = Int(source.tokens[index].knownName)
    guard known >= 0, let value = KnownName.table.values[known] else { return nil }
    guard source.source.isByteWise else { return .constant(name: name, value: value) }
    if constantExprs.isEmpty {
      constantExprs = Array(repeating: nil, count: KnownName.table.values.count)
    }
    if let made = constantExprs[known] { return made }
    let made = Expr.constant(name: name, value: value)
    constantExprs[known] = made
    return made
  }

  /// Whether token `index` is an Apple constant's name (``Token/isConstantName``).
  func isConstantName(at index: Int) -> Bool {
    let known = source.tokens[index].knownName
    return known >= 0 && KnownName.table.isConstant[Int(known)]
  }

  /// Whether token `index` is a reserved name (``Token/isReservedName``).
  func isReservedName(at index: Int) -> Bool {
    let known = source.tokens[index].knownName
    return known >= 0 && KnownName.table.isReserved[Int(known)]
  }

  /// Whether the next token is `punctuation`, read in place (no copy of the token).
  @inline(__always)
  private func nextIs(_ punctuation: Punctuation) -> Bool {
    position < end && source.tokens[position].shape == .punctuation(punctuation)
  }

  /// Whether the next token is the identifier `word`, read in place (its text only when it is
  /// an identifier).
  @inline(__always)
  private func nextIs(identifier word: String) -> Bool {
    position < end && source.isIdentifier(source.tokens[position], word)
  }

  /// Consumes the punctuation if it is next. Inlined: the parser's commonest call (after each
  /// key, value and entry), whose call cost more than its test (issue 29).
  @inline(__always)
  mutating func consume(_ punctuation: Punctuation) throws(Failure) -> Bool {
    guard try isNext(punctuation) else { return false }
    skip()
    return true
  }

  /// Consumes the identifier if it is next.
  mutating func consume(identifier: String) throws(Failure) -> Bool {
    guard nextIs(identifier: identifier) else {
      try checkNext()
      return false
    }
    skip()
    return true
  }

  /// Reads `punctuation`, else fails with "expected `what`" (made only then: some name the
  /// statement's words). Inlined, its failure out of line: it follows nearly every key of a
  /// dictionary, and its call cost more than its test (issue 29).
  @inline(__always)
  mutating func expect(
    _ punctuation: Punctuation, _ what: @autoclosure () -> String
  ) throws(Failure) {
    if nextIs(punctuation) {
      skip()
      return
    }
    try expectationFailed(what)
  }

  /// ``expect(_:_:)``'s error: the next token (or the error of text that is no token) is not
  /// what was expected.
  @inline(never)
  private mutating func expectationFailed(_ what: () -> String) throws(Failure) {
    let token = try advance()
    throw failure(.expected(what(), found: quoted(token)), at: token)
  }

  mutating func expect(identifier: String) throws(Failure) {
    guard try consume(identifier: identifier) else {
      let token = try advance()
      throw failure(.expected("`\(identifier)`", found: quoted(token)), at: token)
    }
  }

  mutating func identifier(_ what: @autoclosure () -> String) throws(Failure) -> (String, Token) {
    let token = try advance()
    guard token.shape == .identifier else {
      throw failure(.expected(what(), found: quoted(token)), at: token)
    }
    return (source.identifierText(of: token), token)
  }

  mutating func string(_ what: @autoclosure () -> String) throws(Failure) -> String {
    let token = try advance()
    guard token.shape == .string else {
      throw failure(.expected(what(), found: quoted(token)), at: token)
    }
    return source.stringValue(of: token)
  }

  /// One of the words of a ``Vocabulary`` table, with "did you mean" when it is none of them.
  mutating func choice<Word: RawRepresentable<String> & CaseIterable>(
    _ what: String, _ words: Word.Type
  ) throws(Failure) -> Word {
    // One of the words, nearly always: found by its raw value, without the list of them all
    // that only a message needs (issue 29). Each table is an enum, whose `init(rawValue:)`
    // compares as the list's search did.
    if position < end, let name = identifierText(at: position), let word = Word(rawValue: name) {
      skip()
      return word
    }
    return try choice(what, Word.allCases.map { ($0.rawValue, $0) })
  }

  /// One of a fixed set of words, with "did you mean" when it is none of them.
  mutating func choice<T>(_ what: String, _ options: [(String, T)]) throws(Failure) -> T {
    let token = try advance()
    guard case .identifier(let name) = source.kind(of: token) else {
      let list = options.map { "`\($0.0)`" }.joined(separator: ", ")
      throw failure(.expected("\(what) (\(list))", found: quoted(token)), at: token)
    }
    if let match = options.first(where: { $0.0 == name }) { return match.1 }
    let suggestion = Suggestion.nearest(to: name, in: options.map(\.0))
    throw failure(.unknown(what, name, suggestion: suggestion), at: token)
  }

  /// Enters one level of nesting at `token` (a `[`, a `(`); refused past ``nestingLimit``. The
  /// caller leaves with ``leaveNesting()`` (an error abandons the statement, depth and all).
  mutating func enterNesting(at token: Token) throws(Failure) {
    depth += 1
    guard depth <= Self.nestingLimit else {
      throw failure(.nestingTooDeep(limit: Self.nestingLimit), at: token)
    }
  }

  /// ``enterNesting(at:)`` at token `index`, copied only for the message.
  mutating func enterNesting(atTokenAt index: Int) throws(Failure) {
    depth += 1
    guard depth <= Self.nestingLimit else {
      throw failure(.nestingTooDeep(limit: Self.nestingLimit), at: token(at: index))
    }
  }

  mutating func leaveNesting() { depth -= 1 }

  /// How a diagnostic names `token`, read by this parser (``LexedSource/quoted(_:)``).
  func quoted(_ token: Token) -> String { source.quoted(token) }

  /// `token`, read by this parser, as written (``LexedSource/text(of:)``).
  func text(of token: Token) -> String { source.text(of: token) }

  func failure(_ message: ParseMessage, at token: Token) -> Failure {
    ScenarioDiagnostic(at: location(of: token), kind: message)
  }

  /// Where `token` is, in the statement's file.
  func location(of token: Token) -> SourceLocation { location(of: token.location) }

  /// `position` (a token's) in the statement's file.
  func location(of position: TokenPosition) -> SourceLocation {
    SourceLocation(file: source.file, position)
  }
}
