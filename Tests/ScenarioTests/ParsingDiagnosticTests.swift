import Testing

@testable import Scenario

/// Diagnostics: the marker `1️⃣` in each input is where the error must point (like
/// swift-syntax's `assertParse`), paired with the exact message.
@Suite struct ParsingDiagnosticTests {
  /// The source with its `1️⃣` marker, and the exact message.
  typealias Case = ParseCase<String>

  static let cases: [Case] = [
    // Statement words and sub-commands, with suggestions.
    Case("1️⃣devcie lock", "unknown statement `devcie`; did you mean `device`?"),
    Case("1️⃣SecItemAd token", "unknown statement `SecItemAd`; did you mean `SecItemAdd`?"),
    Case("1️⃣tokn + [:]", "unknown statement `tokn`; did you mean `token`?"),
    Case("1️⃣frobnicate", "unknown statement `frobnicate`"),
    Case("1️⃣\"text\"", "expected a statement, found `\"text\"`"),
    Case("device 1️⃣unlcok 1234", "unknown `device` command `unlcok`; did you mean `unlock`?"),
    Case(
      "device 1️⃣",
      "expected `device` command (`passcode`, `lock`, `unlock`, `reboot`), found the end of the statement"
    ),
    Case(
      "device unlock 1️⃣12ab",
      "a passcode is written as digits, or as a string literal for an alphanumeric one"),
    Case("device passcode 1️⃣", "expected a passcode, found the end of the statement"),
    Case("device passcode change 1234 1️⃣", "expected a passcode, found the end of the statement"),
    Case("device lock 1️⃣now", "unexpected `now` after the end of the statement"),
    Case("biometry type 1️⃣faceid", "unknown biometry type `faceid`; did you mean `faceID`?"),
    Case("biometry 1️⃣enrol alice", "unknown `biometry` command `enrol`; did you mean `enroll`?"),
    Case("wait 1️⃣10", "`10` needs a unit: ms, s, m, h or d (`10s`)"),
    Case("wait 1️⃣soon", "expected a duration such as `10s` or `1h30m`, found `soon`"),
    Case(
      "app install com.example.x 1️⃣teem ABCDE12345",
      "expected `team <TEAMID>` after the bundle id, found `teem`"),
    Case(
      "app install com.example.x team ABCDE12345 1️⃣keychain-access-group a",
      "unknown `app install` option `keychain-access-group`; did you mean `keychain-access-groups`?"
    ),
    Case("app 1️⃣backgrund", "unknown `app` command `backgrund`; did you mean `background`?"),
    Case("user 1️⃣wil match", "expected `will`, found `wil`"),
    Case("user will 1️⃣mach", "unknown user answer `mach`; did you mean `match`?"),
    Case("user will fail 1️⃣0 times", "a repeat count must be at least 1, found `0`"),
    Case("user will fail 5 1️⃣tries", "expected `times` after the count, found `tries`"),
    Case("let c = ctx 1️⃣+ [:]", "only dictionaries can be merged with `+`"),
    Case(
      "wait 1️⃣106751991168d",
      "duration `106751991168d` is too long for the simulated clock"),
    Case(
      "wait 1️⃣99999999999999999999s",
      "duration `99999999999999999999s` is too long for the simulated clock"),
    Case("wait 106751991167d + 1️⃣1d", "duration `1d` is too long for the simulated clock"),
    // Constants and names.
    Case(
      "SecItemAdd [1️⃣kSecAttrAcount: \"a\"]",
      "unknown constant `kSecAttrAcount`; did you mean `kSecAttrAccount`?"),
    Case(
      "SecItemAdd [kSecClass: 1️⃣kSecClassGenericPasword]",
      "unknown constant `kSecClassGenericPasword`; did you mean `kSecClassGenericPassword`?"),
    Case("SecItemAdd [kSecClass: 1️⃣kSecAttrAccount]", "`kSecAttrAccount` is a key, not a value"),
    Case(
      "SecItemAdd [kSecClass: kSecClassGenericPassword, 1️⃣kSecClassKey: 1]",
      "`kSecClassKey` is a value, not a key"),
    Case(
      "SecItemAdd [kSecAttrAccount: \"a\", 1️⃣kSecAttrAccount: \"b\"]",
      "duplicate key kSecAttrAccount in a dictionary literal"),
    Case("SecItemAdd [kSecAttrAccount: 1️⃣acount]", "unknown name `acount`; did you mean `account`?"),
    Case("SecItemAdd 1️⃣ctx", "`ctx` is an LAContext, not a dictionary"),
    Case("SecItemAdd 1️⃣\"query\"", "expected a query dictionary, found `\"query\"`"),
    Case("SecItemAdd token 1️⃣+ \"x\"", "only dictionaries can be merged with `+`"),
    Case(
      "SecItemUpdate token1️⃣", "expected an attributes dictionary, found the end of the statement"),
    Case("SecItemUpdate(token1️⃣)", "expected `,` and the attributes to update, found `)`"),
    Case("SecItemAdd(token, 1️⃣result)", "expected `nil` or `&result`, found `result`"),
    Case(
      "SecItemDelete(token, 1️⃣nil)", "expected `)`: SecItemDelete takes one argument, found `nil`"),
    Case(
      "SecItemAdd [kSecClass 1️⃣kSecClassKey]", "expected `:` after the key, found `kSecClassKey`"),
    Case("SecItemAdd [\"a\" 1️⃣kSecClassKey]", "expected `,` or `]`, found `kSecClassKey`"),
    Case("SecItemAdd [1️⃣frobnicate]", "unknown constant `frobnicate`"),
    Case("let 1️⃣kSecClass = [:]", "`kSecClass` is a reserved name and cannot be bound"),
    Case("let q 1️⃣[:]", "expected `=` after `q`, found `[`"),
    Case("ctx.1️⃣evaluate()", "unknown LAContext member `evaluate`; did you mean `evaluatePolicy`?"),
    Case(
      "ctx.evaluatePolicy(.1️⃣deviceOwnerAuthenticationWithBiometric, localizedReason: \"x\")",
      "unknown LAPolicy `.deviceOwnerAuthenticationWithBiometric`; did you mean `.deviceOwnerAuthenticationWithBiometrics`?"
    ),
    Case(
      "ctx.evaluatePolicy(.deviceOwnerAuthentication1️⃣)", "expected `, localizedReason:`, found `)`"),
    Case("ctx.interactionNotAllowed = 1️⃣1", "expected `true` or `false`, found `1`"),
    Case("1️⃣token.invalidate()", "`token` is a dictionary, not an LAContext"),
    Case("ctx 1️⃣= 1", "expected `.` or `[` after `ctx`, found `=`"),
    // Access control.
    Case(
      "let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, 1️⃣.biometryAnyy, nil)",
      "unknown access control flag `.biometryAnyy`; did you mean `.biometryAny`?"),
    Case(
      "let a = SecAccessControlCreateWithFlags(nil, 1️⃣kSecMatchLimitAll, .userPresence, nil)",
      "`kSecMatchLimitAll` is not a `kSecAttrAccessible` value"),
    Case(
      "let a = SecAccessControlCreateWithFlags(nil, 1️⃣kSecAttrAccessibleWhenUnlock, .userPresence, nil)",
      "unknown constant `kSecAttrAccessibleWhenUnlock`; did you mean `kSecAttrAccessibleWhenUnlocked`?"
    ),
    Case(
      "let a = SecAccessControlCreateWithFlags(1️⃣0, kSecAttrAccessibleWhenUnlocked, .userPresence, nil)",
      "expected `nil` or `kCFAllocatorDefault`, found `0`"),
    // Expectations.
    Case(
      "expect 1️⃣errSecItemNotFund",
      "unknown OSStatus `errSecItemNotFund`; did you mean `errSecItemNotFound`?"),
    Case("expect 1️⃣sucess", "unknown expectation `sucess`; did you mean `success`?"),
    Case(
      "expect LAError.1️⃣userCancelled",
      "unknown LAError code `userCancelled`; did you mean `userCancel`?"),
    Case("expect device 1️⃣lockd", "unknown device state `lockd`; did you mean `locked`?"),
    Case("expect no 1️⃣results", "unknown `expect no` check `results`; did you mean `result`?"),
    Case("expect count 1️⃣-1", "a count cannot be negative: `-1`"),
    Case("expect 1️⃣99999999999", "`99999999999` is not an OSStatus: it does not fit in 32 bits"),
    Case("say 1️⃣hello", "expected the text to say, as a string literal, found `hello`"),
    Case("show 1️⃣item", "unknown `show` topic `item`; did you mean `items`?"),
    Case("explain 1️⃣errSecParm", "unknown OSStatus `errSecParm`; did you mean `errSecParam`?"),
    // Lexical errors surface with their position.
    Case("say 1️⃣\"open", "unterminated string literal"),
    Case(
      "wait 1️⃣3hours",
      "invalid duration `3hours`; write an integer and a unit (ms, s, m, h, d), as in `1h30m`"),
  ]

