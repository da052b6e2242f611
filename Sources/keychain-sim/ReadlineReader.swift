// The only file that imports GNU readline (GPL): everything else sees `LineReader`.
// `@preconcurrency` because readline's configuration lives in mutable C globals, which Swift 6
// otherwise refuses to touch.
@preconcurrency import CReadline
import Foundation
import Scenario

/// A `LineReader` over GNU readline: line editing, history kept in a file across runs, and tab
/// completion of statement words, Apple constant names and bound names.
///
/// Only used when standard input is a terminal; piped input is read with Swift's `readLine()`
/// because readline would echo the prompt and every line to standard output.
///
/// In memory (↑, Ctrl-R) the session keeps every line as typed; the history file only gets what
/// the REPL passes to `saveHistory`, with secrets masked (see `REPL.historyEntry`).
struct ReadlineReader: LineReader {
  private let historyFile: HistoryFile?

  /// - Parameter historyPath: the history file (created when missing); `nil` keeps no history.
  init(historyPath: String?) {
    self.historyFile = historyPath.map(HistoryFile.init(path:))
    setlocale(LC_ALL, "")  // so readline measures the prompt's `·` and `❯` as one column each
    rl_readline_name = UnsafePointer(strdup("keychain-sim"))
    // Break words at dictionary punctuation too, so `[kSecAttrAcc<TAB>` and `.bio<TAB>` complete.
    rl_basic_word_break_characters = UnsafePointer(strdup(" \t\n\"\\'`@$><=;|&{([,:+."))
    rl_attempted_completion_function = completeWord
    // Ctrl-C abandons the line being typed instead of ending the session.
    signal(SIGINT) { _ in
      _ = write(STDOUT_FILENO, "\n", 1)
      rl_on_new_line()
      rl_replace_line("", 0)
      rl_redisplay()
    }
    using_history()
    if let historyPath {
      read_history(historyPath)
      history_truncate_file(historyPath, Self.historyLimit)
    }
    stifle_history(Self.historyLimit)
  }

  mutating func readLine(prompt: String) -> String? {
    guard let raw = readline(prompt) else { return nil }
    defer { free(raw) }
    let line = String(cString: raw)
    if !line.allSatisfy(\.isWhitespace) { add_history(raw) }  // this session only
    return line
  }

  mutating func readSecret(prompt: String) -> String? {
    if UnechoedLine.isTerminal() { return UnechoedLine.read(prompt: prompt) }
    guard let raw = readline(prompt) else { return nil }
    defer { free(raw) }
    return String(cString: raw)
  }

  mutating func saveHistory(_ entry: String) {
    historyFile?.append(entry)
  }

  mutating func updateCompletions(_ words: [String]) {
    completionWords = words
  }

  /// `~/.keychain-sim_history`, or `$KEYCHAIN_SIM_HISTORY` when set (empty: no history file).
  static func defaultHistoryPath() -> String? {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["KEYCHAIN_SIM_HISTORY"] { return path.isEmpty ? nil : path }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.keychain-sim_history"
  }

  private static let historyLimit: Int32 = 1000
}

// MARK: - Completion (C callbacks cannot capture context, so the words live in a global)

nonisolated(unsafe) private var completionWords: [String] = []
nonisolated(unsafe) private var pendingMatches: [String] = []

private func completeWord(
  text: UnsafePointer<CChar>?, start: Int32, end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  rl_attempted_completion_over = 1  // never fall back to completing file names
  return rl_completion_matches(text, nextMatch)
}

/// readline's generator protocol: called with state 0 first, then until it returns NULL; each
/// returned string is `malloc`ed because readline frees it.
private func nextMatch(text: UnsafePointer<CChar>?, state: Int32) -> UnsafeMutablePointer<CChar>? {
  if state == 0 {
    let prefix = text.map { String(cString: $0) } ?? ""
    pendingMatches = completionWords.filter { $0.hasPrefix(prefix) }
  }
  guard !pendingMatches.isEmpty else { return nil }
  return strdup(pendingMatches.removeFirst())
}
