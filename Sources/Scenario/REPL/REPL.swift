import Foundation
import Keychain
import ScenarioLanguage

/// The interactive loop: reads statements from a `LineReader`, plays them on a session and
/// writes what they produced. Parse errors are shown with a caret and the session goes on.
///
/// ```swift
/// var repl = REPL(session: try ScenarioSession(), reader: ScriptedReader(lines)) { print($0, terminator: "") }
/// let status = repl.run()
/// ```
public struct REPL {
  private var session: ScenarioSession
  private let input: ReaderBox
  private let write: (String) -> Void
  private var parser = ScenarioParser(file: "<repl>")
  private var nextLine = 1
  private var failedExpectations = 0
  /// The inputs played so far, as typed (secrets included), for `save`; an answer given at a
  /// prompt comes before its statement as the `user will` line that replays it.
  private var played: [String] = []
  /// The answers given at the terminal while the current input plays.
  private let answers = AnswerLog()

  /// - Parameter write: receives output text, each piece ending with a newline.
  public init(session: ScenarioSession, reader: any LineReader, write: @escaping (String) -> Void) {
    self.session = session
    self.input = ReaderBox(reader)
    self.write = write
    let input = self.input
    let answers = self.answers
    self.session.answerPromptsInteractively { prompt in
      let response = PromptAsker(input: input, write: write).ask(prompt)
      answers.given.append(response)
      return response
    }
  }

  /// The prompt: the device at a glance, `[unlocked · com.example.app] ❯ `.
  public var prompt: String { "[\(session.promptSummary)] ❯ " }

  /// Shown while a `[` or `(` is open.
  public static var continuationPrompt: String { "    … " }

  /// The first line: what device this is, truthfully for a reopened device file.
  public var banner: String { "keychain-sim: \(session.deviceDescription). Type help, or quit." }

  /// Runs until `quit` or end of input, after playing `initFile` (`keychain-sim -i FILE`).
  ///
  /// - Returns: 0, or 1 when an expectation failed during the session.
  public mutating func run(initFile: String? = nil) -> Int32 {
    write(banner + "\n")
    if let initFile, !load(initFile) { return failedExpectations > 0 ? 1 : 0 }
    while let input = readStatement() {
      if !play(input) { break }
    }
    // What only the end shows: an errSecDuplicateItem nothing handled.
    for pitfall in session.finishPitfalls() { write(ScenarioWarning.note(for: pitfall) + "\n") }
    return failedExpectations > 0 ? 1 : 0
  }

  /// Reads lines until no bracket is open; `nil` at end of input. Ctrl-C abandons every line
  /// read so far and starts again at the main prompt.
  private mutating func readStatement() -> String? {
    let completion = CompletionContext(
      boundNames: session.boundNames, contextNames: session.contextNames,
      packageKeychainNames: session.packageKeychainNames)
    input.reader.setCompleter { line, start in completion.candidates(line: line, wordStart: start) }
    var lines: [String] = []
    while true {
      let prompt = lines.isEmpty ? self.prompt : Self.continuationPrompt
      switch input.reader.read(prompt: prompt) {
      case .end:
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
      case .interrupt:
        if !lines.isEmpty { write("(statement abandoned)\n") }
        lines = []
      case .line(let line):
        // A multi-line entry recalled from the history comes back whole.
        lines += line.components(separatedBy: "\n")
        if case .complete = ScenarioParser.inputStatus(of: lines) {
          return lines.joined(separator: "\n")
        }
      }
    }
  }

  /// Plays one input; `false` when the session should end.
  private mutating func play(_ input: String) -> Bool {
    guard !input.allSatisfy(\.isWhitespace) else { return true }
    self.input.reader.addToSessionHistory(input)
    if let command = REPLCommandLine(input) {
      nextLine += input.components(separatedBy: "\n").count
      self.input.reader.saveHistory(input)
      switch command {
      case .save(let path): save(to: path)
      case .load(let path): _ = load(path)
      case .usage(let message): write("error: \(message)\n")
      }
      return true
    }
    let firstLine = nextLine
    nextLine += input.components(separatedBy: "\n").count
    let parsed = parser.parse(input, firstLine: firstLine)
    if let entry = Self.historyEntry(for: input, parsed: parsed) {
      self.input.reader.saveHistory(entry)
    }
    // `device unlock ••••` recalled from the history file: say why it cannot run rather than
    // report the `•` the parser does not know.
    if !parsed.diagnostics.isEmpty, input.contains(Self.masked) {
      write(
        "error: this line holds •••• where a secret was: the history file keeps passcodes and "
          + "item data masked; replace •••• with the real value and run it again\n")
      return true
    }
    for diagnostic in parsed.diagnostics {
      write(diagnostic.rendered())
    }
    answers.given = []
    let goesOn = playStatements(parsed.statements)
    if parsed.diagnostics.isEmpty, !Self.onlyLooks(parsed.statements) {
      played += answers.given.map(Self.replayLine) + [input]
    }
    return goesOn
  }

  /// Whether every statement only shows something (`help`, `show`, `explain`): a saved file
  /// leaves them out, as `run` would print them in full.
  private static func onlyLooks(_ statements: [Statement]) -> Bool {
    statements.allSatisfy {
      switch $0.kind {
      case .help, .show, .explain: true
      default: false
      }
    }
  }

