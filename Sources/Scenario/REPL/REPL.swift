import Keychain

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

  /// - Parameter write: receives output text, each piece ending with a newline.
  public init(session: ScenarioSession, reader: any LineReader, write: @escaping (String) -> Void) {
    self.session = session
    self.input = ReaderBox(reader)
    self.write = write
    let input = self.input
    self.session.answerPromptsInteractively { prompt in
      PromptAsker(input: input, write: write).ask(prompt)
    }
  }

  /// The prompt: the device at a glance, `[unlocked · com.example.app] ❯ `.
  public var prompt: String { "[\(session.promptSummary)] ❯ " }

  /// Shown while a `[` or `(` is open.
  public static var continuationPrompt: String { "    … " }

  /// Runs until `quit` or end of input.
  ///
  /// - Returns: 0, or 1 when an expectation failed during the session.
  public mutating func run() -> Int32 {
    write(
      "keychain-sim: a fresh iPhone (no passcode, unlocked) running com.example.app. "
        + "Type help, or quit.\n")
    while let input = readStatement() {
      if !play(input) { break }
    }
    // What only the end shows: an errSecDuplicateItem nothing handled.
    for pitfall in session.finishPitfalls() { write(ScenarioWarning.note(for: pitfall) + "\n") }
    return failedExpectations > 0 ? 1 : 0
  }

  /// Reads lines until no bracket is open; `nil` at end of input.
  private mutating func readStatement() -> String? {
    input.reader.updateCompletions(completionWords)
    var lines: [String] = []
    while true {
      let prompt = lines.isEmpty ? self.prompt : Self.continuationPrompt
      guard let line = input.reader.readLine(prompt: prompt) else {
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
      }
      lines.append(line)
      if case .complete = ScenarioParser.inputStatus(of: lines) {
        return lines.joined(separator: "\n")
      }
    }
  }

  /// Plays one input; `false` when the session should end.
  private mutating func play(_ input: String) -> Bool {
    let firstLine = nextLine
    nextLine += input.components(separatedBy: "\n").count
    let parsed = parser.parse(input, firstLine: firstLine)
    if let entry = Self.historyEntry(for: input, parsed: parsed) {
      self.input.reader.saveHistory(entry)
    }
    for diagnostic in parsed.diagnostics {
      write(diagnostic.rendered())
    }
    for statement in parsed.statements {
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

  /// The language's words and Apple's names (``ScenarioParser/vocabulary``) and the names
  /// bound so far, for tab completion.
  var completionWords: [String] {
    Array(Set(ScenarioParser.vocabulary + session.boundNames)).sorted()
  }
}