  @Test(arguments: cases)
  func diagnostic(_ test: Case) throws {
    let (source, line, column) = ParsingTestSupport.marked(test.source)
    let result = ParsingTestSupport.parse(source)
    #expect(result.statements == [])
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.message == test.expected)
    #expect(
      diagnostic.location == SourceLocation(file: "test.scenario", line: line, column: column))
    #expect(diagnostic.severity == .error)
  }

  // MARK: - Recovery

  @Test func everyErrorOfAFileIsReported() throws {
    let source = """
      device passcode 1234
      devcie lock
      let q = [kSecAttrAcount: "a"]
      SecItemAdd q
      wait 10
      expect errSecSuccess
      """
    var parser = ScenarioParser(file: "f.scenario")
    let result = parser.parse(source)
    // `q` failed to bind: its later use is not reported again.
    #expect(
      result.diagnostics.map(\.description) == [
        "f.scenario:2:1: error: unknown statement `devcie`; did you mean `device`?",
        "f.scenario:3:10: error: unknown constant `kSecAttrAcount`; did you mean `kSecAttrAccount`?",
        "f.scenario:5:6: error: `10` needs a unit: ms, s, m, h or d (`10s`)",
      ])
    #expect(result.statements.map(\.location.line) == [1, 4, 6])
    #expect(parser.bindings["q"] == nil)
    #expect(throws: ScenarioParseError.self) {
      _ = try ScenarioParser.parse(file: "f.scenario", source: source)
    }
  }

  @Test func errorsInsideAMultiLineStatementPointIntoIt() throws {
    let result = ParsingTestSupport.parse(
      """
      let q = [
        kSecClass: kSecClassGenericPassword,
        kSecAttrServce: "s",
      ]
      device lock
      """)
    #expect(
      result.diagnostics.map(\.description) == [
        "test.scenario:3:3: error: unknown constant `kSecAttrServce`; did you mean `kSecAttrService`?"
      ])
    #expect(result.diagnostics.first?.sourceLine == "  kSecAttrServce: \"s\",")
    #expect(result.statements.map(\.kind) == [.device(.lock)])
  }

  // MARK: - Rendering

  @Test func renderedWithSourceLineAndCaret() throws {
    let result = ParsingTestSupport.parse(
      "device passcode 1234\ndevice unlcok 1234\n", file: "demo.scenario")
    let diagnostic = try #require(result.diagnostics.first)
    #expect(
      diagnostic.rendered() == """
        demo.scenario:2:8: error: unknown `device` command `unlcok`; did you mean `unlock`?
        device unlcok ••••
               ^

        """)
  }

  @Test func caretKeepsTabsAndCountsCharacters() {
    let diagnostic = ScenarioDiagnostic(
      at: SourceLocation(file: "f", line: 1, column: 7), message: "m", sourceLine: "\t\"🔑\" x")
    #expect(diagnostic.rendered() == "f:1:7: error: m\n\t\"🔑\" x\n\t     ^\n")
  }

  @Test func parseErrorDescriptionRendersEveryDiagnostic() throws {
    do {
      _ = try ScenarioParser.parse(file: "f", source: "wait\nshow itms")
      Issue.record("parsed")
    } catch {
      #expect(
        error.description == """
          f:1:5: error: expected a duration such as `10s` or `1h30m`, found the end of the statement
          wait
              ^

          f:2:6: error: unknown `show` topic `itms`; did you mean `items`?
          show itms
               ^

          """)
    }
  }

  @Test func warningsRenderTheirSeverity() {
    let diagnostic = ScenarioDiagnostic(
      .warning, at: SourceLocation(file: "f", line: 3, column: 1),
      message: "2 scripted answers were never used")
    #expect(diagnostic.description == "f:3:1: warning: 2 scripted answers were never used")
  }
}