  /// The line that gives `response` again when the saved file plays: `user will match`,
  /// `user will enter 1234`; a dismissed prompt (Ctrl-D) has no `user will` form, so the file
  /// says so where it happened.
  private static func replayLine(_ response: UserResponse?) -> String {
    let will = "\(Vocabulary.StatementWord.user.rawValue) \(Vocabulary.will)"
    switch response {
    case .match?: return "\(will) match"
    case .fail?: return "\(will) fail"
    case .cancel?: return "\(will) cancel"
    case .fallback?: return "\(will) fallback"
    case .enter(let passcode)?:
      let digits = !passcode.isEmpty && passcode.allSatisfy { $0.isASCII && $0.isNumber }
      return "\(will) enter " + (digits ? passcode : SwiftStringLiteral.quoting(passcode))
    case nil:
      return dismissedMarker
    }
  }

  /// Where a prompt was dismissed in the session; `run` of the saved file stops there.
  private static let dismissedMarker =
    "# the prompt here was dismissed (Ctrl-D); no `user will` answer replays that"

  /// Plays parsed statements, writing what each produced; `false` after `quit`.
  private mutating func playStatements(_ statements: [Statement]) -> Bool {
    for statement in statements {
      do {
        let step = try session.execute(statement)
        if case .reset = statement.kind { parser.removeAllBindings() }
        switch step.expectation {
        case .held?: write("✓ holds\n")
        case .failed?:
          failedExpectations += 1
          write("✗ expectation failed\n")
        case nil: break
        }
        for line in step.lines { write(line + "\n") }
        for pitfall in step.pitfalls { write(ScenarioWarning.note(for: pitfall) + "\n") }
        if step.quit { return false }
      } catch {
        write("error: \(error.message)\n")
      }
    }
    return true
  }

  /// What the history file shows in place of a secret.
  static let masked = "••••"

  // MARK: - save and load

  /// `save FILE`: every input played so far, as typed, in a file only its owner can read.
  private mutating func save(to path: String) {
    let statements = played.filter { !Self.isQuit($0) }
    let text =
      "// saved by keychain-sim from a REPL session\n" + statements.joined(separator: "\n") + "\n"
    do {
      try SecretFile.write(text, to: path)
    } catch {
      write("error: cannot save to \(path): \(error.message)\n")
      return
    }
    let count = statements.filter { $0 != Self.dismissedMarker }.count
    write("saved \(count) \(count == 1 ? "statement" : "statements") to \(path)\n")
    if statements.contains(Self.dismissedMarker) {
      write(
        "warning: a prompt was dismissed during the session; the saved file stops there when "
          + "played, since no `user will` answer dismisses a prompt\n")
    }
    if played.contains(where: Self.holdsSecret) {
      write(
        "warning: \(path) holds the session's passcodes and item data as typed; it is "
          + "readable by you only (mode 0600): keep it out of version control\n")
    }
  }

  /// `load FILE` (and `-i FILE`): parses the whole file first, then plays it into the session.
  /// A file that cannot be read or parsed is reported and nothing of it plays.
  ///
  /// - Returns: `false` when the file quit (the session ends), else `true`.
  @discardableResult
  private mutating func load(_ path: String) -> Bool {
    let source: String
    do {
      source = try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      write("error: cannot load \(path): \(Self.readError(path))\n")
      return true
    }
    var fileParser = ScenarioParser(file: path, bindings: parser.bindings)
    let parsed = fileParser.parse(source)
    guard parsed.diagnostics.isEmpty else {
      for diagnostic in parsed.diagnostics { write(diagnostic.rendered()) }
      write("\(path) was not played: it does not parse\n")
      return true
    }
    parser = ScenarioParser(file: "<repl>", bindings: fileParser.bindings)
    let echo = StatementEcho()
    write("loading \(path)\n")
    for statement in parsed.statements {
      write("\(path):\(statement.location.line)  \(echo.text(for: statement))\n")
      if !playStatements([statement]) { return false }
    }
    played += source.components(separatedBy: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
    return true
  }

  private static func isQuit(_ input: String) -> Bool {
    let word = input.trimmingCharacters(in: .whitespaces)
    return word == "quit" || word == "exit"
  }

  private static func holdsSecret(_ input: String) -> Bool {
    var parser = ScenarioParser(file: "<save>")
    return parser.parse(input).statements.contains {
      !$0.secretRanges.isEmpty || StatementEcho.containsSecret($0)
    }
  }

  private static func readError(_ path: String) -> String {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return "no such file"
    }
    return isDirectory.boolValue ? "is a folder" : "cannot be read as UTF-8 text"
  }
}

/// The answers given at the terminal, kept by the prompt asker for `save`.
final class AnswerLog {
  var given: [UserResponse?] = []
}

/// The REPL's own commands (``Vocabulary/REPLWord``), recognised before the parser sees a line.
enum REPLCommandLine: Equatable {
  case save(String)
  case load(String)
  case usage(String)

  init?(_ input: String) {
    let words = input.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    guard let first = words.first, let word = Vocabulary.REPLWord(rawValue: first),
      !input.contains("\n")
    else { return nil }
    guard words.count == 2 else {
      self = .usage("\(word.rawValue) takes one file name: \(word.rawValue) <file>")
      return
    }
    switch word {
    case .save: self = .save(words[1])
    case .load: self = .load(words[1])
    }
  }
}
