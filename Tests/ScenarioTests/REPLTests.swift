import Foundation
import Keychain
import Testing

@testable import Scenario

/// The REPL driven by a `ScriptedReader`, compared with a golden transcript that shows each
/// prompt and line as a terminal would.
@Suite struct REPLTests {
  /// Plays `lines` and returns the transcript and the exit status.
  func play(_ lines: [String]) throws -> (transcript: String, status: Int32) {
    let output = OutputBuffer()
    let reader = ScriptedReader(lines) { output.text += $0 }
    var repl = REPL(
      session: try ScenarioSession(options: .init(kdfProfile: .fast)), reader: reader
    ) { output.text += $0 }
    let status = repl.run()
    return (output.text, status)
  }

  @Test(arguments: GoldenFile.names(withExtension: "repl"))
  func sessionMatchesGolden(_ name: String) throws {
    let lines = try GoldenFile.input(name, ext: "repl").components(separatedBy: "\n")
      .dropLast()
    let (transcript, status) = try play(Array(lines))
    GoldenFile.assertMatches(transcript, name: name)
    #expect(status == 1)  // one expectation failed in the golden session
  }

  @Test func promptShowsTheDeviceAtAGlance() throws {
    let (transcript, _) = try play(["device passcode 1234", "device lock"])
    #expect(transcript.contains("[unlocked · no passcode · com.example.app] ❯ device passcode"))
    #expect(transcript.contains("[unlocked · passcode · com.example.app] ❯ device lock"))
    #expect(transcript.contains("[locked · passcode · com.example.app] ❯ \n"))
  }

  /// The background, where no prompt can be shown, is on the prompt too (issue 26).
  @Test func promptShowsTheAppInTheBackground() throws {
    let (transcript, _) = try play(["app background", "app foreground"])
    #expect(
      transcript.contains(
        "[unlocked · no passcode · com.example.app (background)] ❯ app foreground"))
    #expect(transcript.contains("[unlocked · no passcode · com.example.app] ❯ \n"))
  }

  @Test func continuationPromptWhileABracketIsOpen() throws {
    let (transcript, status) = try play(["SecItemAdd [kSecClass: kSecClassGenericPassword,", "]"])
    #expect(transcript.contains("\n    … ]\n→ errSecSuccess"))
    #expect(status == 0)
  }

  @Test func parseErrorsShowACaretAndTheSessionGoesOn() throws {
    let (transcript, _) = try play(["expect errSecNope", "expect device unlocked"])
    #expect(transcript.contains("<repl>:1:8: error:"))
    #expect(transcript.contains("       ^\n"))
    #expect(transcript.contains("✓ holds"))
  }

  @Test func aPitfallIsShownUnderTheStatementThatShowsIt() throws {
    let (transcript, status) = try play([
      #"let q = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]"#,
      #"SecItemAdd q + [kSecValueData: "1"]"#,
      "SecItemDelete q",
      #"SecItemAdd q + [kSecValueData: "2"]"#,
    ])
    #expect(
      transcript.contains(
        "→ errSecSuccess (0): No error.\n⚠ pitfall: SecItemDelete at line 3 then SecItemAdd"))
    #expect(status == 0, "a pitfall changes no result")
    let (ended, _) = try play([
      #"let q = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]"#,
      #"SecItemAdd q + [kSecValueData: "1"]"#, #"SecItemAdd q + [kSecValueData: "2"]"#,
    ])
    let tail = try #require(ended.components(separatedBy: "❯ ").last)
    #expect(
      tail.contains("⚠ pitfall: SecItemAdd failed with errSecDuplicateItem"),
      "the session's end reports the duplicate nothing handled")
  }

  @Test func endOfInputEndsTheSession() throws {
    let (_, status) = try play([])
    #expect(status == 0)
  }
}

/// Collects output from closures (the reader's echo and the REPL's writes) in order.
final class OutputBuffer: @unchecked Sendable {
  var text = ""
}

/// Prompts in the REPL are answered at the terminal (through the same `LineReader`).
@Suite struct REPLPromptTests {
  func play(_ lines: [String]) throws -> String {
    try REPLTests().play(lines).transcript
  }

  static let setup = [
    "device passcode 1234", "biometry enroll alice", "let ctx = LAContext()",
  ]

  @Test func aFaceIDPromptIsAnsweredInteractively() throws {
    let transcript = try play(
      Self.setup + [
        #"ctx.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in")"#,
        "fail", "match", "expect success", "expect prompt",
      ])
    #expect(transcript.contains("prompt: Face ID for com.example.app: “Sign in”"))
    // The sheet offers exactly its buttons: no fallback before the second failed scan.
    #expect(transcript.contains("  Face ID (match, fail, cancel) ❯ fail\n"))
    #expect(
      transcript.contains(
        "prompt: Face ID for com.example.app: “Sign in” (after 1 failed scan, buttons: Cancel, "
          + "Try Face ID Again)\n  Face ID (match, fail, cancel) ❯ match\n"))
    #expect(transcript.components(separatedBy: "✓ holds").count == 3)
  }

  @Test func thePasscodeSheetTakesDigits() throws {
    let transcript = try play(
      Self.setup + [
        #"ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Pay")"#,
        "fallback", "fail", "fail", "match", "fallback", "enter", "1234", "expect success",
      ])
    // Face ID offers the fallback only after two failed scans, and then no more scans.
    #expect(
      transcript.contains(
        "  `fallback` is not an answer to the Face ID prompt; answer with match, fail, cancel\n"))
    #expect(
      transcript.contains(
        "  `match` is not an answer to the Face ID prompt; answer with cancel, fallback\n"))
    #expect(transcript.contains("prompt: passcode sheet for com.example.app: “Pay”"))
    #expect(
      transcript.contains(
        "  not an answer to the passcode sheet; answer with the passcode, cancel\n"))
    #expect(transcript.contains("✓ holds"))
    // Read without echo: the sheet's prompt shows, the passcode does not.
    #expect(transcript.contains("  passcode (the passcode, cancel) ❯ \n"))
    #expect(!transcript.contains("1234\n✓"))
    #expect(!transcript.contains("❯ 1234"))
  }

  @Test func queuedAnswersComeFirst() throws {
    let transcript = try play(
      Self.setup + [
        "user will cancel",
        #"ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Pay")"#,
        "expect LAError.userCancel",
      ])
    #expect(transcript.contains("user: cancel"))
    #expect(transcript.contains("✓ holds"))
    #expect(!transcript.contains("❯ cancel"))
  }

  @Test func endOfInputDismissesThePrompt() throws {
    let transcript = try play(
      Self.setup + [#"ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Pay")"#])
    #expect(transcript.contains("the prompt was dismissed"))
    #expect(transcript.contains("LAError.systemCancel (-4)"))
  }

  @Test(arguments: [
    ("match", AuthenticationPrompt.Kind.faceID, UserResponse?.some(.match)),
    ("enter 12", .faceID, nil), ("1234", .passcode, .enter("1234")),
    ("enter 99", .passcode, .enter("99")), ("cancel", .passcode, .cancel),
    ("match", .passcode, .enter("match")),
  ])
  func answersAreParsedForTheSheet(
    _ line: String, _ kind: AuthenticationPrompt.Kind, _ expected: UserResponse?
  ) {
    let prompt = AuthenticationPrompt(kind: kind, reason: nil, app: nil, offersFallback: true)
    #expect(PromptAsker.response(to: line, for: prompt) == expected)
  }
}
