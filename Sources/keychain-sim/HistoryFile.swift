import Foundation

/// The REPL's history file: one line per entry, the format GNU readline reads back at start-up.
///
/// Only entries the REPL hands over through `LineReader.saveHistory` are written (secrets already
/// masked), never the raw lines readline collects in memory. The file is created readable by its
/// owner only, as shells do for theirs.
struct HistoryFile {
  let path: String

  /// Creates the file (mode 0600) when it is missing.
  init(path: String) {
    self.path = path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    if descriptor >= 0 { close(descriptor) }
  }

  /// Appends `entry` after a `#<seconds since 1970>` line, the marker GNU readline (with
  /// `history_multiline_entries`) reads as the start of one entry, so a statement of several
  /// lines comes back whole. A file that cannot be written loses the entry silently: history is
  /// a convenience, not worth interrupting the session for.
  func append(_ entry: String, at time: Int = Int(Date().timeIntervalSince1970)) {
    let lines = entry.split(separator: "\n", omittingEmptySubsequences: true)
      .filter { !$0.allSatisfy(\.isWhitespace) }
    guard !lines.isEmpty else { return }
    let text = "#\(time)\n" + lines.map { $0 + "\n" }.joined()
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    _ = text.utf8CString.withUnsafeBufferPointer { buffer in
      write(descriptor, buffer.baseAddress, buffer.count - 1)  // without the trailing NUL
    }
  }
}
