/// Masks the secrets in a diagnostic's source line and message, so a parse error never shows a
/// passcode or item data (the line is echoed under the error, in the REPL, in `run` output and in
/// JUnit files).
///
/// A line that did not parse has no AST for ``StatementEcho`` to mask, so this works on tokens
/// and errs on the side of masking (docs/scenario-language.md, "Secrets in output"):
/// - after `device` or `user` (or a near miss such as `devcie`), every string literal and every
///   word that is not the language's own is a passcode (a command word's near miss stays, so
///   "did you mean" reads);
/// - after `expect result` (or a near miss), every literal is a possible secret;
/// - after a key that may be `kSecValueData` (any near miss of it or of its raw `"v_Data"`,
///   with `as String`, `as CFString` or inside `String(...)`), the value is item data, up to the
///   next `,` or closing bracket; a literal that follows such a key without a `:` is masked too;
/// - the inside of `Data(...)` is item data;
/// - after `backup` (or a near miss), everything after `password` is the backup password;
/// - after `app defaults set` (or near misses of `app defaults`), the rest (key and value);
/// - `unlock 1234` and `passcode 1234` (no `device`) are read as after `device`;
/// - a comment that starts where a secret may come, or that reads as a Swift raw string
///   (`#"1234"#`) on a line with a secret, is hidden to the end of the line;
/// - text that does not lex (a string cut by a bad escape) after any of those, or on a line that
///   names any of those keys, is hidden to the end of the line.
/// Each becomes `••••`, the caret moves with the text (the reported `file:line:column` stays the
/// file's). The token the diagnostic is about, when it follows a secret the parser read with
/// only blanks between (`"x" "more"`, `1234 5678`), is masked too, to the next `,` or closing bracket. The
/// kind is masked (a token in a secret quotes `••••`, whatever it is), and the message is the
/// masked kind's text, so no output made from the diagnostic can quote a secret.
///
/// ```
/// demo.scenario:3:8: error: unknown `device` command `unlcok`; did you mean `unlock`?
/// device unlcok ••••
///        ^
/// ```
package enum DiagnosticRedaction {

  /// Sorted ranges, overlapping ones joined.
  private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
      if let last = result.last, range.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
      } else {
        result.append(range)
      }
    }
    return result
  }

  /// `text` with each quoted secret, and a text that is a secret, replaced by the mask.
  private static func maskingSecrets(in text: String, _ secrets: [String]) -> String {
    var text = text
    for secret in secrets {
      if text == secret { return SecretMask.text }
      text = text.replacingOccurrences(of: "`\(secret)`", with: "`\(SecretMask.text)`")
    }
    return text
  }

  /// `text`, a text a message quotes from the source, masked: a quoted token becomes
  /// `` `••••` ``, a bare name `••••`; "the end of the statement" is no source and stays.
  private static func masked(_ text: String) -> String {
    if text == Token.endQuoted { return text }
    return text.hasPrefix("`") ? "`\(SecretMask.text)`" : SecretMask.text
  }

  /// The diagnostic with the secrets of its source line masked; `line` is that line as the
  /// parser lexed it, `known` the ranges of it the parser recorded as secret before it failed.
  ///
  /// The message is the masked kind's text, so the kind, the message and every output made
  /// from them (stderr, `--format json`, JUnit) say the same: a diagnostic whose token is in a
  /// secret, or follows one with nothing but blanks between, quotes no source text at all.
  static func redacted(
    _ diagnostic: ScenarioDiagnostic, line: LexedSource, known: [Range<Int>] = []
  ) -> ScenarioDiagnostic {
    var ranges = merged(secretRanges(in: line) + known)
    let offset = diagnostic.location.column - 1
    // Only after what the parser read as a secret: a guess from tokens (`5` in `user will fail 5
    // tries`, a count) does not make the next word one.
    if let trailing = trailingRange(at: offset, after: merged(known), in: line) {
      ranges = merged(ranges + [trailing])
    }
    guard !ranges.isEmpty else { return diagnostic }
    let characters = line.characters
    var masked = ""
    var next = 0
    var column = diagnostic.location.column
    for range in ranges {
      masked += String(characters[next..<range.lowerBound]) + SecretMask.text
      next = range.upperBound
      // Columns are 1-based: a caret after the range moves by the change in length, a caret
      // inside it goes to its start.
      if diagnostic.location.column > range.upperBound {
        column -= range.count - SecretMask.text.count
      } else if diagnostic.location.column > range.lowerBound {
        column -= diagnostic.location.column - 1 - range.lowerBound
      }
    }
    masked += String(characters[next...])
    var result = diagnostic
    result.sourceLine = masked
    if column != diagnostic.location.column { result.caretColumn = column }
    let secrets = ranges.map { String(characters[$0]) }
    // The token the diagnostic is about is (part of) a secret: whatever it quotes is.
    let inSecret = ranges.contains { $0.contains(offset) }
    let mask = { (text: String) in
      inSecret ? Self.masked(text) : maskingSecrets(in: text, secrets)
    }
    if let kind = result.kind?.mappingText(mask) {
      result.kind = kind
      result.message = kind.text
    } else {
      result.message = maskingSecrets(in: result.message, secrets)
    }
    return result
  }

  /// When the token at `offset` follows one of `ranges` with only blanks between (`"x"
  /// "hunter2"`, `1234 5678` where one passcode goes), it and what follows it up to the next
  /// `,` or closing bracket outside brackets it opens: the rest of the secret the parser did
  /// not expect. Nil otherwise.
  private static func trailingRange(
    at offset: Int, after ranges: [Range<Int>], in line: LexedSource
  ) -> Range<Int>? {
    let characters = line.characters
    guard let index = line.tokens.firstIndex(where: { $0.offset == offset }),
      !isPunctuation(line.tokens[index], in: line),
      let previous = ranges.last(where: { $0.upperBound <= offset }),
      characters[previous.upperBound..<offset].allSatisfy(\.isWhitespace)
    else { return nil }
    var depth = 0
    var end = line.tokens[index].endOffset
    for token in line.tokens[index...] {
      switch token.shape {
      case .end: return offset..<end
      case .punctuation(.leftBracket), .punctuation(.leftParen): depth += 1
      case .punctuation(.rightBracket), .punctuation(.rightParen):
        if depth == 0 { return offset..<end }
        depth -= 1
      case .punctuation(.comma) where depth == 0: return offset..<end
      default: break
      }
      if isBroken(token, in: line) { return offset..<characters.count }
      end = token.endOffset
    }
    return offset..<end
  }

  /// The character ranges of `line` (one line, offsets from its start) that hold a secret,
  /// its comment included when the comment starts where a secret may be.
  static func secretRanges(in line: LexedSource) -> [Range<Int>] {
    let (ranges, slotOpen) = codeSecretRanges(in: line)
    guard let column = line.commentColumns[line.firstLine] else { return ranges }
    // `device passcode #"1234"#`: a Swift raw string is a comment here, and the line echoes it.
    let start = column - 1
    let comment = line.characters[start...]
    let rawString = comment.drop(while: { $0 == "#" }).first == "\""
    guard slotOpen || (rawString && (!ranges.isEmpty || mentionsSecret(line))) else {
      return ranges
    }
    return ranges + [start..<line.source.count]
  }

  /// Whether the line holds any statement word or key a secret comes after.
  private static func mentionsSecret(_ line: LexedSource) -> Bool {
    if mentionsSecretKey(line.characters) { return true }
    return line.tokens.contains { token in
      if case .identifier(let word) = line.kind(of: token) {
        return isNear(word, ["device", "user", "backup", "password", "setItem", "unlock"])
          || word == "passcode" || word == "Data" || word == "result"
      }
      return false
    }
  }

  /// The secret ranges of the line's code, and whether a secret slot is still open where the
  /// code ends (a passcode, a backup password, an expected result or item data may follow).
  private static func codeSecretRanges(in line: LexedSource) -> ([Range<Int>], Bool) {
    // Characters that are no token (`@`, `;`) cannot hide what the statement is.
    let tokens = line.tokens.filter { token in
      if case .invalid(.unexpectedCharacter, _) = line.kind(of: token) { return false }
      return true
    }
    if case .identifier(let word)? = tokens.first.map(line.kind(of:)) {
      if isNear(word, ["device", "user"]) {
        return passcodeRanges(in: line, from: tokens[0].endOffset)
      }
      // `unlock 1234`, `passcode 1234`: a passcode statement that lost its `device`.
      if isNear(word, ["unlock", "passcode"]) {
        return passcodeRanges(in: line, from: tokens[0].offset)
      }
      if isNear(word, ["backup"]) { return backupPasswordRanges(in: tokens, line: line) }
      if isNear(word, ["app"]), tokens.count > 1, case .identifier(let sub) = line.kind(of: tokens[1]),
        isNear(sub, ["defaults"])
      {
        return defaultsValueRanges(in: tokens, line: line)
      }
      if isNear(word, ["expect"]), tokens.count > 1, case .identifier(let subject) = line.kind(of: tokens[1]),
        isNear(subject, ["result"])
      {
        return (literalRanges(in: Array(tokens.dropFirst(2)), line: line), true)
      }
    }
    let (data, open) = dataRanges(in: tokens, line: line)
    let package = packageValueRanges(in: tokens, line: line)
    return (data + package, open || !package.isEmpty)
  }

  /// Whether `word` is one of `candidates` or a near miss the parser would call a typo.
  static func isNear(_ word: String, _ candidates: [String]) -> Bool {
    let lowered = Array(word.lowercased())
    return candidates.contains { candidate in
      let limit = candidate.count <= 4 ? 1 : 2
      return Suggestion.editDistance(lowered, Array(candidate.lowercased())) <= limit
    }
  }

  /// Whether a token is punctuation, a stray character or the end: never part of a secret.
  private static func isPunctuation(_ token: Token, in line: LexedSource) -> Bool {
    switch line.kind(of: token) {
    case .punctuation, .end, .invalid(.unexpectedCharacter, _): true
    default: false
    }
  }

  /// Whether a token is text that did not lex (an unterminated string, a bad escape, a number
  /// out of range), as opposed to a stray character.
  static func isBroken(_ token: Token, in line: LexedSource) -> Bool {
    guard token.shape == .invalid else { return false }
    switch line.kind(of: token) {
    case .invalid(.unexpectedCharacter, _): return false
    case .invalid: return true
    default: return false
    }
  }

  // MARK: - Backup passwords

  /// `backup create b encrypted password "..."`: everything after `password` (or a near miss
  /// of it) to the end of the line.
  private static func backupPasswordRanges(in tokens: [Token], line: LexedSource)
    -> ([Range<Int>], Bool)
  {
    guard
      let index = tokens.firstIndex(where: {
        if case .identifier(let word) = line.kind(of: $0) { return isNear(word, ["password"]) }
        return false
      })
    else { return ([], false) }
    guard index + 1 < tokens.count, tokens[index + 1].shape != .end else { return ([], true) }
    return ([tokens[index + 1].offset..<line.source.count], true)
  }

  // MARK: - App preferences

  /// `app defaults set <key> <value>`: everything after `set` to the end of the line. The key
  /// is masked with the value: a key such as `refresh-token` is several tokens here, and
  /// where it ends is the parser's business, so the mask errs on the safe side.
  private static func defaultsValueRanges(in tokens: [Token], line: LexedSource)
    -> ([Range<Int>], Bool)
  {
    guard tokens.count > 3, tokens[3].shape != .end else { return ([], true) }
    return ([tokens[3].offset..<line.source.count], true)
  }

  // MARK: - Passcodes

  /// The words of `device` and `user will` statements that are never a passcode.
  private static let passcodeStatementWords: Set<String> = [
    "passcode", "lock", "unlock", "reboot", "change", "remove", "biometry", "will", "match",
    "fail", "cancel", "fallback", "enter", "times", "time",
  ]

  /// The words after which passcodes come.
  private static let passcodeTakingWords = ["passcode", "unlock", "change", "remove", "enter"]

  /// `device passcode change 1234 5678`, `user will enter 1234`: read as bare words (as the
  /// parser reads passcodes), every string literal and every word that is not one of the
  /// statement's words, except the count of `user will fail 2 times`. Words of letters before a
  /// word that takes a passcode stay (`unlcok`), so "did you mean" reads. Text that does not lex
  /// (a string cut by a bad escape) is hidden to the end of the line.
  private static func passcodeRanges(in line: LexedSource, from offset: Int)
    -> ([Range<Int>], Bool)
  {
    var words: [Token] = []
    var index = line.tokens.firstIndex { $0.offset >= offset } ?? line.tokens.count - 1
    while line.tokens[index].shape != .end {
      let (word, next) = line.word(at: index)
      if isBroken(word, in: line) {
        return (ranges(of: words, in: line).ranges + [word.offset..<line.source.count], true)
      }
      words.append(word)
      index = next
    }
    return ranges(of: words, in: line)
  }

  /// The passcodes among the words of a `device` or `user` statement, and whether a word that
  /// takes a passcode was read.
  private static func ranges(
    of words: [Token], in line: LexedSource
  ) -> (ranges: [Range<Int>], takesPasscode: Bool) {
    var ranges: [Range<Int>] = []
    // Once a word that takes a passcode is read (or a near miss of one), every other word is.
    var takesPasscode = false
    for (index, token) in words.enumerated() {
      switch line.kind(of: token) {
      case .word(let word):
        if passcodeStatementWords.contains(word) {
          takesPasscode = takesPasscode || passcodeTakingWords.contains(word)
          continue
        }
        let next = words.indices.contains(index + 1) ? line.text(of: words[index + 1]) : ""
        if (next == "times" || next == "time") && word.allSatisfy(\.isNumber) { continue }
        if word.allSatisfy(\.isLetter), !takesPasscode {
          takesPasscode = isNear(word, passcodeTakingWords)
          continue
        }
      case .punctuation(.comma): continue
      default: break
      }
      ranges.append(token.offset..<token.endOffset)
    }
    return (ranges, takesPasscode)
  }

  /// `expect result "s3cret"`: every literal after the subject, and broken text to the end.
  private static func literalRanges(in tokens: [Token], line: LexedSource) -> [Range<Int>] {
    var ranges: [Range<Int>] = []
    for token in tokens {
      if isBroken(token, in: line) { return ranges + [token.offset..<line.source.count] }
      switch token.shape {
      case .string, .integer, .duration: ranges.append(token.offset..<token.endOffset)
      default: break
      }
    }
    return ranges
  }

  // MARK: - Item data

  /// `kSecValueData: <value>` (and its other spellings) up to the next `,` or closing bracket,
  /// and the inside of `Data(...)`. Broken text is hidden to the end of the line when it is
  /// inside or after a secret key, or the line mentions one.
  private static func dataRanges(
    in tokens: [Token], line source: LexedSource
  ) -> ([Range<Int>], Bool) {
    let line = source.characters
    let length = line.count
    var ranges: [Range<Int>] = []
    var previous: [Token] = []
    var secretStart: Int?
    /// After a secret key, before its `:`: `as String`, `)` and the like may come first.
    var awaitingValue = false
    /// After a secret key's `:`: the next token opens the secret.
    var opening = false
    var depth = 0
    /// Opens a secret at `token`, counting it if it is a bracket.
    func open(at token: Token) {
      secretStart = token.offset
      switch token.shape {
      case .punctuation(.leftBracket), .punctuation(.leftParen): depth = 1
      default: depth = 0
      }
    }
    /// Closes the open secret after the last token read.
    func close() {
      if let start = secretStart, let last = previous.last, last.offset >= start {
        ranges.append(start..<last.endOffset)
      }
      secretStart = nil
    }
    for token in tokens {
      if token.shape == .end { break }
      if isBroken(token, in: source) {
        if let start = secretStart {
          ranges.append(start..<length)
        } else if awaitingValue || opening || mentionsSecretKey(line) {
          ranges.append(token.offset..<length)
        }
        return (ranges, true)
      }
      if opening {
        opening = false
        switch token.shape {
        case .punctuation(.comma), .punctuation(.rightBracket), .punctuation(.rightParen): break
        default: open(at: token)
        }
      } else if secretStart != nil {
        switch token.shape {
        case .punctuation(.leftBracket), .punctuation(.leftParen): depth += 1
        case .punctuation(.rightBracket), .punctuation(.rightParen):
          depth -= 1
          if depth < 0 { close() }
        case .punctuation(.comma): if depth == 0 { close() }
        default: break
        }
      } else if awaitingValue {
        switch token.shape {
        case .punctuation(.colon), .punctuation(.equals):
          awaitingValue = false
          opening = true
        case .string, .integer, .duration, .boolean:
          // A value after a key that lost its colon: still the key's value.
          ranges.append(token.offset..<token.endOffset)
          awaitingValue = false
        case .punctuation(.comma), .punctuation(.rightBracket):
          awaitingValue = false
        default: break  // `as`, `String`, `CFString`, `!`, `?`, `)`
        }
      } else if isSecretKey(token, in: source) {
        awaitingValue = true
      } else if startsData(after: previous, next: token, in: source) {
        open(at: token)
      }
      previous.append(token)
    }
    let open = secretStart != nil || awaitingValue || opening
    close()
    return (ranges, open)
  }

  /// Spellings of the item-data key: its constant, its raw value, and their near misses.
  private static func isSecretKey(_ token: Token, in line: LexedSource) -> Bool {
    switch line.kind(of: token) {
    case .identifier(let name), .string(let name): isSecretKeyName(name)
    default: false
    }
  }

  /// `kSecValueData` or `v_Data`, or one or two edits from it (one from the short raw key, so
  /// `Data` itself is not taken for it).
  private static func isSecretKeyName(_ name: String) -> Bool {
    let lowered = Array(name.lowercased())
    return Suggestion.editDistance(lowered, Array("ksecvaluedata")) <= 2
      || Suggestion.editDistance(lowered, Array("v_data")) <= 1
  }

  /// Whether the line names anything like the item-data key, however misspelt or broken.
  private static func mentionsSecretKey(_ line: [Character]) -> Bool {
    var word = ""
    for character in line + [" "] {
      if character.isLetter || character.isNumber || character == "_" {
        word.append(character)
      } else {
        if !word.isEmpty, isSecretKeyName(word) || word.lowercased().contains("valuedata") {
          return true
        }
        word = ""
      }
    }
    return false
  }

  /// Whether `next` begins a secret: the first token inside `Data (`, unless it closes it.
  private static func startsData(
    after previous: [Token], next: Token, in line: LexedSource
  ) -> Bool {
    guard previous.count >= 2,
      line.isIdentifier(previous[previous.count - 2], "Data"),
      previous[previous.count - 1].shape == .punctuation(.leftParen)
    else { return false }
    return next.shape != .punctuation(.rightParen)  // `Data()` is empty, not a secret
  }
}
