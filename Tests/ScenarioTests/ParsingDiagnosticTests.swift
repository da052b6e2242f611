import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// Diagnostics: the marker `1️⃣` in each input is where the error must point (like
/// swift-syntax's `assertParse`), paired with the diagnostic's kind (the wording is the
/// ParseMessage table's; the golden files and the rendering tests below hold it).
@Suite struct ParsingDiagnosticTests {
  /// The source with its `1️⃣` marker, and the kind of diagnostic.
  typealias Case = ParseCase<ParseMessage>

  static let cases: [Case] = [
    // Statement words and sub-commands, with suggestions.
    Case("1️⃣devcie lock", .unknown("statement", "devcie", suggestion: "device")),
    Case("1️⃣SecItemAd token", .unknown("statement", "SecItemAd", suggestion: "SecItemAdd")),
    Case("1️⃣tokn + [:]", .unknown("statement", "tokn", suggestion: "token")),
    Case("1️⃣frobnicate", .unknown("statement", "frobnicate", suggestion: nil)),
    Case("1️⃣\"text\"", .expected("a statement", found: "`\"text\"`")),
    // Other shells' ways to leave get the language's.
    Case("1️⃣.quit", .quitHabit(".quit")),
    Case("1️⃣.exit", .quitHabit(".exit")),
    Case("1️⃣\\q", .quitHabit("\\q")),
    Case("1️⃣quit()", .quitHabit("quit()")),
    Case("1️⃣exit()", .quitHabit("exit()")),
    Case("device 1️⃣unlcok 1234", .unknown("`device` command", "unlcok", suggestion: "unlock")),
    Case(
      "device 1️⃣",
      .expected(
        "`device` command (`passcode`, `lock`, `unlock`, `reboot`, `add`, `use`)",
        found: "the end of the statement")),
    Case("device unlock 1️⃣12ab", .passcodeNotDigits),
    Case("device passcode 1️⃣", .expected("a passcode", found: "the end of the statement")),
    Case(
      "device passcode change 1234 1️⃣", .expected("a passcode", found: "the end of the statement")),
    Case("device lock 1️⃣now", .extraText("`now`")),
    Case("biometry type 1️⃣faceid", .unknown("biometry type", "faceid", suggestion: "faceID")),
    Case("biometry 1️⃣enrol alice", .unknown("`biometry` command", "enrol", suggestion: "enroll")),
    Case("wait 1️⃣10", .durationNeedsUnit("10")),
    Case("wait 1️⃣1.5s", .durationNotWhole("1.5s")),
    Case("wait 1️⃣2.25", .durationNotWhole("2.25")),
    Case("wait 1️⃣soon", .expected("a duration such as `10s` or `1h30m`", found: "`soon`")),
    Case(
      "app install com.example.x 1️⃣teem ABCDE12345",
      .expected("`team <TEAMID>` after the bundle id", found: "`teem`")),
    Case(
      "app install com.example.x team ABCDE12345 1️⃣keychain-access-group a",
      .unknown(
        "`app install` option", "keychain-access-group", suggestion: "keychain-access-groups")),
    Case("app 1️⃣backgrund", .unknown("`app` command", "backgrund", suggestion: "background")),
    Case("user 1️⃣wil match", .expected("`will`", found: "`wil`")),
    Case("user will 1️⃣mach", .unknown("user answer", "mach", suggestion: "match")),
    Case("user will fail 1️⃣0 times", .repeatCountTooSmall("0")),
    Case("user will fail 5 1️⃣tries", .expected("`times` after the count", found: "`tries`")),
    Case("let c = ctx 1️⃣+ [:]", .mergeNeedsDictionaries),
    Case("wait 1️⃣106751991168d", .durationTooLong("106751991168d")),
    Case("wait 1️⃣99999999999999999999s", .durationTooLong("99999999999999999999s")),
    Case("wait 106751991167d + 1️⃣1d", .durationTooLong("1d")),
    // Constants and names.
    Case(
      "SecItemAdd [1️⃣kSecAttrAcount: \"a\"]",
      .unknown("constant", "kSecAttrAcount", suggestion: "kSecAttrAccount")),
    Case(
      "SecItemAdd [kSecClass: 1️⃣kSecClassGenericPasword]",
      .unknown("constant", "kSecClassGenericPasword", suggestion: "kSecClassGenericPassword")),
    Case("SecItemAdd [kSecClass: 1️⃣kSecAttrAccount]", .keyNotValue("kSecAttrAccount")),
    Case(
      "SecItemAdd [kSecClass: kSecClassGenericPassword, 1️⃣kSecClassKey: 1]",
      .valueNotKey("kSecClassKey")),
    Case(
      "SecItemAdd [kSecAttrAccount: \"a\", 1️⃣kSecAttrAccount: \"b\"]",
      .duplicateKey("kSecAttrAccount")),
    Case(
      "SecItemAdd [kSecAttrAccount: 1️⃣acount]", .unknown("name", "acount", suggestion: "account")),
    Case("SecItemAdd 1️⃣ctx", .bindingIsNot("ctx", is: .context, expected: "a dictionary")),
    Case("SecItemAdd 1️⃣\"query\"", .expected("a query dictionary", found: "`\"query\"`")),
    Case("SecItemAdd token 1️⃣+ \"x\"", .mergeNeedsDictionaries),
    Case(
      "SecItemUpdate token1️⃣",
      .expected("an attributes dictionary", found: "the end of the statement")),
    Case("SecItemUpdate(token1️⃣)", .expected("`,` and the attributes to update", found: "`)`")),
    Case("SecItemAdd(token, 1️⃣result)", .expected("`nil` or `&result`", found: "`result`")),
    Case(
      "SecItemDelete(token, 1️⃣nil)",
      .expected("`)`: SecItemDelete takes one argument", found: "`nil`")),
    Case(
      "SecItemAdd [kSecClass 1️⃣kSecClassKey]",
      .expected("`:` after the key", found: "`kSecClassKey`")),
    Case("SecItemAdd [\"a\" 1️⃣kSecClassKey]", .expected("`,` or `]`", found: "`kSecClassKey`")),
    Case("SecItemAdd [1️⃣frobnicate]", .unknown("constant", "frobnicate", suggestion: nil)),
    Case("let 1️⃣kSecClass = [:]", .reservedName("kSecClass")),
    Case("let q 1️⃣[:]", .expected("`=` after `q`", found: "`[`")),
    Case("ctx.1️⃣evaluate()", .unknown("LAContext member", "evaluate", suggestion: "evaluatePolicy")),
    Case(
      "ctx.evaluatePolicy(.1️⃣deviceOwnerAuthenticationWithBiometric, localizedReason: \"x\")",
      .unknown(
        "LAPolicy", ".deviceOwnerAuthenticationWithBiometric",
        suggestion: ".deviceOwnerAuthenticationWithBiometrics")),
    Case(
      "ctx.evaluatePolicy(.deviceOwnerAuthentication1️⃣)",
      .expected("`, localizedReason:`", found: "`)`")),
    Case("ctx.interactionNotAllowed = 1️⃣1", .expected("`true` or `false`", found: "`1`")),
    Case("1️⃣token.invalidate()", .bindingIsNot("token", is: .dictionary, expected: "an LAContext")),
    Case("ctx 1️⃣= 1", .expected("`.` or `[` after `ctx`", found: "`=`")),
    // Access control.
    Case(
      "let a = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, 1️⃣.biometryAnyy, nil)",
      .unknown("access control flag", ".biometryAnyy", suggestion: ".biometryAny")),
    Case(
      "let a = SecAccessControlCreateWithFlags(nil, 1️⃣kSecMatchLimitAll, .userPresence, nil)",
      .notAccessibility("kSecMatchLimitAll")),
    Case(
      "let a = SecAccessControlCreateWithFlags(nil, 1️⃣kSecAttrAccessibleWhenUnlock, .userPresence, nil)",
      .unknown(
        "constant", "kSecAttrAccessibleWhenUnlock", suggestion: "kSecAttrAccessibleWhenUnlocked")),
    Case(
      "let a = SecAccessControlCreateWithFlags(1️⃣0, kSecAttrAccessibleWhenUnlocked, .userPresence, nil)",
      .expected("`nil` or `kCFAllocatorDefault`", found: "`0`")),
    // Expectations.
    Case(
      "expect 1️⃣errSecItemNotFund",
      .unknown("OSStatus", "errSecItemNotFund", suggestion: "errSecItemNotFound")),
    Case("expect 1️⃣sucess", .unknown("expectation", "sucess", suggestion: "success")),
    Case(
      "expect LAError.1️⃣userCancelled",
      .unknown("LAError code", "userCancelled", suggestion: "userCancel")),
    Case("expect device 1️⃣lockd", .unknown("device state", "lockd", suggestion: "locked")),
    Case("expect no 1️⃣results", .unknown("`expect no` check", "results", suggestion: "result")),
    Case("expect count 1️⃣-1", .negativeCount("-1")),
    Case("expect 1️⃣99999999999", .statusOutOfRange("99999999999")),
    Case("say 1️⃣hello", .expected("the text to say, as a string literal", found: "`hello`")),
    Case("show 1️⃣item", .unknown("`show` topic", "item", suggestion: "items")),
    Case("explain 1️⃣errSecParm", .unknown("OSStatus", "errSecParm", suggestion: "errSecParam")),
    // Lexical errors surface with their position.
    Case("say 1️⃣\"open", .unterminatedString),
    Case("wait 1️⃣3hours", .invalidDuration("3hours")),
  ]

  @Test(arguments: cases)
  func diagnostic(_ test: Case) throws {
    let (source, line, column) = ParsingTestSupport.marked(test.source)
    let result = ParsingTestSupport.parse(source)
    #expect(result.statements == [])
    let diagnostic = try #require(result.diagnostics.first)
    #expect(result.diagnostics.count == 1)
    #expect(diagnostic.kind == test.expected)
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

  /// `wait 1.5s` used to say "`1` needs a unit", though a unit was written: it says a
  /// duration is whole numbers of a unit and how to write the fraction.
  @Test func aFractionalDurationSaysDurationsAreWhole() throws {
    let result = ParsingTestSupport.parse("wait 1.5s")
    #expect(
      result.diagnostics.map(\.description) == [
        "test.scenario:1:6: error: `1.5s` has a fraction: a duration is whole numbers of a unit"
          + " (ms, s, m, h or d), written together: `1500ms` or `1s500ms` for 1.5 s, `2h30m` for"
          + " 2.5 h"
      ])
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
