import Keychain

/// Tab completion by context: the words that fit where the cursor is, from the same
/// ``Vocabulary`` table the parser reads, so completion never offers a word the parser refuses.
///
/// ```swift
/// CompletionContext(boundNames: [], contextNames: []).candidates(line: "device ", wordStart: 7)
/// // ["lock", "passcode", "reboot", "unlock"]
/// ```
struct CompletionContext: Sendable {
  /// Every name bound with `let`.
  let boundNames: [String]
  /// The names bound to an `LAContext()`, whose members complete after `name.`.
  let contextNames: [String]

  /// The words for the word starting at `wordStart` (a UTF-8 offset, as readline counts) in
  /// `line`. The word itself is not filtered here: the reader keeps those it starts.
  func candidates(line: String, wordStart: Int) -> [String] {
    let before = String(decoding: line.utf8.prefix(wordStart), as: UTF8.self)
    // `LAError.` and `ctx.`: the members of what stands before the dot.
    if before.hasSuffix(".") {
      let owner = String(
        before.dropLast().reversed().prefix(while: Self.isNameCharacter).reversed())
      if owner == "LAError" || owner == "Code" { return LAErrorCode.allSpellings }
      if contextNames.contains(owner) { return Vocabulary.words(of: Vocabulary.ContextMember.self) }
      // `.deviceOwnerAuthentication` in a call, `[.biometryAny, .or]` in a flag list.
      if owner.isEmpty {
        return LAPolicy.allCases.map(\.name) + SecAccessControlCreateFlags.named.map(\.swift)
      }
      return []
    }
    let words = before.split(separator: " ").map(String.init)
    guard let first = words.first else { return statementStarts }
    switch (first, words.count) {
    case ("device", 1): return Vocabulary.words(of: Vocabulary.DeviceWord.self)
    case ("device", 2) where words[1] == "passcode":
      return Vocabulary.words(of: Vocabulary.PasscodeWord.self)
    case ("device", 2) where words[1] == "unlock": return [Vocabulary.unlockWithBiometry]
    case ("biometry", 1): return Vocabulary.words(of: Vocabulary.BiometryWord.self)
    case ("biometry", 2) where words[1] == "type": return Vocabulary.words(of: BiometryKind.self)
    case ("app", 1): return Vocabulary.words(of: Vocabulary.AppWord.self)
    case ("app", 3) where ["install", "transfer"].contains(words[1]): return [Vocabulary.team]
    case ("app", _) where words.count >= 5 && words[1] == "install":
      return Vocabulary.words(of: Vocabulary.AppInstallOption.self)
    case ("keychain", 1): return Vocabulary.words(of: Vocabulary.KeychainWord.self)
    case ("user", 1): return [Vocabulary.will]
    case ("user", 2) where words[1] == Vocabulary.will:
      return Vocabulary.words(of: Vocabulary.AnswerWord.self)
    case ("user", 4) where words[1] == Vocabulary.will: return Vocabulary.repeatWords
    case ("help", 1):
      return Vocabulary.words(of: Vocabulary.HelpTopic.self) + Vocabulary.statementWords
        + Vocabulary.words(of: Vocabulary.REPLWord.self)
    case ("show", 1): return Vocabulary.words(of: ShowTopic.self)
    case ("expect", 1):
      return Vocabulary.words(of: Vocabulary.ExpectWord.self) + ["true", "false", Vocabulary.noErr]
        + OSStatus.known.map(\.name)
    case ("expect", 2) where words[1] == "device":
      return Vocabulary.words(of: ExpectedLockState.self)
    case ("expect", 2) where words[1] == "no": return ["result", "prompt"]
    case ("explain", 1):
      return OSStatus.known.map(\.name) + ["LAError", Vocabulary.noErr]
        + LAErrorCode.allSpellings
    case ("save", 1), ("load", 1): return []
    default:
      if words.count == 0 { return statementStarts }
      // Inside an expression: Apple's names, the language's expression words, bound names.
      return Array(Set(ScenarioParser.vocabulary + boundNames)).sorted()
    }
  }

  /// What can start a statement: the statement words, the SecItem functions, the REPL's own
  /// commands and the names bound so far (`ctx.evaluatePolicy`, `query[...] = ...`).
  private var statementStarts: [String] {
    Vocabulary.statementWords + Vocabulary.words(of: Vocabulary.REPLWord.self) + boundNames
  }

  private static func isNameCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}
