import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// `app install ... extension-of ... / no-entitlements`, `app uninstall`, `app transfer`,
/// `keychain reset`, `show apps`, and calls from a deleted app.
@Suite struct AppStatementTests {
  typealias Case = ParseCase<StatementKind>

  static let forms: [Case] = [
    Case(
      "app install com.example.app.share team ABCDE12345 extension-of com.example.app "
        + "keychain-access-groups $(AppIdentifierPrefix)com.example.shared",
      .app(
        .install(
          AppInstall(
            bundleID: "com.example.app.share", teamID: "ABCDE12345",
            keychainAccessGroups: ["ABCDE12345.com.example.shared"],
            hostBundleID: "com.example.app")))),
    Case(
      "app install com.example.app.widget team ABCDE12345 extension-of com.example.app widget "
        + "app-groups group.x",
      .app(
        .install(
          AppInstall(
            bundleID: "com.example.app.widget", teamID: "ABCDE12345", appGroups: ["group.x"],
            hostBundleID: "com.example.app", extensionKind: .widget)))),
    Case(
      "app install com.example.app.notify team ABCDE12345 extension-of com.example.app "
        + "notification-service",
      .app(
        .install(
          AppInstall(
            bundleID: "com.example.app.notify", teamID: "ABCDE12345",
            hostBundleID: "com.example.app", extensionKind: .notificationService)))),
    Case(
      "app install com.example.tests team ABCDE12345 no-entitlements",
      .app(
        .install(
          AppInstall(bundleID: "com.example.tests", teamID: "ABCDE12345", noEntitlements: true)))),
    Case("app uninstall com.example.app", .app(.uninstall(bundleID: "com.example.app"))),
    Case(
      "app transfer com.example.app team NEWTM12345",
      .app(.transfer(bundleID: "com.example.app", teamID: "NEWTM12345"))),
    Case("keychain reset com.example.app", .app(.resetKeychain(bundleID: "com.example.app"))),
    Case("keychain reset", .app(.resetKeychain(bundleID: nil))),
    Case("show apps", .show(.apps)),
  ]

  @Test(arguments: forms)
  func parses(_ test: Case) throws {
    #expect(try ParsingTestSupport.kind(test.source) == test.expected)
  }

  @Test(arguments: [
    (
      "app install com.x team ABCDE12345 no-entitlements app-groups group.x",
      ParseMessage.noEntitlementsWithGroups
    ),
    (
      "app install com.x team ABCDE12345 extension-off com.y",
      .unknown("`app install` option", "extension-off", suggestion: "extension-of")
    ),
    (
      "app transfer com.x ABCDE12345",
      .expected("`team <TEAMID>` after the bundle id", found: "`ABCDE12345`")
    ),
    ("keychain wipe", .unknown("`keychain` command", "wipe", suggestion: nil)),
    ("app unistall com.x", .unknown("`app` command", "unistall", suggestion: "uninstall")),
  ])
  func refusesToParse(source: String, kind: ParseMessage) {
    let result = ParsingTestSupport.parse(source)
    #expect(result.diagnostics.map(\.kind) == [kind])
  }

  /// Plays `source` and returns its report.
  func play(_ source: String) -> ScenarioFileReport {
    ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "test.scenario")
  }

  @Test func callsFromADeletedAppStopTheScenario() {
    let report = play(
      """
      app uninstall com.example.app
      SecItemCopyMatching [kSecClass: kSecClassGenericPassword]
      """)
    #expect(report.failures.first?.line == 2)
    #expect(report.transcript.contains("com.example.app is not installed"))
  }

  @Test func usingAnAppThatIsNotInstalledStopsTheScenario() {
    let report = play("app use com.example.widget")
    #expect(report.failures.count == 1)
    #expect(report.transcript.contains("no app com.example.widget was ever installed"))
  }

  @Test func aRefusedInstallIsAnOutcomeNotAnError() {
    let report = play(
      """
      app install com.evil.app team ZZZZZ99999 keychain-access-groups ABCDE12345.com.example.shared
      show apps
      """)
    #expect(report.failures.isEmpty)
    #expect(report.transcript.contains("refused: com.evil.app not installed"))
    #expect(report.transcript.contains("1 installed app(s)"))
  }

  @Test func showAppsListsGroupsInApplesOrder() {
    let report = play(
      """
      app install com.example.app team ABCDE12345 app-groups group.com.example keychain-access-groups $(AppIdentifierPrefix)shared
      show apps
      """)
    #expect(
      report.transcript.contains(
        "access groups: ABCDE12345.shared (default), ABCDE12345.com.example.app,"))
    #expect(report.transcript.contains("making the calls"))
  }

  @Test func resetWithoutANameResetsTheCurrentApp() {
    let report = play(
      """
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
      keychain reset
      SecItemCopyMatching [kSecClass: kSecClassGenericPassword]
      expect errSecItemNotFound
      """)
    #expect(report.failures.isEmpty)
    #expect(report.transcript.contains("deleted 1 item(s) in com.example.app's access groups"))
  }

  @Test func keychainCanStillBeABoundName() throws {
    let result = ParsingTestSupport.parse(
      """
      let keychain = [kSecClass: kSecClassGenericPassword]
      keychain[kSecAttrAccount] = "a"
      """)
    #expect(result.diagnostics.isEmpty)
  }

  @Test(arguments: ["apps", "app", "entitlements"])
  func helpExplainsTheAppStatements(topic: String) {
    let text = HelpText.text(for: topic)
    #expect(text.contains("extension-of <hostBundleID>"))
    #expect(text.contains("keychain reset"))
  }
}
