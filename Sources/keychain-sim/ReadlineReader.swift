// The only file that imports GNU readline (GPL): everything else sees `LineReader`.
// `@preconcurrency` because readline's configuration lives in mutable C globals, which Swift 6
// otherwise refuses to touch.
@preconcurrency import CReadline
import Foundation
import Scenario

/// A `LineReader` over GNU readline: line editing, history kept in a file across runs (a
/// multi-line statement as one entry), Ctrl-C, and tab completion by context.
///
/// Only used when standard input is a terminal; piped input is read with Swift's `readLine()`
/// because readline would echo the prompt and every line to standard output.
///
/// In memory (↑, Ctrl-R) the session keeps every statement as typed; the history file only gets
/// what the REPL passes to `saveHistory`, with secrets masked (see `REPL.historyEntry`).
///
/// Ctrl-C: readline's own signal handling is off (`rl_catch_signals = 0`); the handler in the
/// CReadline shim only sets a flag, and `readKey` (readline's `rl_getc_function`) sees the
/// interrupted `read` and ends the line, which `read(prompt:)` then reports as `.interrupt`.
struct ReadlineReader: LineReader {
  private var historyFile: HistoryFile?

  /// - Parameter historyPath: the history file (created when missing); `nil` keeps no history.
  init(historyPath: String?) {
    let file = historyPath.map(HistoryFile.init(path:))
    for warning in file?.warnings ?? [] { printError(warning) }
    self.historyFile = file?.isUsable == true ? file : nil
    setlocale(LC_ALL, "")  // so readline measures the prompt's `·` and `❯` as one column each
    rl_readline_name = UnsafePointer(strdup("keychain-sim"))
    // Break words at dictionary punctuation too, so `[kSecAttrAcc<TAB>` and `.bio<TAB>` complete.
    rl_basic_word_break_characters = UnsafePointer(strdup(" \t\n\"\\'`@$><=;|&{([,:+."))
    rl_attempted_completion_function = completeWord
    rl_catch_signals = 0
    rl_getc_function = readKey
    if keychain_sim_install_interrupt_handler() != 0 {
      printError(
        "keychain-sim: warning: Ctrl-C will end the session (\(String(cString: strerror(errno))))")
    }
    using_history()
    // The history file marks each entry with a `#<time>` line, so a multi-line statement
    // comes back as one entry: readline turns multi-line reading on itself for a file that
    // starts with such a line (`HistoryFile` upgrades one that does not).
    history_comment_char = CChar(UInt8(ascii: "#"))
    history_write_timestamps = 1
    if let historyPath = historyFile?.path {
      read_history(historyPath)
      history_truncate_file(historyPath, Self.historyLimit)
    }
    stifle_history(Self.historyLimit)
  }

  mutating func read(prompt: String) -> LineInput {
    _ = keychain_sim_take_interrupt()  // a Ctrl-C while a statement ran is spent
    interruptedRead = false
    guard let raw = readline(prompt) else { return .end }
    defer { free(raw) }
    if interruptedRead { return .interrupt }
    return .line(String(cString: raw))
  }

  mutating func readSecret(prompt: String) -> LineInput {
    guard UnechoedLine.isTerminal() else { return read(prompt: prompt) }
    _ = keychain_sim_take_interrupt()
    let line = UnechoedLine.read(
      prompt: prompt, interruptDescriptor: keychain_sim_interrupt_descriptor())
    if line == .interrupt { _ = keychain_sim_take_interrupt() }
    return line
  }

  mutating func addToSessionHistory(_ entry: String) {
    add_history(entry)
  }

  mutating func saveHistory(_ entry: String) {
    if let warning = historyFile?.append(entry) { printError(warning) }
  }

  mutating func setCompleter(_ completer: @escaping @Sendable (String, Int) -> [String]) {
    currentCompleter = completer
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

// MARK: - C callbacks (they cannot capture context, so their state lives in globals, touched
// only on the REPL's thread, never from the signal handler)

nonisolated(unsafe) private var currentCompleter: (String, Int) -> [String] = { _, _ in [] }
nonisolated(unsafe) private var pendingMatches: [String] = []
nonisolated(unsafe) private var interruptedRead = false

/// readline's `rl_getc_function`: one byte from the terminal. Ctrl-C (the interrupt pipe
/// readable) ends the line (a newline), and `read(prompt:)` reports the interrupt instead.
private func readKey(_ stream: UnsafeMutablePointer<FILE>?) -> Int32 {
  let descriptor = stream.map(fileno) ?? STDIN_FILENO
  switch InterruptibleRead.byte(from: descriptor, interrupt: keychain_sim_interrupt_descriptor())
  {
  case .byte(let byte): return Int32(byte)
  case .interrupted:
    _ = keychain_sim_take_interrupt()
    interruptedRead = true
    return Int32(UInt8(ascii: "\n"))
  case .end: return EOF
  }
}

private func completeWord(
  text: UnsafePointer<CChar>?, start: Int32, end: Int32
) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
  rl_attempted_completion_over = 1  // never fall back to completing file names
  let line = rl_line_buffer.map { String(cString: $0) } ?? ""
  let prefix = text.map { String(cString: $0) } ?? ""
  pendingMatches = currentCompleter(line, Int(start)).filter { $0.hasPrefix(prefix) }
  var seen = Set<String>()
  pendingMatches = pendingMatches.filter { seen.insert($0).inserted }
  return rl_completion_matches(text, nextMatch)
}

/// readline's generator protocol: called with state 0 first, then until it returns NULL; each
/// returned string is `malloc`ed because readline frees it.
private func nextMatch(text: UnsafePointer<CChar>?, state: Int32) -> UnsafeMutablePointer<CChar>? {
  guard !pendingMatches.isEmpty else { return nil }
  return strdup(pendingMatches.removeFirst())
}
