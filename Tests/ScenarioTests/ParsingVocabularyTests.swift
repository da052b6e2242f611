import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// The words the REPL completes, and that they are the parser's words: the completion list is
/// built from the vocabulary table, and the parser, probed word by word, accepts no word it
/// lacks.
@Suite struct ParsingVocabularyTests {
  @Test func vocabularyHoldsEveryKindOfWord() {
    let words = Set(ScenarioParser.vocabulary)
    for word in [
      "device", "SecItemCopyMatching", "kSecAttrAccount", "kSecClassGenericPassword",
      "biometryCurrentSet", "kSecAccessControlUserPresence", "deviceOwnerAuthentication",
      "errSecInteractionNotAllowed", "biometryLockout", "touchIDLockout", "evaluatePolicy",
      "beforeFirstUnlock",
    ] {
      #expect(words.contains(word), "\(word)")
    }
    #expect(ScenarioParser.vocabulary == ScenarioParser.vocabulary.sorted())
  }

  /// The places where the parser takes a word from a fixed set, as a source prefix and what
  /// follows the word. Places that take any word (a bundle id, a face's name, `help`'s topic)
  /// are left out, and so are the places of Apple's key and value constants (`SecItemAdd [`,
  /// `let x =`): the parser looks those up in ``SecConstants``, which the vocabulary includes
  /// whole, and probing them costs a "did you mean" over every constant per word.
  static let places: [(before: String, after: String)] = [
    ("", ""), ("device ", ""), ("device passcode ", ""), ("device unlock ", ""),
    ("biometry ", ""), ("biometry type ", ""), ("app ", ""), ("app install com.x ", ""),
    ("app install com.x team T ", ""), ("keychain ", ""), ("user ", ""), ("user will ", ""),
    ("user will fail 2 ", ""), ("show ", ""), ("expect ", ""), ("expect no ", ""),
    ("expect device ", ""), ("expect LAError.", ""), ("explain ", ""), ("ctx.", ""),
    ("ctx.evaluatePolicy(.", ", localizedReason: \"r\")"),
    ("let a = SecAccessControlCreateWithFlags(nil, ", ", [], nil)"),
    ("let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, [.", "], nil)"),
  ]

