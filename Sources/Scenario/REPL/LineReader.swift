/// Where the REPL gets its lines: GNU readline in a terminal, a script in tests.
///
/// The seam keeps readline (GPL, C globals) in one file of the executable; the REPL itself only
/// sees this protocol.
public protocol LineReader {
  /// The next line without its newline, or `nil` at end of input (Ctrl-D).
  mutating func readLine(prompt: String) -> String?

  /// Reads a secret, the passcode typed at a passcode sheet: a terminal does not echo it and
  /// no history keeps it.
  mutating func readSecret(prompt: String) -> String?

  /// Keeps one complete input in the history that outlives the session. The REPL passes it with
  /// its secrets masked (`device unlock ••••`) and skips input it cannot vouch for; a reader
  /// without a history file ignores it.
  mutating func saveHistory(_ entry: String)

  /// Words offered by tab completion (statement words, Apple names, bound names); a reader
  /// without completion ignores them.
  mutating func updateCompletions(_ words: [String])
}

extension LineReader {
  public mutating func readSecret(prompt: String) -> String? { readLine(prompt: prompt) }
  public mutating func saveHistory(_ entry: String) {}
  public mutating func updateCompletions(_ words: [String]) {}
}

/// A `LineReader` that plays a fixed list of lines, for tests.
///
/// With `echo`, each prompt and line is written as a terminal would show it, so a REPL
/// transcript reads like a real session.
public struct ScriptedReader: LineReader {
  private var lines: [String]
  private let echo: ((String) -> Void)?

  public init(_ lines: [String], echo: ((String) -> Void)? = nil) {
    self.lines = lines
    self.echo = echo
  }

  public mutating func readLine(prompt: String) -> String? {
    guard !lines.isEmpty else {
      echo?(prompt + "\n")
      return nil
    }
    let line = lines.removeFirst()
    echo?(prompt + line + "\n")
    return line
  }

  /// Like `readLine`, but echoed as a terminal with echo off shows it: the prompt, no line.
  public mutating func readSecret(prompt: String) -> String? {
    echo?(prompt + "\n")
    return lines.isEmpty ? nil : lines.removeFirst()
  }
}
