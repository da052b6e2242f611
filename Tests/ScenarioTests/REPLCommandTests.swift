import Foundation
import Keychain
import Testing

@testable import Scenario

/// The REPL's keyboard and session commands through a `ScriptedReader`: Ctrl-C, history
/// entries, masked recalls, `save`/`load`/init file, `explain` alone, wrong sheet answers,
/// `reset`, the banner.
@Suite struct REPLCommandTests {
  /// A reader that keeps what the REPL hands it, so tests can look after the session.
  final class KeepingReader: LineReader {
    var lines: [String]
    var sessionHistory: [String] = []
    var savedHistory: [String] = []
    init(_ lines: [String]) { self.lines = lines }
    func read(prompt: String) -> LineInput {
      guard !lines.isEmpty else { return .end }
      let line = lines.removeFirst()
      return line == ScriptedReader.interrupt ? .interrupt : .line(line)
    }
    func addToSessionHistory(_ entry: String) { sessionHistory.append(entry) }
    func saveHistory(_ entry: String) { savedHistory.append(entry) }
  }

  func play(
    _ lines: [String], options: ScenarioSession.Options = .init(kdfProfile: .fast),
    initFile: String? = nil
  ) throws -> (transcript: String, status: Int32) {
    let output = OutputBuffer()
    let reader = ScriptedReader(lines) { output.text += $0 }
    var repl = REPL(session: try ScenarioSession(options: options), reader: reader) {
      output.text += $0
    }
    let status = repl.run(initFile: initFile)
    return (output.text, status)
  }

