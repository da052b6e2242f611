import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// What the REPL hands to the history file: secrets masked, unparsed input left out.
@Suite struct REPLHistoryTests {
  /// The input as typed, and the history entry (`nil`: not written to disk).
  typealias Case = ParseCase<String?>

  static let cases: [Case] = [
    Case("device passcode 123456", "device passcode ••••"),
    Case("device unlock 123456", "device unlock ••••"),
    Case("device passcode change 123456 654321", "device passcode change •••• ••••"),
    Case("device passcode remove 123456", "device passcode remove ••••"),
    Case("user will enter 123456", "user will enter ••••"),
    Case("user will enter 123456 3 times", "user will enter •••• 3 times"),
    Case(
      #"SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData: "hunter2"]"#,
      "SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData: ••••]"),
    Case(#"let q = [kSecValueData: Data("hunter2".utf8)]"#, "let q = [kSecValueData: ••••]"),
    Case(
      #"let q = [kSecAttrGeneric: Data("hunter2".utf8)]"#, "let q = [kSecAttrGeneric: Data(••••)]"),
    // An expected result is often the secret read back.
    Case(#"expect result "s3cret""#, "expect result ••••"),
    Case(
      #"expect result [kSecAttrAccount: "alice", kSecValueData: "s3cret"]"#,
      "expect result [kSecAttrAccount: ••••, kSecValueData: ••••]"),
    Case(#"expect result ["s3cret", "b0b"]"#, "expect result [••••, ••••]"),
    // No secret: kept as typed, comments and spacing included.
    Case("device lock", "device lock"),
    Case("device unlock biometry", "device unlock biometry"),
    Case("user will match", "user will match"),
    Case(
      "let q = [kSecClass: kSecClassGenericPassword,\n  kSecAttrAccount: \"alice\"]  # note",
      "let q = [kSecClass: kSecClassGenericPassword,\n  kSecAttrAccount: \"alice\"]  # note"),
    // Input that did not parse may hide a secret the parser could not recognise.
    Case("device unlcok 123456", nil),
    Case("device unlock 12ab", nil),
    Case("   ", nil),
  ]

  @Test(arguments: cases)
  func historyEntryMasksSecrets(_ testCase: Case) {
    var parser = ScenarioParser(file: "<repl>")
    let parsed = parser.parse(testCase.source)
    #expect(REPL.historyEntry(for: testCase.source, parsed: parsed) == testCase.expected)
  }

  /// A reader that records what the REPL asks it to keep, and how it read each line.
  final class RecordingReader: LineReader {
    var lines: [String]
    var saved: [String] = []
    var secretPrompts: [String] = []
    init(_ lines: [String]) { self.lines = lines }
    func read(prompt: String) -> LineInput { lines.isEmpty ? .end : .line(lines.removeFirst()) }
    func readSecret(prompt: String) -> LineInput {
      secretPrompts.append(prompt)
      return lines.isEmpty ? .end : .line(lines.removeFirst())
    }
    func saveHistory(_ entry: String) { saved.append(entry) }
  }

  @Test func theHistoryNeverGetsAPasscodeOrItemData() throws {
    let reader = RecordingReader([
      "device passcode 482916",
      "let item = [kSecClass: kSecClassGenericPassword,",
      #"            kSecValueData: "s3cr3t-value"]"#,
      "SecItemAdd item",
      "biometry enroll alice",
      "let ctx = LAContext()",
      "device lock",
      "device unlock 482916",
      #"ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Pay")"#,
      "fail", "fail", "fallback", "482916",
      "user will enter 482916",
      "device unlcok 482916",
    ])
    var repl = REPL(
      session: try ScenarioSession(options: .init(kdfProfile: .fast)), reader: reader
    ) {
      _ in
    }
    _ = repl.run()
    let history = reader.saved.joined(separator: "\n")
    #expect(!history.contains("482916"))
    #expect(!history.contains("s3cr3t-value"))
    #expect(history.contains("device passcode ••••"))
    #expect(history.contains("kSecValueData: ••••"))
    #expect(history.contains("SecItemAdd item"))
    #expect(reader.saved.contains("device lock"))
    // The passcode sheet read its answer as a secret; the Face ID prompt did not.
    #expect(reader.secretPrompts.count == 1)
    #expect(reader.secretPrompts.first?.hasPrefix("  passcode (the passcode, cancel)") == true)
  }
}

/// `show device`, `show items` and error messages never print a passcode or item data.
@Suite struct REPLSecretOutputTests {
  @Test func outputNeverShowsSecrets() throws {
    let output = OutputBuffer()
    // No echo: the output is only what the REPL printed, not what was typed.
    let reader = ScriptedReader([
      "device passcode 482916",
      #"let item = [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "alice","#,
      #"            kSecValueData: "s3cr3t-value"]"#,
      "SecItemAdd item",
      "SecItemAdd item",  // errSecDuplicateItem with its explanation
      #"SecItemUpdate item [kSecValueData: "0th3r-s3cr3t"]"#,
      "show items",
      "SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData: 12345678]",  // errSecParam
      "device passcode change 999990 111110",  // wrong current passcode
      "device lock", "wait 1m",
      "device unlock 999999", "device unlock 999998", "device unlock 999997",
      "device unlock 999996", "device unlock 999995", "device unlock 999994",
      "device passcode change 999993 111111", "device passcode remove 999992",
      "device passcode 777777",
      #"SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecValueData: "s3cr3t-value"]"#,
      "user will enter 999991", "show device", "show items",
      "wait 5m", "device unlock 482916", "expect device unlocked",
    ])
    var repl = REPL(
      session: try ScenarioSession(options: .init(kdfProfile: .fast)), reader: reader
    ) {
      output.text += $0
    }
    #expect(repl.run() == 0)
    #expect(output.text.contains("has data"))  // `show items` ran
    #expect(output.text.contains("passcode: set"))  // `show device` ran
    for secret in [
      "482916", "s3cr3t-value", "0th3r-s3cr3t", "999999", "999994", "999993", "111111",
      "999992", "777777", "999991", "999990", "111110", "12345678",
    ] {
      #expect(!output.text.contains(secret), "\(secret) was printed")
    }
  }
}
