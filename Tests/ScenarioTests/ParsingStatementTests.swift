import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// Every core form of the spec, and the extensions, parse to the expected statement.
@Suite struct ParsingStatementTests {
  typealias Case = ParseCase<StatementKind>

  private static let genericPassword = ParsingTestSupport.dict(
    ("kSecClass", ParsingTestSupport.constant("kSecClassGenericPassword")))

  // MARK: - Core forms, docs/scenario-language.md §3-§10

  static let core: [Case] = [
    // §3 device, biometry, time
    Case("device passcode 123456", .device(.setPasscode("123456"))),
    Case("device passcode 0000", .device(.setPasscode("0000"))),
    Case("device passcode change 1234 5678", .device(.changePasscode(old: "1234", new: "5678"))),
    Case("device passcode remove 1234", .device(.removePasscode(current: "1234"))),
    Case("device lock", .device(.lock)),
    Case("device unlock 123456", .device(.unlock(passcode: "123456"))),
    Case("device unlock biometry", .device(.unlockWithBiometry)),
    Case("device reboot", .device(.reboot)),
    Case("biometry type faceID", .biometry(.setType(.faceID))),
    Case("biometry type touchID", .biometry(.setType(.touchID))),
    Case("biometry type none", .biometry(.setType(.none))),
    Case("biometry enroll alice", .biometry(.enroll("alice"))),
    Case("biometry enroll \"left thumb\"", .biometry(.enroll("left thumb"))),
    Case("biometry remove alice", .biometry(.remove("alice"))),
    Case("wait 500ms", .wait(SimulatedDuration(milliseconds: 500))),
    Case("wait 10s", .wait(.seconds(10))),
    Case("wait 5m", .wait(.seconds(300))),
    Case("wait 3h", .wait(.seconds(10_800))),
    Case("wait 2d", .wait(.seconds(172_800))),
    Case("wait 1h30m", .wait(.seconds(5400))),
    // §4 apps
    Case(
      "app install com.example.other team ABCDE12345",
      .app(.install(AppInstall(bundleID: "com.example.other", teamID: "ABCDE12345")))),
    Case(
      "app install com.example.widget team ABCDE12345 keychain-access-groups "
        + "$(AppIdentifierPrefix)com.example.shared,ABCDE12345.com.example.widget "
        + "app-groups group.com.example",
      .app(
        .install(
          AppInstall(
            bundleID: "com.example.widget", teamID: "ABCDE12345",
            keychainAccessGroups: [
              "ABCDE12345.com.example.shared", "ABCDE12345.com.example.widget",
            ],
            appGroups: ["group.com.example"])))),
    Case("app use com.example.other", .app(.use(bundleID: "com.example.other"))),
    Case("app background", .app(.background)),
    Case("app foreground", .app(.foreground)),
    // §5 user answers
    Case("user will match", .userWill(.match, times: 1)),
    Case("user will fail", .userWill(.fail, times: 1)),
    Case("user will cancel", .userWill(.cancel, times: 1)),
    Case("user will fallback", .userWill(.fallback, times: 1)),
    Case("user will enter 123456", .userWill(.enter(passcode: "123456"), times: 1)),
    // §6 keychain calls, bare
    Case("SecItemAdd token", .secItem(.add(.binding("token")))),
    Case("SecItemCopyMatching token", .secItem(.copyMatching(.binding("token")))),
    Case(
      "SecItemUpdate token attributes",
      .secItem(.update(query: .binding("token"), attributes: .binding("attributes")))),
    Case("SecItemDelete token", .secItem(.delete(.binding("token")))),
    Case("SecItemAdd [kSecClass: kSecClassGenericPassword]", .secItem(.add(genericPassword))),
    // §6 Swift call forms
    Case("SecItemAdd(token, nil)", .secItem(.add(.binding("token")))),
    Case("SecItemAdd(token as CFDictionary, &result)", .secItem(.add(.binding("token")))),
    Case("SecItemCopyMatching(token, &result)", .secItem(.copyMatching(.binding("token")))),
    Case(
      "SecItemUpdate(token, attributes)",
      .secItem(.update(query: .binding("token"), attributes: .binding("attributes")))),
    Case("SecItemDelete(token)", .secItem(.delete(.binding("token")))),
    // §7 LocalAuthentication
    Case("let ctx = LAContext()", .bind(name: "ctx", value: .newContext)),
    Case(
      "ctx.touchIDAuthenticationAllowableReuseDuration = 10",
      .context("ctx", .setReuseDuration(.seconds(10)))),
    Case("ctx.interactionNotAllowed = true", .context("ctx", .setInteractionNotAllowed(true))),
    Case("ctx.localizedReason = \"Sign in\"", .context("ctx", .setLocalizedReason("Sign in"))),
    Case(
      "ctx.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: \"Sign in\")",
      .context(
        "ctx", .evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Sign in")
      )),
    Case(
      "ctx.evaluatePolicy(.deviceOwnerAuthentication, localizedReason: \"Sign in\")",
      .context("ctx", .evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "Sign in"))),
    Case(
      "ctx.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics)",
      .context("ctx", .canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics))),
    Case("ctx.invalidate()", .context("ctx", .invalidate)),
    // §8 bindings
    Case(
      "let query = [kSecClass: kSecClassGenericPassword]",
      .bind(name: "query", value: genericPassword)),
    Case(
      "let ac = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil)",
      .bind(
        name: "ac",
        value: .accessControl(
          AccessControlExpr(
            protectionName: "kSecAttrAccessibleWhenUnlocked", protection: "ak",
            flagNames: ["userPresence"], flags: .userPresence)))),
    // §9 expectations
    Case("expect errSecSuccess", .expect(.status(.errSecSuccess))),
    Case("expect errSecInteractionNotAllowed", .expect(.status(.errSecInteractionNotAllowed))),
    Case("expect -25308", .expect(.status(.errSecInteractionNotAllowed))),
    Case("expect 0", .expect(.status(.errSecSuccess))),
    Case("expect success", .expect(.success)),
    Case(
      "expect LAError.biometryLockout",
      .expect(.laError(LAErrorCode.biometryLockout))),
    Case("expect true", .expect(.bool(true))),
    Case("expect false", .expect(.bool(false))),
    Case("expect result \"r1\"", .expect(.result(.string("r1")))),
    Case(
      "expect result [kSecAttrAccount: \"alice\"]",
      .expect(.result(ParsingTestSupport.dict(("kSecAttrAccount", .string("alice")))))),
    Case("expect result [\"a\", \"b\"]", .expect(.result(.array([.string("a"), .string("b")])))),
    Case("expect no result", .expect(.noResult)),
    Case("expect count 2", .expect(.count(2))),
    Case("expect count 0", .expect(.count(0))),
    Case("expect prompt", .expect(.prompt)),
    Case("expect no prompt", .expect(.noPrompt)),
    Case("expect device locked", .expect(.device(.locked))),
    Case("expect device unlocked", .expect(.device(.unlocked))),
    Case("expect device beforeFirstUnlock", .expect(.device(.beforeFirstUnlock))),
    // §10 narration and inspection
    Case("say \"The token is read at 3 a.m.\"", .say("The token is read at 3 a.m.")),
    Case("show device", .show(.device)),
    Case("show items", .show(.items)),
  ]

  @Test(arguments: core)
  func coreForm(_ test: Case) throws {
    let kind = try ParsingTestSupport.kind(test.source)
    #expect(ParsingTestSupport.normalized(kind) == test.expected)
  }

  // MARK: - Extensions

  static let extensions: [Case] = [
    Case("device passcode \"abc123\"", .device(.setPasscode("abc123"))),
    Case("user will fail 5 times", .userWill(.fail, times: 5)),
    Case("user will match 1 time", .userWill(.match, times: 1)),
    Case("wait 1h + 30m", .wait(.seconds(5400))),
    Case("wait 1h 30m 10s", .wait(.seconds(5410))),
    Case("show apps", .show(.apps)),
    Case("help", .help(topic: nil)),
    Case("help SecItemAdd", .help(topic: "SecItemAdd")),
    Case("help user will", .help(topic: "user will")),
    Case("explain errSecInteractionNotAllowed", .explain(.status(.errSecInteractionNotAllowed))),
    Case("explain -34018", .explain(.status(.errSecMissingEntitlement))),
    Case(
      "explain LAError.userCancel", .explain(.laError(LAErrorCode.userCancel))),
    Case("reset", .reset),
    Case("quit", .quit),
    Case("exit", .quit),
    Case("expect noErr", .expect(.status(.errSecSuccess))),
    Case(
      "expect LAError.touchIDLockout",
      .expect(.laError(LAErrorCode.biometryLockout))),
    Case(
      "expect LAError.Code.userFallback",
      .expect(.laError(LAErrorCode.userFallback))),
    Case("let status = SecItemAdd(token, nil)", .secItem(.add(.binding("token")))),
    Case("_ = SecItemDelete(token as CFDictionary)", .secItem(.delete(.binding("token")))),
    Case("try! SecItemDelete(token as CFDictionary)", .secItem(.delete(.binding("token")))),
    Case("try? SecItemDelete(token)", .secItem(.delete(.binding("token")))),
    Case("try SecItemDelete(token)", .secItem(.delete(.binding("token")))),
    Case(
      "let ok = ctx.canEvaluatePolicy(.deviceOwnerAuthentication, error: &error)",
      .context("ctx", .canEvaluatePolicy(.deviceOwnerAuthentication))),
    Case(
      "let ok = try await ctx.evaluatePolicy(LAPolicy.deviceOwnerAuthentication, localizedReason: \"x\")",
      .context("ctx", .evaluatePolicy(.deviceOwnerAuthentication, localizedReason: "x"))),
    Case(
      "ctx.touchIDAuthenticationAllowableReuseDuration = LATouchIDAuthenticationMaximumAllowableReuseDuration",
      .context("ctx", .setReuseDuration(.seconds(300)))),
    Case(
      "ctx.touchIDAuthenticationAllowableReuseDuration = 90s",
      .context("ctx", .setReuseDuration(.seconds(90)))),
    Case(
      "ctx.localizedFallbackTitle = \"Use code\"",
      .context("ctx", .setLocalizedFallbackTitle("Use code"))),
    Case(
      "ctx.localizedCancelTitle = \"Not now\"", .context("ctx", .setLocalizedCancelTitle("Not now"))
    ),
    Case("var result: CFTypeRef?", .declaration(name: "result")),
    Case("var result: AnyObject? = nil", .declaration(name: "result")),
    Case("let name = \"alice\"", .bind(name: "name", value: .string("alice"))),
    Case("let other = ctx", .bind(name: "other", value: .binding("ctx"))),
    Case("let other = ctx as LAContext", .bind(name: "other", value: .binding("ctx"))),
    Case(
      "user will enter 1234 3 times", .userWill(.enter(passcode: "1234"), times: 3)),
    Case(
      "app install com.example.my-app team 9ABCDE1234 app-groups group.a, group.b "
        + "keychain-access-groups \"$(TeamIdentifierPrefix)shared\"",
      .app(
        .install(
          AppInstall(
            bundleID: "com.example.my-app", teamID: "9ABCDE1234",
            keychainAccessGroups: ["9ABCDE1234.shared"], appGroups: ["group.a", "group.b"])))),
    Case(
      "let query: [String: Any] = [kSecClass as String: kSecClassGenericPassword]",
      .bind(name: "query", value: genericPassword)),
    Case(
      "token[kSecAttrAccount as String] = \"alice\"",
      .bind(
        name: "token",
        value: .merge([
          .binding("token"), ParsingTestSupport.dict(("kSecAttrAccount", .string("alice"))),
        ]))),
  ]

  @Test(arguments: extensions)
  func extensionForm(_ test: Case) throws {
    let kind = try ParsingTestSupport.kind(test.source)
    #expect(ParsingTestSupport.normalized(kind) == test.expected)
  }

  // MARK: - Statements and bindings across a file

  @Test func bindingsCarryAcrossStatementsAndCalls() throws {
    var parser = ScenarioParser(file: "<repl>")
    let first = parser.parse("let q = [kSecClass: kSecClassGenericPassword]")
    #expect(first.diagnostics == [])
    #expect(parser.bindings["q"] == .dictionary)
    let second = parser.parse("SecItemAdd q", firstLine: 2)
    #expect(second.diagnostics == [])
    #expect(second.statements.first?.kind == .secItem(.add(.binding("q"))))
    #expect(second.statements.first?.location == SourceLocation(file: "<repl>", line: 2, column: 1))
    parser.removeAllBindings()
    #expect(parser.parse("SecItemAdd q").diagnostics.count == 1)
  }

  /// `expect errSecSuccess` is a status unless the name is bound to a context, whether a `let`
  /// of the same source, an earlier input or the parser's given bindings bound it (the parser
  /// looks the name up only once some binding may hold a status's name).
  @Test func aStatusNameBoundToAContextIsExpectedAsTheContext() {
    let contextExpectation = StatementKind.expect(.biometryType(context: "errSecSuccess", .faceID))
    let expectation = "expect errSecSuccess.biometryType == .faceID"
    var parser = ScenarioParser(file: "<repl>")
    #expect(parser.parse("expect errSecSuccess").statements.map(\.kind) == [.expect(.status(.errSecSuccess))])
    let file = parser.parse("let errSecSuccess = LAContext()\n" + expectation)
    #expect(file.diagnostics == [])
    #expect(file.statements.last?.kind == contextExpectation)
    #expect(parser.parse(expectation, firstLine: 3).statements.map(\.kind) == [contextExpectation])
    var given = ScenarioParser(file: "<repl>", bindings: ["errSecSuccess": .context])
    #expect(given.parse(expectation).statements.map(\.kind) == [contextExpectation])
  }

  @Test func failedInputDoesNotBind() {
    var parser = ScenarioParser(file: "<repl>")
    #expect(parser.parse("let q = [kSecClas: kSecClassGenericPassword]").diagnostics.count == 1)
    #expect(parser.bindings["q"] == nil)
  }

  /// The parser owns the bindings while it parses a statement (so a `let` does not copy every
  /// earlier binding); a statement that fails after its `let` bound the name gives it back as
  /// it was.
  @Test func aStatementFailingAfterItsBindingLeavesTheNameAsItWas() {
    var parser = ScenarioParser(file: "<repl>")
    let failed = parser.parse("let q = [kSecClass: kSecClassGenericPassword] extra")
    #expect(failed.diagnostics.map(\.kind) == [.extraText("`extra`")])
    #expect(parser.bindings["q"] == nil)
    let file = parser.parse(
      """
      let ctx = LAContext()
      let ctx = [kSecClass: kSecClassGenericPassword] extra
      let q = [kSecClass: kSecClassGenericPassword]
      """)
    #expect(file.diagnostics.count == 1)
    #expect(parser.bindings == ["ctx": .context, "q": .dictionary])
    #expect(parser.parse("ctx.invalidate()").diagnostics == [])
  }

  /// One parser reads every statement of a source and keeps the last binding it looked up: a
  /// binding undone by its statement's failure is not the one the next statement finds (`ctx`
  /// itself is poisoned then, which any check passes, so `other` tells what it was bound to).
  @Test func theStatementAfterAnUndoneBindingFindsTheNameAsItWas() {
    var parser = ScenarioParser(file: "<repl>")
    let file = parser.parse(
      """
      let ctx = LAContext()
      let ctx = [kSecClass: kSecClassGenericPassword] extra
      let other = ctx
      other.invalidate()
      """)
    #expect(file.diagnostics.map(\.kind) == [.extraText("`extra`")])
    #expect(file.statements.count == 3)
    #expect(parser.bindings == ["ctx": .context, "other": .context])
  }

  /// `device` commands are told by their bytes in a byte-wise source, by their text in another
  /// (here a line with a non-ASCII comment): both read the same commands.
  @Test func deviceCommandsReadTheSameWhateverTheSourceHolds() {
    for comment in ["", "  # café"] {
      var parser = ScenarioParser(file: "<repl>")
      let parsed = parser.parse(
        "device lock\(comment)\ndevice unlock 123456\(comment)\ndevice reboot\(comment)")
      #expect(parsed.diagnostics == [])
      #expect(
        parsed.statements.map(\.kind)
          == [.device(.lock), .device(.unlock(passcode: "123456")), .device(.reboot)])
      let unknown = parser.parse("device lok\(comment)").diagnostics.map(\.kind)
      #expect(unknown == [.unknown("`device` command", "lok", suggestion: "lock")])
    }
  }

  @Test func theSpecExampleParses() throws {
    let source = """
      # The refresh token stored with the default accessibility, read at 3 a.m.
      device passcode 123456
      let token = [kSecClass: kSecClassGenericPassword,
                   kSecAttrService: "com.app.auth",
                   kSecAttrAccount: "refresh-token"]
      SecItemAdd token + [kSecValueData: "r1"]
      expect errSecSuccess
      device lock
      wait 3h
      app background
      SecItemCopyMatching token + [kSecReturnData: true]
      expect errSecInteractionNotAllowed
      """
    let statements = try ScenarioParser.parse(file: "example.scenario", source: source)
    #expect(statements.map(\.location.line) == [2, 3, 6, 7, 8, 9, 10, 11, 12])
    #expect(
      statements[1].sourceText.hasPrefix("let token = [kSecClass: kSecClassGenericPassword,\n"))
    #expect(
      ParsingTestSupport.normalized(statements[2].kind)
        == .secItem(
          .add(
            .merge([
              .binding("token"),
              ParsingTestSupport.dict(("kSecValueData", .data(Data("r1".utf8)))),
            ]))))
    #expect(statements.last?.kind == .expect(.status(.errSecInteractionNotAllowed)))
  }
}
