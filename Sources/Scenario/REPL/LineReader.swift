import ScenarioLanguage
/// Where the REPL gets its lines: GNU readline in a terminal, a script in tests.
///
/// The seam keeps readline (GPL, C globals) in one file of the executable; the REPL itself only
/// sees this protocol.
public protocol LineReader {
  /// The next line without its newline (a multi-line history entry recalled whole comes back
  /// with its newlines), Ctrl-C, or the end of input (Ctrl-D).
  mutating func read(prompt: String) -> LineInput

  /// Reads a secret, the passcode typed at a passcode sheet: a terminal does not echo it and
  /// no history keeps it.
  mutating func readSecret(prompt: String) -> LineInput

  /// Keeps one complete input (all its lines) as one entry of this session's history, recalled
  /// whole with ↑.
  mutating func addToSessionHistory(_ entry: String)

  /// Keeps one complete input in the history that outlives the session. The REPL passes it with
  /// its secrets masked (`device unlock ••••`) and skips input it cannot vouch for; a reader
  /// without a history file ignores it.
  mutating func saveHistory(_ entry: String)

  /// What tab completion offers: given the line so far and where the word being completed
  /// starts, the words that fit there. A reader without completion ignores it.
  mutating func setCompleter(_ completer: @escaping @Sendable (String, Int) -> [String])
}

/// What a reader got: a line, Ctrl-C, or the end of input.
public enum LineInput: Equatable, Sendable {
  case line(String)
  /// Ctrl-C: abandon what is being typed (or cancel the sheet being shown).
  case interrupt
  case end
}

extension LineReader {
  public mutating func readSecret(prompt: String) -> LineInput { read(prompt: prompt) }
  public mutating func addToSessionHistory(_ entry: String) {}
  public mutating func saveHistory(_ entry: String) {}
  public mutating func setCompleter(_ completer: @escaping @Sendable (String, Int) -> [String]) {}
}

/// A `LineReader` that plays a fixed list of lines, for tests. A line that is exactly
/// ``interrupt`` (`"\u{3}"`, the byte Ctrl-C sends) stands for Ctrl-C.
///
/// With `echo`, each prompt and line is written as a terminal would show it, so a REPL
/// transcript reads like a real session.
public struct ScriptedReader: LineReader {
  /// The line that stands for Ctrl-C.
  public static let interrupt = "\u{3}"

  private var lines: [String]
  private let echo: ((String) -> Void)?
  /// The entries given to ``addToSessionHistory(_:)`` and ``saveHistory(_:)``, for tests.
  public private(set) var sessionHistory: [String] = []
  public private(set) var savedHistory: [String] = []

  public init(_ lines: [String], echo: ((String) -> Void)? = nil) {
    self.lines = lines
    self.echo = echo
  }

  public mutating func read(prompt: String) -> LineInput {
    guard !lines.isEmpty else {
      echo?(prompt + "\n")
      return .end
    }
    let line = lines.removeFirst()
    if line == Self.interrupt {
      echo?(prompt + "^C\n")
      return .interrupt
    }
    echo?(prompt + line + "\n")
    return .line(line)
  }

  /// Like `read`, but echoed as a terminal with echo off shows it: the prompt, no line.
  public mutating func readSecret(prompt: String) -> LineInput {
    guard !lines.isEmpty else {
      echo?(prompt + "\n")
      return .end
    }
    let line = lines.removeFirst()
    echo?(prompt + (line == Self.interrupt ? "^C" : "") + "\n")
    return line == Self.interrupt ? .interrupt : .line(line)
  }

  public mutating func addToSessionHistory(_ entry: String) { sessionHistory.append(entry) }
  public mutating func saveHistory(_ entry: String) { savedHistory.append(entry) }
}
