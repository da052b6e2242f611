import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// The cross-platform package's statements: `createKeychain`, its methods, `expo-plugin`,
/// `expect MISSING_ENTITLEMENT`, and what the transcript shows.
@Suite struct PackageStatementTests {
  typealias Case = ParseCase<StatementKind>

  static let shared = PackageKeychain(
    service: "shared", accessGroup: "ABCDE12345.com.example.shared")

  static let forms: [Case] = [
    Case(
      "let kc = createKeychain(service: \"shared\", accessGroup: \"ABCDE12345.com.example.shared\")",
      .package(.create(name: "kc", shared))),
    Case(
      "let kc = createKeychain(service: \"s\")",
      .package(.create(name: "kc", PackageKeychain(service: "s")))),
    Case(
      "let kc = createKeychain(service: \"s\")\nkc.setItem(\"k\", \"v\")",
      .package(.call(name: "kc", .setItem(key: "k", value: .string("v"))))),
    Case(
      "let kc = createKeychain(service: \"s\")\nawait kc.getItem(\"k\")",
      .package(.call(name: "kc", .getItem(key: "k")))),
    Case(
      "let kc = createKeychain(service: \"s\")\nlet token = await kc.getItem(\"k\")",
      .package(.call(name: "kc", .getItem(key: "k")))),
    Case(
      "let kc = createKeychain(service: \"s\")\nkc.deleteItem(\"k\")",
      .package(.call(name: "kc", .deleteItem(key: "k")))),
    Case("expect MISSING_ENTITLEMENT", .expect(.packageError(.missingEntitlement))),
    Case("expect KEYCHAIN_ERROR", .expect(.packageError(.keychainError))),
  ]

  @Test(arguments: forms)
  func parses(_ test: Case) throws {
    let result = ParsingTestSupport.parse(test.source)
    #expect(result.diagnostics == [], "\(test.source)")
    #expect(result.statements.last?.kind == test.expected)
  }

  @Test func theExpoPluginOptionKeepsItsGroupsApart() throws {
    let kind = try ParsingTestSupport.kind(
      "app install com.example.app team ABCDE12345 keychain-access-groups "
        + "$(AppIdentifierPrefix)com.example.legacy expo-plugin com.example.shared, com.example.b")
    guard case .app(.install(let install)) = kind else {
      Issue.record("not an install: \(kind)")
      return
    }
    #expect(install.keychainAccessGroups == ["ABCDE12345.com.example.legacy"])
    #expect(install.expoPluginGroups == ["com.example.shared", "com.example.b"])
  }

  @Test(arguments: [
    (
      "app install com.x team ABCDE12345 expo-plugin $(AppIdentifierPrefix)com.example.shared",
      ParseMessage.expected(
        "the group without `$(AppIdentifierPrefix)`: the plugin adds the team prefix",
        found: "`$(AppIdentifierPrefix)com.example.shared`")
    ),
    (
      "let kc = createKeychain(group: \"g\")",
      .expected(
        "`service:` (createKeychain takes `service:`, `accessGroup:`)", found: "`group`")
    ),
    (
      "let kc = createKeychain(service: \"s\")\nkc.setitem(\"k\", \"v\")",
      .unknown("package method", "setitem", suggestion: "setItem")
    ),
    (
      "let kc = createKeychain(service: \"s\")\nkc.setItem(\"k\")",
      .expected("`,` and the value to store", found: "`)`")
    ),
    ("app install com.x team ABCDE12345 no-entitlements expo-plugin g", .noEntitlementsWithGroups),
    (
      "_ = createKeychain(service: \"s\")",
      .expected("`let <name> =` before `createKeychain`", found: "`_`")
    ),
    ("let createKeychain = \"x\"", .reservedName("createKeychain")),
    (
      "let kc = createKeychain(service: \"s\")\nkc.setItem(\"k\", 42)",
      .expected("the value, as a string literal or a bound string", found: "`••••`")
    ),
  ])
  func refusesToParse(source: String, kind: ParseMessage) {
    let result = ParsingTestSupport.parse(source)
    #expect(result.diagnostics.map(\.kind) == [kind], "\(result.diagnostics)")
  }

