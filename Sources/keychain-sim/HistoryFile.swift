import Foundation

/// The REPL's history file: each entry after a `#<time>` line, the format GNU readline reads
/// back at start-up with multi-line entries (bash's history with timestamps).
///
/// Only entries the REPL hands over through `LineReader.saveHistory` are written (secrets already
/// masked), never the raw lines readline collects in memory. The file is created readable by its
/// owner only, as shells do for theirs.
struct HistoryFile {
  let path: String
  /// Whether the file could be opened for writing; when not, no history is kept.
  private(set) var isUsable = true
  /// What the REPL says once at start-up about the file (an unusable path, lines that are
  /// not UTF-8), each a whole `keychain-sim: warning: ...` line; nothing fails silently.
  private(set) var warnings: [String] = []

  /// Creates the file (mode 0600) when it is missing. A file of an earlier version (one line per
  /// entry, no `#<time>` lines) gets a `#0` line before each line, so that readline, which reads
  /// a file as multi-line entries only when it starts with one, keeps its lines apart. The
  /// upgrade works on bytes: a line that is not UTF-8 is kept as it was, never replaced.
  init(path: String) {
    self.path = path
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    guard descriptor >= 0 else {
      isUsable = false
      warnings.append(
        "keychain-sim: warning: no history is kept: the history file \(path) cannot be written"
          + " (\(String(cString: strerror(errno)))); set KEYCHAIN_SIM_HISTORY to a file, or"
          + " empty for no history file")
      return
    }
    close(descriptor)
    upgradeOldFormat()
  }

  /// Whether `line` (bytes, without its newline) is a `#<digits>` entry marker.
  static func isMarker(_ line: ArraySlice<UInt8>) -> Bool {
    line.first == UInt8(ascii: "#")
      && line.dropFirst().first.map { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        == true
  }

  private mutating func upgradeOldFormat() {
    guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return }
    let lines = Array(data).split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
    let undecodable = lines.filter { String(validating: $0, as: UTF8.self) == nil }.count
    if undecodable > 0 {
      warnings.append(
        "keychain-sim: warning: the history file \(path) has "
          + (undecodable == 1 ? "1 line that is" : "\(undecodable) lines that are")
          + " not UTF-8 text: kept byte for byte, not rewritten")
    }
    guard let first = lines.first, !Self.isMarker(first) else { return }
    var upgraded: [UInt8] = []
    for line in lines {
      if !Self.isMarker(line) { upgraded += Array("#0\n".utf8) }
      upgraded += line
      upgraded.append(UInt8(ascii: "\n"))
    }
    // Written in place (O_TRUNC keeps the file's 0600); a failure leaves the old format, which
    // readline still reads, one line per entry at worst joined.
    let descriptor = open(path, O_WRONLY | O_TRUNC)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    _ = upgraded.withUnsafeBufferPointer { buffer in
      write(descriptor, buffer.baseAddress, buffer.count)
    }
  }

  /// Appends `entry` after a `#<seconds since 1970>` line, the marker GNU readline (with
  /// `history_multiline_entries`) reads as the start of one entry, so a statement of several
  /// lines comes back whole.
  ///
  /// A file that stops being writable during the session (its folder removed, the file made a
  /// directory or read-only, the disk full) loses the entry: history is a convenience, not worth
  /// interrupting the session for, but never lost silently.
  /// - Returns: a `keychain-sim: warning: ...` line naming the file and the reason, the first
  ///   time an entry cannot be written; `nil` otherwise (once warned, later failures are not).
  @discardableResult
  mutating func append(
    _ entry: String, at time: Int = Int(Date().timeIntervalSince1970)
  ) -> String? {
    let lines = entry.split(separator: "\n", omittingEmptySubsequences: true)
      .filter { !$0.allSatisfy(\.isWhitespace) }
    guard !lines.isEmpty else { return nil }
    let text = "#\(time)\n" + lines.map { $0 + "\n" }.joined()
    guard let reason = Self.append(text, to: path) else { return nil }
    guard !hasWarnedAboutAppending else { return nil }
    hasWarnedAboutAppending = true
    return "keychain-sim: warning: history is no longer saved: the history file \(path) cannot"
      + " be written (\(reason)); statements from here on are not kept in it"
  }

  /// Whether an entry failed to be written and the REPL was told: one warning per session.
  private(set) var hasWarnedAboutAppending = false

  /// Writes `text` at the end of the file at `path` (created 0600 when missing); `nil` when
  /// all of it was written, else why not (`strerror`, or a short write).
  private static func append(_ text: String, to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    let written = bytes.withUnsafeBufferPointer { buffer in
      write(descriptor, buffer.baseAddress, buffer.count)
    }
    if written < 0 { return String(cString: strerror(errno)) }
    if written < bytes.count { return "only \(written) of \(bytes.count) bytes written" }
    return nil
  }
}
