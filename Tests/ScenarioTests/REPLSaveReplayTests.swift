import Foundation
import Keychain
import Testing

@testable import Scenario

/// `save FILE` writes a scenario that replays the session: the answers typed at prompts come
/// back as `user will` lines before their statements, and `help`, `show` and `explain` stay
/// out (issue 26).
@Suite struct REPLSaveReplayTests {
  static let item =
    "[kSecClass: kSecClassGenericPassword, kSecAttrAccount: \"token\", kSecAttrAccessControl: ac"

  /// Plays `lines` in the REPL, then `save`s; the saved text and the REPL's output.
  func saveSession(_ lines: [String]) throws -> (saved: String, output: String) {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-save-\(UUID().uuidString).scenario").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let output = OutputBuffer()
    let reader = ScriptedReader(lines + ["save \(path)"]) { output.text += $0 }
    var repl = REPL(
      session: try ScenarioSession(options: .init(kdfProfile: .fast)), reader: reader
    ) { output.text += $0 }
    _ = repl.run()
    return (try String(contentsOfFile: path, encoding: .utf8), output.text)
  }

  /// The statuses of the file's SecItem calls when `run` plays it, in order.
  func replayStatuses(_ source: String) -> (ScenarioFileReport, [String]) {
    let report = ScenarioRunner(options: .init(kdfProfile: .fast)).run(
      source: source, name: "saved.scenario")
    let statuses = report.steps.filter { $0.statement.hasPrefix("SecItem") }.map(\.status)
    return (report, statuses)
  }

  @Test func answersAtPromptsAreSavedAsUserWillAndTheFileReplays() throws {
    let (saved, output) = try saveSession([
      "device passcode 1234",
      "let ac = SecAccessControlCreateWithFlags(kCFAllocatorDefault, "
        + "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.devicePasscode], &error)",
      "SecItemAdd \(Self.item), kSecValueData: \"r1\"]",
      "SecItemCopyMatching \(Self.item), kSecReturnData: true]",
      "1234",  // typed at the passcode sheet
      "SecItemCopyMatching \(Self.item), kSecReturnData: true]",
      "cancel",  // the second sheet is cancelled
      "help", "help repl", "show items", "explain",
    ])
    #expect(output.contains("errSecUserCanceled"), "\(output)")
    let lines = saved.components(separatedBy: "\n")
    let reads = lines.indices.filter { lines[$0].hasPrefix("SecItemCopyMatching") }
    try #require(reads.count == 2, "\(saved)")
    #expect(lines[reads[0] - 1] == "user will enter 1234", "\(saved)")
    #expect(lines[reads[1] - 1] == "user will cancel", "\(saved)")
    #expect(!lines.contains { $0.hasPrefix("help") || $0.hasPrefix("show") || $0 == "explain" })

    let (report, statuses) = replayStatuses(saved)
    #expect(report.status == .passed, "\(report.transcript)")
    #expect(
      statuses == ["errSecSuccess", "errSecSuccess", "errSecUserCanceled"],
      "\(report.transcript)")
  }

  @Test func anAlphanumericPasscodeIsSavedAsAStringLiteral() throws {
    let (saved, _) = try saveSession([
      "device passcode \"s3cret-pass\"",
      "let ac = SecAccessControlCreateWithFlags(kCFAllocatorDefault, "
        + "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.devicePasscode], &error)",
      "SecItemAdd \(Self.item), kSecValueData: \"r1\"]",
      "SecItemCopyMatching \(Self.item), kSecReturnData: true]",
      "s3cret-pass",
    ])
    #expect(saved.contains("user will enter \"s3cret-pass\"\n"), "\(saved)")
    #expect(replayStatuses(saved).0.status == .passed)
  }
}