  func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-repl-\(UUID().uuidString)-\(name)").path
  }

  @Test func ctrlCAbandonsEveryLineOfTheStatement() throws {
    let (transcript, status) = try play([
      "let q = [kSecClass: kSecClassGenericPassword,", ScriptedReader.interrupt,
      "expect device unlocked", "SecItemAdd q",
    ])
    #expect(transcript.contains("    … ^C\n(statement abandoned)\n"))
    #expect(transcript.contains("✓ holds"))  // the next line stands alone
    #expect(transcript.contains("`q`"))  // never bound
    #expect(status == 0)
  }

  @Test func ctrlCOnAnEmptyLineJustShowsANewPrompt() throws {
    let (transcript, _) = try play([ScriptedReader.interrupt, "expect device unlocked"])
    #expect(!transcript.contains("abandoned"))
    #expect(transcript.contains("✓ holds"))
  }

  @Test func ctrlCAtASheetIsItsCancelButton() throws {
    let (transcript, status) = try play(
      REPLPromptTests.setup + [
        #"ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Pay")"#,
        ScriptedReader.interrupt, "expect LAError.userCancel",
      ])
    #expect(transcript.contains("  Ctrl-C: cancel\n"))
    #expect(transcript.contains("✓ holds"))
    #expect(status == 0)
  }

  @Test func aWrongAnswerAtASheetSaysSo() throws {
    let (transcript, _) = try play(
      REPLPromptTests.setup + [
        #"ctx.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Hi")"#,
        "yes", "match",
      ])
    #expect(
      transcript.contains(
        "  `yes` is not an answer to the Face ID prompt; answer with match, fail, cancel\n"))
  }

  @Test func aMultiLineStatementIsOneHistoryEntry() throws {
    let reader = KeepingReader([
      "let q = [kSecClass: kSecClassGenericPassword,", #"  kSecAttrAccount: "a"]"#,
      "device passcode 1234",
    ])
    var repl = REPL(
      session: try ScenarioSession(options: .init(kdfProfile: .fast)), reader: reader
    ) { _ in }
    _ = repl.run()
    #expect(
      reader.sessionHistory == [
        "let q = [kSecClass: kSecClassGenericPassword,\n  kSecAttrAccount: \"a\"]",
        "device passcode 1234",
      ])
    #expect(reader.savedHistory.last == "device passcode ••••")
  }

  @Test func aRecalledEntryRunsWholeWhenItComesBackAsOneLine() throws {
    let (transcript, _) = try play([
      "let q = [kSecClass: kSecClassGenericPassword,\n  kSecAttrAccount: \"a\"]", "SecItemAdd q",
    ])
    #expect(transcript.contains("→ errSecSuccess"))
  }

  @Test func aMaskedEntryFromTheHistorySaysSoAndDoesNothing() throws {
    let (transcript, _) = try play([
      "device passcode 1234", "device lock", "device unlock ••••", "show device",
    ])
    #expect(transcript.contains("error: this line holds •••• where a secret was"))
    #expect(!transcript.contains("<repl>:3"))  // not reported as an unknown character
    #expect(transcript.contains("lock: locked"))
    #expect(!transcript.contains("failed attempt"))
  }

  @Test func bulletsInAStringAreNotASecret() throws {
    let (transcript, _) = try play([#"say "PIN: ••••""#])
    #expect(transcript.contains("» PIN: ••••"))
    #expect(!transcript.contains("error"))
  }

  @Test func saveWritesTheStatementsOwnerOnlyWithAWarning() throws {
    let path = temporaryPath("saved.scenario")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let (transcript, _) = try play([
      "device passcode 1234", "let q = [kSecClass: kSecClassGenericPassword,",
      #"  kSecAttrAccount: "a", kSecValueData: "s3cret"]"#, "SecItemAdd q", "help",
      "device unlcok 1", "save \(path)",
    ])
    #expect(transcript.contains("saved 3 statements to \(path)\n"))  // `help` is not saved
    #expect(transcript.contains("warning: \(path) holds the session's passcodes and item data"))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains("device passcode 1234\n"))
    #expect(text.contains(#"kSecValueData: "s3cret"]"#))
    #expect(!text.contains("unlcok"))  // input that did not parse is not saved
    #expect(!text.contains("help"))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    // The saved file is a scenario that plays.
    let replay = ScenarioRunner(options: .init(kdfProfile: .fast)).runFile(at: path)
    #expect(replay.status == .passed, "\(replay.transcript)")
  }

  @Test func saveMakesAnExistingFileOwnerOnly() throws {
    let path = temporaryPath("existing.scenario")
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data("old".utf8)))
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
    let (transcript, _) = try play(["expect device unlocked", "save \(path)"])
    #expect(!transcript.contains("warning"))  // nothing secret in it
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
  }

  @Test func loadPlaysAFileIntoTheSessionAndKeepsItsBindings() throws {
    let path = temporaryPath("load.scenario")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try """
    device passcode 1234
    let q = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
    SecItemAdd q + [kSecValueData: "v"]

    """.write(toFile: path, atomically: true, encoding: .utf8)
    let (transcript, status) = try play([
      "load \(path)", "SecItemCopyMatching q + [kSecReturnData: true]", #"expect result "v""#,
    ])
    #expect(transcript.contains("loading \(path)\n\(path):1  device passcode ••••\n"))
    #expect(transcript.contains("✓ holds"))
    #expect(status == 0)
  }

  @Test func loadOfAFileThatDoesNotParsePlaysNothing() throws {
    let path = temporaryPath("broken.scenario")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "device passcode 1234\ndevice unlcok 1234\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    let (transcript, _) = try play(["load \(path)", "expect device unlocked", "show device"])
    #expect(transcript.contains("\(path):2:8: error:"))
    #expect(transcript.contains("was not played"))
    #expect(transcript.contains("passcode: not set"))
  }

  @Test func loadOfAMissingFileSaysSo() throws {
    let (transcript, _) = try play(["load /nonexistent/x.scenario", "save"])
    #expect(transcript.contains("error: cannot load /nonexistent/x.scenario: no such file"))
    #expect(transcript.contains("error: save takes one file name: save <file>"))
  }

  @Test func anInitFileIsPlayedBeforeTheFirstPrompt() throws {
    let path = temporaryPath("init.scenario")
    defer { try? FileManager.default.removeItem(atPath: path) }
    try "device passcode 1234\ndevice lock\n".write(toFile: path, atomically: true, encoding: .utf8)
    let (transcript, _) = try play(["expect device locked"], initFile: path)
    #expect(transcript.contains("[locked · passcode · com.example.app] ❯ expect device locked"))
  }

  @Test func aBrokenInitFileIsReportedAndTheSessionStartsAnyway() throws {
    let (transcript, _) = try play(["expect device unlocked"], initFile: "/nonexistent/i.scenario")
    #expect(transcript.contains("error: cannot load /nonexistent/i.scenario: no such file"))
    #expect(transcript.contains("✓ holds"))
  }

  @Test func explainAloneExplainsTheLastOutcome() throws {
    let (transcript, _) = try play([
      "explain", "SecItemCopyMatching [kSecClass: kSecClassGenericPassword]", "explain",
    ])
    #expect(transcript.contains("nothing to explain yet"))
    #expect(transcript.contains("the last outcome, SecItemCopyMatching at line 2:"))
    #expect(
      transcript.contains(
        "errSecItemNotFound (-25300): The specified item could not be found in the keychain."))
    #expect(transcript.contains("What it means"))
  }

  @Test func explainAloneAfterAnEvaluationExplainsItsLAError() throws {
    let (transcript, _) = try play(
      REPLPromptTests.setup + [
        "user will cancel",
        #"ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Pay")"#, "explain",
      ])
    #expect(transcript.contains("LAError.userCancel (-2): the user tapped Cancel"))
  }

  @Test func resetSaysWhichBindingsItForgot() throws {
    let (transcript, _) = try play([
      "let a = [kSecClass: kSecClassGenericPassword]", "let ctx = LAContext()", "reset", "reset",
    ])
    #expect(
      transcript.contains(
        "a fresh device: no passcode, unlocked, no items; forgot the 2 bindings a, ctx\n"))
    #expect(
      transcript.contains("a fresh device: no passcode, unlocked, no items; no bindings to forget"))
  }

  @Test func theBannerTellsTheTruthAboutADeviceFile() throws {
    let path = temporaryPath("phone.device")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let options = ScenarioSession.Options(devicePath: path, kdfProfile: .fast)
    let (created, _) = try play(["device passcode 1234"], options: options)
    #expect(
      created.hasPrefix(
        "keychain-sim: a fresh iPhone (no passcode, unlocked) saved in \(path), running "))
    let (reopened, _) = try play([], options: options)
    #expect(
      reopened.hasPrefix(
        "keychain-sim: the device in \(path), reopened as after a reboot (passcode set, "
          + "before first unlock) running com.example.app."))
  }

  @Test func helpAccessibilityTabulatesWhatEachLockStateCanRead() throws {
    let text = HelpText.text(for: "accessibility")
    let rows = text.components(separatedBy: "\n")
    func cells(_ name: String) -> [String] {
      let row = rows.first { $0.hasPrefix(name + " ") } ?? ""
      return row.dropFirst(name.count).split(separator: " ").map(String.init)
    }
    // Columns: unlocked, locked <10s, locked, after reboot, no passcode.
    #expect(cells("kSecAttrAccessibleWhenUnlocked") == ["✓", "✓", "-", "-", "✓"])
    #expect(cells("kSecAttrAccessibleAfterFirstUnlock") == ["✓", "✓", "✓", "-", "✓"])
    #expect(cells("kSecAttrAccessibleAlways") == ["✓", "✓", "✓", "✓", "✓"])
    #expect(cells("kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly") == ["✓", "✓", "-", "-", "-"])
    #expect(HelpText.text(for: "kSecAttrAccessibleWhenUnlocked") == text)
  }

  /// The several-device words (`icloud sync`, `backup restore`, a platform, `help devices`)
  /// open `help device`, which has the "Several devices" statements (issue 26).
  @Test(arguments: [
    "sync", "icloud", "backup", "restore", "sign-in", "transfer", "watch", "devices",
  ])
  func severalDeviceWordsOpenTheDeviceTopic(_ word: String) {
    let text = HelpText.text(for: word)
    #expect(!text.hasPrefix("no help topic"), "\(word): \(text.prefix(60))")
    #expect(text == HelpText.text(for: "device"), "\(word)")
    #expect(text.contains("device add <name>"))
  }
}
