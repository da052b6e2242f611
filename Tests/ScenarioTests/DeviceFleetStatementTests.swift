import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// `device add`, `device use`, `show devices` and the `icloud` statements.
@Suite struct DeviceFleetStatementTests {
  typealias Case = ParseCase<StatementKind>

  static let forms: [Case] = [
    Case("device add watch watch", .device(.add(name: "watch", platform: .watch))),
    Case("device add newPhone", .device(.add(name: "newPhone", platform: .iPhone))),
    Case("device add \"mac-1\" mac", .device(.add(name: "mac-1", platform: .mac))),
    Case("device use watch", .device(.use(name: "watch"))),
    Case("show devices", .show(.devices)),
    Case(
      "icloud sign-in alice@icloud.com", .icloud(.signIn(appleID: "alice@icloud.com"))),
    Case("icloud sign-out", .icloud(.signOut)),
    Case("icloud keychain on", .icloud(.keychain(on: true))),
    Case("icloud keychain off", .icloud(.keychain(on: false))),
  ]

  @Test(arguments: forms)
  func parses(_ test: Case) throws {
    #expect(try ParsingTestSupport.kind(test.source) == test.expected)
  }

  @Test(arguments: [
    ("device add watch wach", ParseMessage.unknown("device kind", "wach", suggestion: "watch")),
    ("icloud signin bob", .unknown("`icloud` command", "signin", suggestion: "sign-in")),
    ("icloud keychain maybe", .unknown("`on` or `off`", "maybe", suggestion: nil)),
  ])
  func refusesToParse(source: String, kind: ParseMessage) {
    let result = ParsingTestSupport.parse(source)
    #expect(result.diagnostics.map(\.kind) == [kind])
  }

  func play(_ source: String) -> ScenarioFileReport {
    ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "test.scenario")
  }

  @Test func statementsActOnTheCurrentDevice() {
    let report = play(
      """
      device passcode 123456
      device add watch watch
      device use watch
      expect device unlocked
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecValueData: Data("x".utf8)]
      expect errSecSuccess
      device use iPhone
      device lock
      wait 11s
      expect device locked
      SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]
      expect errSecItemNotFound
      device use watch
      expect device unlocked
      show devices
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(report.transcript.contains("* watch: Apple Watch · unlocked · no passcode"))
    #expect(report.transcript.contains("  iPhone: iPhone · locked · passcode · signed out"))
  }

  @Test func anUnknownDeviceStopsTheScenarioAndNamesTheDevices() {
    let report = play("device add mac mac\ndevice use macbook")
    #expect(report.failures.first?.line == 2)
    #expect(report.transcript.contains("no device named 'macbook' (devices: iPhone, mac)"))
  }

  @Test func iCloudRefusalsAreOutcomes() {
    let report = play(
      """
      icloud keychain on
      expect refused
      icloud sign-in alice@icloud.com
      icloud keychain on
      show devices
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(report.transcript.contains("* iPhone: iPhone · unlocked · no passcode · "
      + "alice@icloud.com, iCloud Keychain on"))
  }

  @Test func thePromptNamesTheDeviceOnceThereAreSeveral() throws {
    var session = try ScenarioSession(options: .init(kdfProfile: .fast))
    #expect(!session.promptSummary.hasPrefix("iPhone"))
    let parsed = ParsingTestSupport.parse("device add mac mac\ndevice use mac")
    for statement in parsed.statements { _ = try session.execute(statement) }
    #expect(session.promptSummary.hasPrefix("mac · unlocked"))
  }
}