  /// Words to probe: every word of the code in the language's documentation, of the `help`
  /// texts and of the golden scenarios, so the probe does not come from the table it checks.
  static func candidateWords() throws -> Set<String> {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let spec = try String(
      contentsOf: root.appendingPathComponent("docs/scenario-language.md"), encoding: .utf8)
    // Code spans and fenced blocks alternate with prose between backticks.
    var texts = spec.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }
      .map(\.element)
    texts += HelpText.topics.map(\.body)
    for name in GoldenFile.names(withExtension: "scenario") {
      texts.append(try GoldenFile.input(name, ext: "scenario"))
    }
    let separators = CharacterSet.letters.union(CharacterSet(charactersIn: "-")).inverted
    return Set(
      texts.flatMap { $0.components(separatedBy: separators) }
        .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "-")) }
        .filter { $0.count > 1 && $0 != "ctx" })
  }

  /// Whether the parser takes `word` at the place: no error points into the word (or at the
  /// `.` before it, where `.biometryAny` is reported).
  static func accepts(_ word: String, before: String, after: String) -> Bool {
    var parser = ScenarioParser(file: "probe", bindings: ["ctx": .context])
    let result = parser.parse(before + word + after)
    let columns = before.count...(before.count + word.count)
    return !result.diagnostics.contains { columns.contains($0.location.column) }
  }

  /// Words to probe that the parser might accept.
  static let candidates = Result { try candidateWords() }

  /// The REPL's completer after playing `lines` (a session with `ctx` bound to a context).
  static func replCompleter(after lines: [String] = []) throws
    -> @Sendable (String, Int) -> [String]
  {
    final class Recorder: LineReader {
      var completer: @Sendable (String, Int) -> [String] = { _, _ in [] }
      var lines: [String]
      init(_ lines: [String]) { self.lines = lines }
      func read(prompt: String) -> LineInput {
        lines.isEmpty ? .end : .line(lines.removeFirst())
      }
      func setCompleter(_ completer: @escaping @Sendable (String, Int) -> [String]) {
        self.completer = completer
      }
    }
    let recorder = Recorder(lines + ["let ctx = LAContext()", "help"])
    var repl = REPL(
      session: try ScenarioSession(options: .init(kdfProfile: .fast)), reader: recorder
    ) { _ in }
    _ = repl.run()
    return recorder.completer
  }

  /// What the REPL completes for a word typed right after `before`.
  static func replCompletions(before: String, after lines: [String] = []) throws -> Set<String> {
    Set(try replCompleter(after: lines)(before, before.utf8.count))
  }

  @Test(arguments: places.indices)
  func everyWordTheParserAcceptsIsCompleted(place: Int) throws {
    let (before, after) = Self.places[place]
    #expect(try Self.candidates.get().count > 300)
    let completed = try Self.replCompletions(before: before)
    let words = try Self.candidates.get().subtracting(completed)
    let missing = words.filter { Self.accepts($0, before: before, after: after) }
    #expect(missing.isEmpty, "after `\(before)` the parser takes \(missing.sorted())")
  }

  @Test func theParserAcceptsEveryWordOfTheTable() {
    let places: [(String, [String])] = [
      ("", Vocabulary.statementWords),
      ("device ", Vocabulary.DeviceWord.allCases.map(\.rawValue)),
      ("device passcode ", Vocabulary.PasscodeWord.allCases.map(\.rawValue)),
      ("device unlock ", [Vocabulary.unlockWithBiometry]),
      ("biometry ", Vocabulary.BiometryWord.allCases.map(\.rawValue)),
      ("app ", Vocabulary.AppWord.allCases.map(\.rawValue)),
      ("app install com.x ", [Vocabulary.team]),
      ("app install com.x team T ", Vocabulary.AppInstallOption.allCases.map(\.rawValue)),
      ("keychain ", Vocabulary.KeychainWord.allCases.map(\.rawValue)),
      ("user ", [Vocabulary.will]),
      ("user will ", Vocabulary.AnswerWord.allCases.map(\.rawValue)),
      ("user will fail 2 ", Vocabulary.repeatWords),
      ("expect ", Vocabulary.ExpectWord.allCases.map(\.rawValue)),
      ("ctx.", Vocabulary.ContextMember.allCases.map(\.rawValue)),
    ]
    for (before, words) in places {
      for word in words {
        #expect(Self.accepts(word, before: before, after: ""), "`\(before)\(word)`")
      }
    }
  }

  @Test func insideAnExpressionTheREPLCompletesTheVocabularyAndBoundNames() throws {
    let words = try Self.replCompletions(
      before: "SecItemAdd [kSecClass: ",
      after: ["let query = [kSecClass: kSecClassGenericPassword]"])
    // A value slot: every word of an expression but Apple's key names.
    #expect(
      words
        == Set(ScenarioParser.vocabulary + ["query", "ctx"]).subtracting(
          CompletionContext.keyNames))
  }

  /// A dictionary's key slot offers keys, its value slot values (issue 26).
  @Test func keysCompleteInKeySlotsAndValuesAfterTheColon() throws {
    for before in [
      "SecItemAdd [", "SecItemAdd [kSecClass: kSecClassGenericPassword, ",
      "let q = [kSecAttrService: \"a:b, c\", ", "SecItemUpdate q, [",
    ] {
      let words = try Self.replCompletions(before: before)
      #expect(words.contains("kSecAttrAccount"), "\(before)")
      #expect(!words.contains("kSecAttrAccessibleAfterFirstUnlock"), "\(before)")
      #expect(!words.contains("kSecClassGenericPassword"), "\(before)")
    }
    for before in [
      "SecItemAdd [kSecClass: ",
      "SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccessible: ",
    ] {
      let words = try Self.replCompletions(before: before)
      #expect(words.contains("kSecAttrAccessibleAfterFirstUnlock"), "\(before)")
      #expect(words.contains("kSecClassGenericPassword"), "\(before)")
      #expect(!words.contains("kSecAttrAccount"), "\(before)")
    }
    // Inside a call's parentheses any expression goes.
    #expect(
      try Self.replCompletions(before: "SecItemAdd [kSecAttrAccount: Data(").contains(
        "kSecAttrAccount"))
  }

  /// After `load` and `save`, the files and folders of the path typed so far.
  @Test func loadAndSaveCompleteFileNames() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-complete-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(
      atPath: folder + "/lessons", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "wait 1s\n".write(toFile: folder + "/night.scenario", atomically: true, encoding: .utf8)
    let completer = try Self.replCompleter()
    for command in ["load ", "save "] {
      let line = command + folder + "/ni"
      let words = completer(line, command.utf8.count)
      #expect(words.contains(folder + "/night.scenario"), "\(words)")
      #expect(words.contains(folder + "/lessons/"), "\(words)")
    }
  }

  /// Completion by context: only the words that fit after the words typed.
  @Test(arguments: [
    ("device ", ["add", "lock", "passcode", "reboot", "unlock", "use"]),
    ("biometry type ", ["faceID", "none", "touchID"]),
    ("user will ", ["cancel", "enter", "fail", "fallback", "match"]),
    ("show ", ["apps", "cloud", "device", "devices", "items", "keys"]),
    ("icloud ", ["keychain", "sign-in", "sign-out", "sync"]),
    ("expect device ", ["beforeFirstUnlock", "locked", "unlocked"]),
  ])
  func completionFitsTheContext(before: String, expected: [String]) throws {
    #expect(try Self.replCompletions(before: before) == Set(expected))
  }

  @Test func membersCompleteAfterADot() throws {
    let afterLAError = try Self.replCompletions(before: "expect LAError.")
    #expect(afterLAError.contains("userCancel"))
    #expect(!afterLAError.contains("evaluatePolicy"))
    let afterContext = try Self.replCompletions(before: "ctx.")
    #expect(afterContext == Set(Vocabulary.words(of: Vocabulary.ContextMember.self)))
    let statementStart = try Self.replCompletions(before: "")
    #expect(statementStart.contains("ctx"))
    #expect(statementStart.contains("save"))
    #expect(!statementStart.contains("kSecAttrAccount"))
  }

  @Test func helpRoutesEveryStatementWordToATopic() {
    for word in Vocabulary.statementWords + Vocabulary.DeviceWord.allCases.map(\.rawValue) {
      #expect(!HelpText.text(for: word).hasPrefix("no help topic"), "help \(word)")
    }
    #expect(HelpText.text(for: "wait").contains("device passcode <digits>"))
    #expect(HelpText.text(for: "SecItemAdd").contains("SecItemCopyMatching <dict>"))
    #expect(HelpText.text(for: "enroll").contains("biometry enroll <name>"))
  }
}
