import Foundation
import Testing

/// The real executable in a pseudo-terminal (Terminal/drive.py, over python3's pty module):
/// what a person at the keyboard gets from readline, Ctrl-C, the history and completion.
@Suite struct TerminalSessionTests {
  enum Step {
    case send(String)
    case expect(String)
  }

  struct Session {
    /// Everything the terminal showed, without readline's bracketed-paste switches and CRs.
    let screen: String
    let status: Int32
  }

  static let driver = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Terminal/drive.py")

  /// Plays `steps` at a terminal running `keychain-sim --kdf fast` plus `arguments`.
  func drive(
    _ steps: [Step], arguments: [String] = [], environment: [String: String] = [:]
  ) throws -> Session {
    let json = try JSONSerialization.data(
      withJSONObject: steps.map { step -> [String] in
        switch step {
        case .send(let text): ["send", text]
        case .expect(let text): ["expect", text]
        }
      })
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments =
      [
        "python3", Self.driver.path, ExecutableRunner.executable.path,
        String(decoding: json, as: UTF8.self), "--kdf", "fast",
      ] + arguments
    var variables = ProcessInfo.processInfo.environment
    variables["KEYCHAIN_SIM_HISTORY"] = ""
    variables["TERM"] = "xterm"
    variables.removeValue(forKey: "NO_COLOR")
    variables.removeValue(forKey: "COLUMNS")
    for (key, value) in environment { variables[key] = value }
    process.environment = variables
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let screen = String(decoding: data, as: UTF8.self)
      .replacingOccurrences(of: "\u{1B}[?2004h", with: "")
      .replacingOccurrences(of: "\u{1B}[?2004l", with: "")
      .replacingOccurrences(of: "\r", with: "")
    return Session(screen: screen, status: process.terminationStatus)
  }

  static let prompt = "❯ "

  @Test func ctrlCAbandonsTheWholeMultiLineStatement() throws {
    let session = try drive([
      .expect(Self.prompt), .send("let q = [kSecClass: kSecClassGenericPassword,\r"),
      .expect("… "), .send("\u{3}"), .expect("(statement abandoned)"), .expect(Self.prompt),
      // Had the buffer been kept, this line would join the abandoned one and not parse.
      .send("expect device unlocked\r"), .expect("holds"), .expect(Self.prompt),
      .send("SecItemAdd q\r"), .expect(Self.prompt), .send("quit\r"),
    ])
    #expect(session.status == 0, "\(session.screen)")
    #expect(session.screen.contains("✓\u{1B}[0m holds"))
    #expect(session.screen.contains("`q`"), "q was never bound: \(session.screen)")
    #expect(!session.screen.contains("error: expected"))
  }

  @Test func ctrlCAtAFaceIDSheetCancelsIt() throws {
    let session = try drive([
      .expect(Self.prompt), .send("device passcode 1234\r"), .expect(Self.prompt),
      .send("biometry enroll alice\r"), .expect(Self.prompt), .send("let ctx = LAContext()\r"),
      .expect(Self.prompt),
      .send(
        "ctx.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: \"Hi\")\r"),
      .expect("Face ID (match, fail, cancel) ❯ "), .send("\u{3}"),
      .expect("Ctrl-C: cancel"), .expect(Self.prompt), .send("expect LAError.userCancel\r"),
      .expect("holds"), .expect(Self.prompt), .send("quit\r"),
    ])
    #expect(session.status == 0, "\(session.screen)")
  }

  @Test func ctrlCAtThePasscodeSheetCancelsIt() throws {
    let session = try drive([
      .expect(Self.prompt), .send("device passcode 1234\r"), .expect(Self.prompt),
      .send("let ctx = LAContext()\r"), .expect(Self.prompt),
      .send("ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: \"Pay\")\r"),
      .expect("passcode (the passcode, cancel) ❯ "), .send("\u{3}"), .expect("Ctrl-C: cancel"),
      .expect(Self.prompt), .send("expect LAError.userCancel\r"), .expect("holds"),
      .expect(Self.prompt), .send("quit\r"),
    ])
    #expect(session.status == 0, "\(session.screen)")
  }