  func play(_ source: String) -> ScenarioFileReport {
    ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "test.scenario")
  }

  @Test func theTranscriptShowsEachSecItemCallAndMasksTheValue() {
    let report = play(
      """
      app install com.example.app team ABCDE12345 expo-plugin com.example.shared
      let kc = createKeychain(service: "shared", accessGroup: "ABCDE12345.com.example.shared")
      kc.setItem("accessToken", "very-secret-token")
      kc.setItem("accessToken", "very-secret-token-2")
      expect success
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(!report.transcript.contains("very-secret-token"))
    #expect(report.transcript.contains("kc.setItem(\"accessToken\", ••••)"))
    #expect(report.transcript.contains("errSecDuplicateItem"))
    #expect(report.transcript.contains("SecItemUpdate [kSecClass: kSecClassGenericPassword"))
    #expect(report.transcript.contains("access groups: ABCDE12345.com.example.app (default)"))
  }

  /// Issue 26: what `getItem` read is the item's secret, masked as a SecItem read's data is,
  /// unless the session shows secrets; the expectations check the real value.
  @Test func theValueGetItemReadIsMaskedUnlessSecretsAreShown() {
    let source = """
      let kc = createKeychain(service: "s")
      kc.setItem("k", "PLUTO9SECRET")
      await kc.getItem("k")
      expect result "PLUTO9SECRET"
      await kc.getItem("k")
      expect no result

      """
    let masked = play(source)
    #expect(masked.failures.count == 1, "\(masked.transcript)")
    #expect(masked.transcript.contains("→ resolved ••••"), "\(masked.transcript)")
    let echoed = masked.transcript.components(separatedBy: "\n").filter {
      $0.contains("PLUTO9SECRET")
    }
    #expect(echoed.allSatisfy { $0.contains("expect result") }, "\(echoed)")
    #expect(masked.failures.first?.actual == "resolved ••••")
    let shown = ScenarioRunner(options: .init(kdfProfile: .fast, showsSecrets: true))
      .run(source: source, name: "test.scenario")
    #expect(shown.transcript.contains(#"→ resolved "PLUTO9SECRET""#), "\(shown.transcript)")
  }

  @Test func aSecretBoundByLetIsMaskedWhereverItIsEchoed() {
    let report = play(
      """
      let token = "bound-secret"
      let kc = createKeychain(service: "s")
      kc.setItem("k", token)
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(!report.transcript.contains("bound-secret"))
  }

  @Test func expectationsCheckHowThePromiseSettled() {
    let report = play(
      """
      let kc = createKeychain(service: "s", accessGroup: "ABCDE12345.com.example.shared")
      kc.getItem("k")
      expect success
      expect result "x"
      """)
    #expect(report.failures.map(\.line) == [3, 4], "\(report.transcript)")
    #expect(report.transcript.contains("rejected MISSING_ENTITLEMENT"))
  }

  @Test func aPackageErrorExpectationAfterAnotherStatementFails() {
    let report = play(
      """
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecValueData: "x"]
      expect MISSING_ENTITLEMENT
      """)
    #expect(report.failures.map(\.line) == [2])
    #expect(report.transcript.contains("is not a package call"))
  }

  @Test func onAndroidAStatusExpectationSaysNoSecItemCallWasMade() {
    let report = play(
      """
      device add pixel android
      device use pixel
      let kc = createKeychain(service: "s", accessGroup: "ABCDE12345.com.example.shared")
      kc.setItem("k", "v")
      expect success
      expect errSecSuccess
      """)
    #expect(report.failures.map(\.line) == [6], "\(report.transcript)")
    #expect(report.transcript.contains("the package makes no SecItem call"))
    #expect(report.transcript.contains("ignores accessGroup"))
  }

  @Test func aSecItemCallOnAnAndroidPhoneStopsTheScenario() {
    let report = play(
      """
      device add pixel android
      device use pixel
      SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
      say "not reached"
      """)
    #expect(report.failures.first?.line == 3)
    #expect(report.transcript.contains("has no SecItem API"))
    #expect(!report.transcript.contains("not reached"))
  }

  @Test func explainAfterARejectionExplainsTheKeychainsStatus() {
    let report = play(
      """
      let kc = createKeychain(service: "s", accessGroup: "ABCDE12345.com.example.shared")
      kc.deleteItem("k")
      explain
      """)
    #expect(report.transcript.contains("errSecMissingEntitlement (-34018)"))
  }
}

