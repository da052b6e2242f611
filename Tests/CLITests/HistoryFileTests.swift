import Foundation
import Testing

@testable import keychain_sim

/// The history file gets only what the REPL saves, each entry after a `#<time>` line (so a
/// multi-line statement is read back whole), owner-only.
@Suite struct HistoryFileTests {
  func temporaryPath() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-history-\(UUID().uuidString)").path
  }

  @Test func entriesAreAppendedLineByLine() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    var file = HistoryFile(path: path)
    file.append("device unlock ••••", at: 1_700_000_000)
    file.append(
      "let q = [kSecClass: kSecClassGenericPassword,\n  kSecAttrAccount: \"a\"]", at: 1_700_000_001)
    file.append("  \n")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text
        == "#1700000000\ndevice unlock ••••\n#1700000001\nlet q = [kSecClass: kSecClassGenericPassword,\n"
        + "  kSecAttrAccount: \"a\"]\n")
  }

  @Test func theFileIsCreatedReadableByItsOwnerOnly() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    _ = HistoryFile(path: path)
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  /// The readline reader writes the file only through `saveHistory`, never a typed line.
  @Test func theReadlineReaderWritesWhatTheREPLSaves() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "device lock\n".write(toFile: path, atomically: true, encoding: .utf8)
    var reader = ReadlineReader(historyPath: path)
    reader.saveHistory("device passcode ••••")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.hasPrefix("#0\ndevice lock\n#"))
    #expect(text.hasSuffix("\ndevice passcode ••••\n"))
    #expect(text.components(separatedBy: "\n").count == 5)
  }

  /// A file of an earlier version, one entry per line, is given entry markers, so readline does
  /// not read its lines as one multi-line entry.
  @Test func anOldFileIsUpgradedEntryByEntry() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "device lock\nwait 1m\n".write(toFile: path, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    _ = HistoryFile(path: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "#0\ndevice lock\n#0\nwait 1m\n")
    _ = HistoryFile(path: path)  // already upgraded: unchanged
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "#0\ndevice lock\n#0\nwait 1m\n")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }
  /// An unusable `KEYCHAIN_SIM_HISTORY` (a directory, a path in no folder) used to keep no
  /// history silently: one warning names the path and the reason, and nothing is written.
  @Test(arguments: ["directory", "no folder"])
  func anUnusableHistoryPathIsWarnedAbout(_ kind: String) throws {
    let folder = temporaryPath()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = kind == "directory" ? folder : folder + "/missing/history"
    var file = HistoryFile(path: path)
    #expect(!file.isUsable)
    let reason = kind == "directory" ? "Is a directory" : "No such file or directory"
    #expect(
      file.warnings == [
        "keychain-sim: warning: no history is kept: the history file \(path) cannot be written"
          + " (\(reason)); set KEYCHAIN_SIM_HISTORY to a file, or empty for no history file"
      ])
    file.append("device lock")
    #expect(!FileManager.default.fileExists(atPath: folder + "/missing"))
  }

  /// A history file with lines that are not UTF-8 used to be rewritten with U+FFFD in their
  /// place: their bytes are kept, and a warning says so.
  @Test func undecodableLinesAreKeptAndSaidSo() throws {
    let path = temporaryPath()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let bad: [UInt8] = [0x77, 0x61, 0x69, 0x74, 0x20, 0xFF, 0xFE]  // "wait " then not UTF-8
    try Data(Array("device lock\n".utf8) + bad + [0x0A]).write(to: URL(fileURLWithPath: path))
    let file = HistoryFile(path: path)
    #expect(file.isUsable)
    #expect(
      file.warnings == [
        "keychain-sim: warning: the history file \(path) has 1 line that is not UTF-8 text:"
          + " kept byte for byte, not rewritten"
      ])
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    #expect(bytes == Data(Array("#0\ndevice lock\n#0\n".utf8) + bad + [0x0A]))
    #expect(bytes.range(of: Data("\u{FFFD}".utf8)) == nil)
  }

  /// A history file that becomes unwritable during the session (its folder removed, the file
  /// replaced by a directory) used to lose every later entry silently: the first failed append
  /// warns, naming the file and the reason, and the later ones say nothing more.
  @Test(arguments: ["folder removed", "now a directory"])
  func aFileThatBecomesUnwritableIsWarnedAboutOnce(_ kind: String) throws {
    let folder = temporaryPath()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = folder + "/history"
    var file = HistoryFile(path: path)
    #expect(file.isUsable && file.warnings.isEmpty)
    #expect(file.append("device lock", at: 1) == nil)
    try FileManager.default.removeItem(atPath: kind == "folder removed" ? folder : path)
    if kind == "now a directory" {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }
    let reason = kind == "folder removed" ? "No such file or directory" : "Is a directory"
    #expect(
      file.append("device unlock ••••", at: 2)
        == "keychain-sim: warning: history is no longer saved: the history file \(path) cannot"
        + " be written (\(reason)); statements from here on are not kept in it")
    #expect(file.append("wait 1m", at: 3) == nil)
    #expect(file.hasWarnedAboutAppending)
  }
}
