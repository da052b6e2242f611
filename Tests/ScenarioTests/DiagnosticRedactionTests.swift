import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// A line that did not parse is echoed under its error with its secrets masked.
@Suite struct DiagnosticRedactionTests {
  /// The input, and its rendering (heading without the location, masked line, caret).
  typealias Case = ParseCase<String>

  static let cases: [Case] = [
    Case(
      "device unlcok 482916",
      "unknown `device` command `unlcok`; did you mean `unlock`?\ndevice unlcok ••••\n       ^"),
    Case(
      "device unlock 482916 5",
      "unexpected `••••` after the end of the statement\ndevice unlock •••• ••••\n"
        + "                   ^"),
    Case(
      "devcie passcode 482916",
      "unknown statement `devcie`; did you mean `device`?\ndevcie passcode ••••\n^"),
    Case(
      "user will entre 482916",
      "unknown user answer `entre`; did you mean `enter`?\nuser will entre ••••\n          ^"),
    Case(
      #"device passcode "abc"#,
      "unterminated string literal\ndevice passcode ••••\n                ^"),
    Case(
      #"SecItemAdd [kSecClass: kSecClassGenericPasswrd, kSecValueData: "hunter2"]"#,
      "unknown constant `kSecClassGenericPasswrd`; did you mean `kSecClassGenericPassword`?\n"
        + "SecItemAdd [kSecClass: kSecClassGenericPasswrd, kSecValueData: ••••]\n"
        + "                       ^"),
    Case(
      #"SecItemAdd [kSecValueData: Data("hunter2".utf8), kSecAttrAccont: "a"]"#,
      "unknown constant `kSecAttrAccont`; did you mean `kSecAttrAccount`?\n"
        + "SecItemAdd [kSecValueData: ••••, kSecAttrAccont: \"a\"]\n"
        + "                                 ^"),
    Case(
      #"SecItemAdd [kSecAttrGeneric: Data("hunter2".utf8), kSecAttrAccont: "a"]"#,
      "unknown constant `kSecAttrAccont`; did you mean `kSecAttrAccount`?\n"
        + "SecItemAdd [kSecAttrGeneric: Data(••••), kSecAttrAccont: \"a\"]\n"
        + "                                         ^"),
    // Issue 28: the message quotes no token in or after a secret slot.
    Case(
      #"device passcode "abc"482916""#,
      "unexpected `••••` after the end of the statement\ndevice passcode ••••\n"
        + "                ^"),
    Case(
      #"SecItemAdd [kSecValueData: "x" "hunter2", kSecAttrAccount: "a"]"#,
      "expected `,` or `]`, found `••••`\nSecItemAdd [kSecValueData: ••••, kSecAttrAccount: \"a\"]\n"
        + "                           ^"),
    Case(
      "SecItemAdd [kSecClass: kSecClassGenericPassword, kSecValueData:\n  \"x\" \"hunter2\"]",
      "expected `,` or `]`, found `••••`\n  •••• ••••]\n       ^"),
    Case(
      "backup create m encrypted password x hunter2",
      "unexpected `••••` after the end of the statement\n"
        + "backup create m encrypted password ••••\n                                   ^"),
    Case(
      "unlock 482916",
      "unknown statement `unlock`; did you mean `device unlock`?\nunlock ••••\n^"),
    Case(
      ##"device passcode #"482916"#"##,
      "expected a passcode, found the end of the statement\ndevice passcode ••••\n"
        + "                ^"),
    // Nothing secret: the line is shown as written.
    Case(
      "device lokc", "unknown `device` command `lokc`; did you mean `lock`?\ndevice lokc\n       ^"),
  ]

  @Test(arguments: cases)
  func parseErrorsMaskSecrets(_ test: Case) throws {
    var parser = ScenarioParser(file: "t")
    let diagnostic = try #require(parser.parse(test.source).diagnostics.first)
    let rendered = diagnostic.rendered()
    let heading = "\(diagnostic.location): error: "
    #expect(rendered.hasPrefix(heading))
    #expect(String(rendered.dropFirst(heading.count)) == test.expected + "\n")
    #expect(
      !rendered.contains("482916") && !rendered.contains("hunter2") && !rendered.contains("abc"))
  }

  @Test func theReportedColumnIsTheFilesNotTheMaskedLines() throws {
    var parser = ScenarioParser(file: "t")
    let diagnostic = try #require(parser.parse("device unlock 482916 5").diagnostics.first)
    #expect(diagnostic.location.column == 22)
  }

  /// The issue's spellings (issue 8, defect 3), each on a line that does not parse.
  @Test(arguments: [
    #"SecItemAdd [kSecValueData as String: "hunter2", kSecClass: kSecClassGenericPasswrd]"#,
    #"SecItemAdd [kSecValueData as CFString: "hunter2"] @"#,
    #"SecItemAdd [String(kSecValueData): "hunter2"] @"#,
    #"SecItemAdd ["v_Data": "hunter2"] @"#,
    #"SecItemAdd [kSecValuData: "hunter2"]"#,
    #"SecItemAdd [kSecValueData "hunter2"]"#,
    #"SecItemAdd [kSecValueData: "hun\qter2"]"#,
    "device passcode hunter",
    "devise passcode 482916",
    #"device passcode "4829\q16""#,
    #"expect reslt "hunter2""#,
    #"@ user will enter 482916"#,
  ])
  func theIssuesSpellingsAreMasked(_ source: String) throws {
    var parser = ScenarioParser(file: "t")
    let diagnostic = try #require(parser.parse(source).diagnostics.first)
    let rendered = diagnostic.rendered() + String(describing: diagnostic.kind)
    #expect(rendered.contains(StatementEcho.mask))
    for secret in ["hunter", "hun", "qter2", "4829", "482916"] {
      #expect(!rendered.contains(secret), "\(rendered)")
    }
  }
  /// A parse error on a 3 MB line used to echo the line whole (6 MB with the caret line): it
  /// is cut to a window around the caret, `…` on each cut side, the caret under the same
  /// character, and a secret beside the error still masked. (A line now holds at most 64 KiB,
  /// `StatementCutter.maximumLineLength`: these lines come near it.)
  @Test(arguments: [0, 20_000])
  func aLongLineIsCutAroundTheCaretAndStaysMasked(_ paddingAfter: Int) throws {
    let long = String(repeating: "a", count: 40_000)
    let tail = String(repeating: "b", count: paddingAfter)
    let source =
      #"SecItemAdd [kSecAttrAccount: "\#(long)", kSecValueData: "hunter2", "#
      + #"kSecClass: kSecClassGenericPasswrd, kSecAttrService: "\#(tail)"]"#
    var parser = ScenarioParser(file: "t")
    let diagnostic = try #require(parser.parse(source).diagnostics.first)
    let rendered = diagnostic.rendered()
    #expect(rendered.count < 600, "\(rendered.count) characters")
    #expect(!rendered.contains("hunter"), "\(rendered)")
    #expect(rendered.contains(StatementEcho.mask))
    let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
    let (echo, caret) = (Array(lines[1]), Array(lines[2]))
    #expect(echo.first == "…")
    #expect((echo.last == "…") == (paddingAfter > 0), "\(String(echo))")
    #expect(echo.count <= ScenarioDiagnostic.echoWidth + 2)
    let column = try #require(caret.firstIndex(of: "^"))
    #expect(String(echo[column...]).hasPrefix("kSecClassGenericPasswrd"), "\(String(echo))")
  }
}