extension PackageStatementTests {
  @Test func thePackagesMethodsCompleteAfterTheKeychainsName() throws {
    let words = try ParsingVocabularyTests.replCompletions(
      before: "kc.", after: ["let kc = createKeychain(service: \"s\")"])
    #expect(words == ["setItem", "getItem", "deleteItem"])
    #expect(
      try ParsingVocabularyTests.replCompletions(before: "app install com.x team T ")
        .contains("expo-plugin"))
    #expect(
      try ParsingVocabularyTests.replCompletions(before: "expect ")
        .isSuperset(of: ["MISSING_ENTITLEMENT", "KEYCHAIN_ERROR"]))
  }
}

extension PackageStatementTests {
  @Test func showItemsOnAndroidListsEachAppsValuesWithoutThem() {
    let report = play(
      """
      device add pixel android
      device use pixel
      let kc = createKeychain(service: "s", accessGroup: "ABCDE12345.com.example.shared")
      kc.setItem("k", "zz-hidden")
      show items
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(report.transcript.contains("no keychain on an Android phone: 1 value(s) kept"))
    #expect(report.transcript.contains("- com.example.app: service \"s\", key \"k\" (sealed)"))
    #expect(!report.transcript.contains("zz-hidden"))
  }

  @Test func theJSONStepOfARejectionCarriesTheCodeAndTheKeychainsReason() throws {
    let report = play(
      """
      let kc = createKeychain(service: "s", accessGroup: "ABCDE12345.com.example.shared")
      kc.setItem("k", "zz-hidden")
      """)
    let step = try #require(report.steps.first { $0.line == 2 })
    #expect(step.status == "MISSING_ENTITLEMENT")
    #expect(step.why?.contains("SecItemAdd names kSecAttrAccessGroup") == true)
    #expect(step.fix != nil)
    #expect(!step.statement.contains("zz-hidden"))
  }
}

extension PackageStatementTests {
  @Test(arguments: [
    "kc.setItem(\"k\", \"zz-hidden\"",
    "kc.setItem(\"k\", \"zz-hidden\" extra)",
    "kc.setItme(\"k\", \"zz-hidden\")",
    "kc.setItem(\"k\", \"zz-hidden\\q\")",
  ])
  func aSetItemThatDoesNotParseNeverShowsItsValue(_ line: String) {
    let report = play("let kc = createKeychain(service: \"s\")\n" + line)
    let error = report.loadError ?? ""
    #expect(error.contains("error:"), "\(report.transcript)")
    #expect(!(report.transcript + error).contains("zz-hidden"), "\(error)")
  }
}

extension PackageStatementTests {
  @Test func aCallTheSimulatorCannotAnswerStopsTheScenarioAsASecItemCallWould() {
    let report = play(
      """
      device passcode 1234
      let kc = createKeychain(service: "s")
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrService: "s", kSecAttrAccount: "w", kSecValueData: "x", kSecAttrAccessControl: SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .companion, nil)]
      kc.getItem("w")
      say "never"
      """)
    #expect(report.failures.first?.line == 4)
    #expect(report.transcript.contains("not simulated yet"))
    #expect(!report.transcript.contains("» never"))
  }
}
