import Foundation

/// The REPL's history file: each entry after a `#<time>` line, the format GNU readline reads
/// back at start-up with multi-line entries (bash's history with timestamps).
///
/// Only entries the REPL hands over through `LineReader.saveHistory` are written (secrets already
/// masked), never the raw lines readline collects in memory. The file is created readable by its
/// owner only, as shells do for theirs.
struct HistoryFile {
  let path: String

  /// Creates the file (mode 0600) when it is missing. A file of an earlier version (one line per
  /// entry, no `#<time>` lines) gets a `#0` line before each line, so that readline, which reads
  /// a file as multi-line entries only when it starts with one, keeps its lines apart.
  init(path: String) {
    self.path = path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    if descriptor >= 0 { close(descriptor) }
    upgradeOldFormat()
  }

  /// Whether `line` is a `#<digits>` entry marker, as readline recognises one.
  static func isMarker(_ line: Substring) -> Bool {
    line.first == "#" && line.dropFirst().first?.isNumber == true
  }

  private func upgradeOldFormat() {
    guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return }
    let text = String(decoding: data, as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
    guard let first = lines.first, !Self.isMarker(first) else { return }
    let upgraded = lines.map { Self.isMarker($0) ? $0 + "\n" : "#0\n" + $0 + "\n" }.joined()
    // Written in place (O_TRUNC keeps the file's 0600); a failure leaves the old format, which
    // readline still reads, one line per entry at worst joined.
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    _ = upgraded.utf8CString.withUnsafeBufferPointer { buffer in
      write(descriptor, buffer.baseAddress, buffer.count - 1)
    }
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