  @Test func upRecallsAMultiLineStatementWholeAcrossSessions() throws {
    let folder = try ScenarioFolder()
    let history = folder.path("history")
    let first = try drive(
      [
        .expect(Self.prompt), .send("let q = [kSecClass: kSecClassGenericPassword,\r"),
        .expect("… "), .send("kSecAttrAccount: \"a\"]\r"), .expect(Self.prompt),
        .send("device passcode 1234\r"), .expect(Self.prompt), .send("quit\r"),
      ], environment: ["KEYCHAIN_SIM_HISTORY": history])
    #expect(first.status == 0)
    let file = try String(contentsOfFile: history, encoding: .utf8)
    // readline writes a `#<seconds since 1970>` line before each entry: the passcode may not
    // be in an entry, but the clock may well put its digits in a timestamp.
    let entries = file.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(!entries.isEmpty)
    #expect(!entries.contains { $0.contains("1234") }, "\(entries)")
    // Up three times: quit, the passcode, then the two-line `let` as one entry.
    let second = try drive(
      [
        .expect(Self.prompt), .send("\u{1B}[A\u{1B}[A\u{1B}[A\r"), .expect(Self.prompt),
        .send("SecItemAdd q\r"), .expect("errSecSuccess"), .expect(Self.prompt),
        // Up four times: `SecItemAdd q`, the `let`, quit, then the masked passcode.
        .send("\u{1B}[A\u{1B}[A\u{1B}[A\u{1B}[A\r"), .expect("holds •••• where a secret was"),
        .expect(Self.prompt), .send("quit\r"),
      ], environment: ["KEYCHAIN_SIM_HISTORY": history])
    #expect(second.status == 0, "\(second.screen)")
    #expect(second.screen.contains("kSecClassGenericPassword,\nkSecAttrAccount: \"a\"]"))
  }

  /// Issue 26: a read's data is masked at the prompt as in every output, and shown when the
  /// session was started with `--show-secrets`.
  @Test func readDataIsMaskedUnlessTheSessionShowsSecrets() throws {
    let steps: [Step] = [
      .expect(Self.prompt),
      .send("let q = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: \"a\"]\r"),
      .expect(Self.prompt), .send("SecItemAdd q + [kSecValueData: \"r1\"]\r"),
      .expect(Self.prompt), .send("SecItemCopyMatching q + [kSecReturnData: true]\r"),
      .expect("result: "), .expect(Self.prompt), .send("expect result \"r1\"\r"),
      .expect("holds"), .expect(Self.prompt), .send("quit\r"),
    ]
    let masked = try drive(steps)
    #expect(masked.status == 0, "\(masked.screen)")
    #expect(masked.screen.contains("result: <2 bytes: ••••>"), "\(masked.screen)")
    let shown = try drive(steps, arguments: ["--show-secrets"])
    #expect(shown.status == 0, "\(shown.screen)")
    #expect(shown.screen.contains(#"result: <2 bytes: "r1">"#), "\(shown.screen)")
  }

  @Test func tabCompletesByContext() throws {
    let session = try drive([
      .expect(Self.prompt), .send("device pass\t"), .expect("passcode "), .send("1234\r"),
      .expect(Self.prompt), .send("expect device unl\t"), .expect("unlocked"), .send("\r"),
      .expect("holds"), .expect(Self.prompt), .send("show it\t"), .expect("items"),
      .send("\r"), .expect("no items"), .expect(Self.prompt), .send("quit\r"),
    ])
    #expect(session.status == 0, "\(session.screen)")
  }

  @Test func colourOnATerminalUnlessNoColor() throws {
    let steps: [Step] = [
      .expect(Self.prompt), .send("expect device unlocked\r"), .expect("holds"),
      .expect(Self.prompt), .send("quit\r"),
    ]
    #expect(try drive(steps).screen.contains("\u{1B}[32m✓\u{1B}[0m holds"))
    #expect(!(try drive(steps, environment: ["NO_COLOR": "1"]).screen.contains("\u{1B}[32m")))
    #expect(!(try drive(steps, arguments: ["--no-color"]).screen.contains("\u{1B}[32m")))
  }

  @Test func initFileIsPlayedBeforeThePrompt() throws {
    let folder = try ScenarioFolder()
    let setup = try folder.write("setup.scenario", "device passcode 1234\ndevice lock\n")
    let session = try drive(
      [
        .expect("[locked · passcode · com.example.app] ❯ "), .send("expect device locked\r"),
        .expect("holds"), .expect(Self.prompt), .send("quit\r"),
      ], arguments: ["-i", setup])
    #expect(session.status == 0, "\(session.screen)")
  }

  @Test func aReopenedDeviceFileIsAnnouncedAsSuch() throws {
    let folder = try ScenarioFolder()
    let device = folder.path("phone.device")
    let setup = try folder.write("setup.scenario", "device passcode 1234\n")
    #expect(
      try ExecutableRunner.run(["run", "--kdf", "fast", "--device", device, setup]).status == 0)
    let session = try drive(
      [.expect(Self.prompt), .send("quit\r")], arguments: ["--device", device])
    #expect(
      session.screen.contains(
        "keychain-sim: the device in \(device), reopened as after a reboot (passcode set, "
          + "before first unlock) running com.example.app."), "\(session.screen)")
  }
}
