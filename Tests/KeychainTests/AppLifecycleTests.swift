import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// Installing, switching, deleting, reinstalling and transferring apps, and the per-app reset.
@Suite struct AppLifecycleTests {
  static let team = "ABCDE12345"
  static let shared = "ABCDE12345.com.example.shared"
  static let app = AppIdentity(
    bundleID: "com.example.app", teamID: team, keychainAccessGroups: [shared],
    appGroups: ["group.com.example"])
  static let widget = AppIdentity(
    bundleID: "com.example.app.widget", teamID: team, keychainAccessGroups: [shared],
    hostBundleID: "com.example.app")
  static let share = AppIdentity(
    bundleID: "com.example.app.share", teamID: team, appGroups: ["group.com.example"],
    hostBundleID: "com.example.app")

  /// The app, its widget and its share extension installed; the app making the calls.
  static func suite() throws -> SimulatedDevice {
    let device = try makeDevice()
    for app in [app, widget, share] { #expect(device.install(app).succeeded) }
    #expect(device.useApp(app.bundleID).succeeded)
    return device
  }

  struct Reader: Sendable, CustomTestStringConvertible {
    let bundleID: String
    let group: String?
    let expected: OSStatus
    var testDescription: String { "\(bundleID) reads \(group ?? "any group") → \(expected)" }
  }

  /// Seed 000's matrix: the token in the shared group and a note in the app group.
  static let matrix: [Reader] = [
    Reader(bundleID: "com.example.app.widget", group: shared, expected: .errSecSuccess),
    Reader(bundleID: "com.example.app.widget", group: nil, expected: .errSecSuccess),
    Reader(bundleID: "com.example.app.share", group: shared, expected: .errSecMissingEntitlement),
    Reader(bundleID: "com.example.app.share", group: nil, expected: .errSecItemNotFound),
    Reader(
      bundleID: "com.example.app.share", group: "group.com.example",
      expected: .errSecItemNotFound),
  ]

  @Test(arguments: matrix)
  func extensionsReadOnlyWhatTheirOwnEntitlementsAllow(_ reader: Reader) throws {
    let device = try Self.suite()
    mustAdd(device, genp("token").adding(["v_Data": secret()]))  // default: the shared group
    #expect(device.useApp(reader.bundleID).succeeded)
    var query = genp("token").adding(["r_Data": .bool(true)])
    if let group = reader.group { query["agrp"] = .string(group) }
    #expect(device.secItemCopyMatching(query).status == reader.expected)
  }

  @Test func theWidgetReadsTheAppsToken() throws {
    let device = try Self.suite()
    mustAdd(device, genp("token").adding(["agrp": .string(Self.shared), "v_Data": secret("t1")]))
    #expect(device.useApp("com.example.app.widget").succeeded)
    let read = device.secItemCopyMatching(
      genp("token").adding(["agrp": .string(Self.shared), "r_Data": .bool(true)]))
    #expect(read.result == secret("t1"))
  }

  @Test func theExtensionsMissingCapabilityIsExplained() throws {
    let device = try Self.suite()
    #expect(device.useApp("com.example.app.share").succeeded)
    let outcome = device.secItemCopyMatching(genp().adding(["agrp": .string(Self.shared)]))
    let refusal = try #require(outcome.groupRefusal)
    #expect(refusal.group == Self.shared)
    #expect(refusal.entitled == ["ABCDE12345.com.example.app.share", "group.com.example"])
    #expect(
      refusal.mistake
        == .extensionWithoutHostGroup(host: "com.example.app", bundleID: "com.example.app.share"))
    // Rendering: the fix names the Xcode capability to add.
    #expect(outcome.explanation?.fix?.contains("Keychain Sharing capability") == true)
  }

  @Test(
    arguments: [
      ("com.example.shared", .missingTeamPrefix(prefixed: "ABCDE12345.com.example.shared")),
      ("$(AppIdentifierPrefix)com.example.shared", .unexpandedBuildSetting(teamID: "ABCDE12345")),
      (
        "ZZZZZ99999.com.example.shared",
        .otherTeam(team: "ZZZZZ99999", appTeam: "ABCDE12345", rest: "com.example.shared")
      ),
      ("group.com.other", .appGroup(bundleID: "com.example.app")),
    ] as [(String, SecItemFailure.GroupMistake)])
  func missingEntitlementNamesTheUsualMistake(
    group: String, mistake: SecItemFailure.GroupMistake
  ) throws {
    let device = try Self.suite()
    let outcome = device.secItemAdd(genp().adding(["agrp": .string(group)]))
    #expect(outcome.status == .errSecMissingEntitlement)
    #expect(outcome.groupRefusal?.mistake == mistake)
  }

  @Test func deletingAnAppKeepsItsItemsAndReinstallingShowsThem() throws {
    let device = try Self.suite()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let deleted = device.uninstall(bundleID: "com.example.app")
    #expect(deleted.succeeded)
    #expect(deleted.summary.contains("the 1 keychain item(s)"))
    #expect(!device.callerIsInstalled)
    #expect(!device.apps.isInstalled("com.example.app.widget"))  // extensions go with the host
    #expect(!device.useApp("com.example.app.widget").succeeded)
    #expect(device.install(Self.app).succeeded)
    #expect(device.callerIsInstalled)
    #expect(device.apps.isInstalled("com.example.app.widget"))
    #expect(device.secItemCopyMatching(genp()).status == .errSecSuccess)
  }

  @Test func aTransferredAppCannotReachItsOldItems() throws {
    let device = try Self.suite()
    mustAdd(device, genp("own").adding(["v_Data": secret()]))
    mustAdd(
      device, genp("kept").adding(["agrp": .string("group.com.example"), "v_Data": secret()]))
    let outcome = device.transfer(bundleID: "com.example.app", toTeam: "NEWTM12345")
    #expect(outcome.succeeded)
    #expect(device.caller.app.applicationIdentifier == "NEWTM12345.com.example.app")
    #expect(device.caller.accessGroups.first == "NEWTM12345.com.example.shared")
    #expect(device.apps.app("com.example.app.widget")?.identity.teamID == "NEWTM12345")
    #expect(device.secItemCopyMatching(genp("own")).status == .errSecItemNotFound)
    #expect(device.secItemCopyMatching(genp("kept")).status == .errSecSuccess)  // app group moved
    let old = genp("own").adding(["agrp": .string(Self.shared)])
    #expect(device.secItemCopyMatching(old).status == .errSecMissingEntitlement)
    #expect(device.apps.appGroupTeams["group.com.example"] == "NEWTM12345")
  }

  static let transferRefusals: [(bundleID: String, team: String, refusal: DeviceRefusal)] = [
    (
      "com.example.app.widget", "NEWTM12345",
      .extensionTransfer(
        bundleID: "com.example.app.widget", host: "com.example.app", team: "NEWTM12345")
    ),
    (
      "com.example.app", "ABCDE12345",
      .alreadyInTeam(bundleID: "com.example.app", team: "ABCDE12345")
    ),
    ("com.example.app", "new", .notATeamID("new")),
    (
      "com.nobody.app", "NEWTM12345",
      .unknownApp(bundleID: "com.nobody.app", everInstalled: false, installed: [])
    ),
  ]

  @Test(arguments: transferRefusals.indices)
  func transferIsRefused(_ index: Int) throws {
    let (bundleID, team, refusal) = Self.transferRefusals[index]
    let device = try Self.suite()
    var expected = refusal
    if case .unknownApp(let name, let ever, _) = refusal {  // lists what is installed
      let installed = device.apps.apps.filter(\.isInstalled).map(\.bundleID)
      #expect(installed.contains("com.example.app.share"))
      expected = .unknownApp(bundleID: name, everInstalled: ever, installed: installed)
    }
    let outcome = device.transfer(bundleID: bundleID, toTeam: team)
    #expect(outcome.refusal == expected, "\(outcome)")
  }

  @Test func resetDeletesEveryItemInTheAppsGroupsOnly() throws {
    let device = try Self.suite()
    mustAdd(device, genp("a").adding(["v_Data": secret()]))
    mustAdd(device, genp("b").adding(["agrp": .string("ABCDE12345.com.example.app")]))
    mustAdd(device, genp("c").adding(["agrp": .string("group.com.example")]))
    #expect(
      device.install(AppIdentity(bundleID: "com.example.other", teamID: Self.team))
        .succeeded)
    #expect(device.useApp("com.example.other").succeeded)
    mustAdd(device, genp("d").adding(["v_Data": secret()]))
    let reset = device.resetKeychain(of: "com.example.app")
    #expect(reset.summary.hasPrefix("deleted 3 item(s)"))
    #expect(reset.explanation?.cause.contains("not an iOS behaviour") == true)
    #expect(try device.listItems().count == 1)
    #expect(device.secItemCopyMatching(genp("d")).status == .errSecSuccess)
  }

  @Test func resetDeletesLockedItemsToo() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    #expect(device.lock().succeeded)
    #expect(device.advanceClock(by: .seconds(11)).succeeded)
    #expect(device.resetKeychain(of: "com.example.app").summary.hasPrefix("deleted 1 item(s)"))
  }

  @Test func updatingAnAppThatLostAGroupSaysItsItemsStay() throws {
    let device = try Self.suite()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let update = device.install(AppIdentity(bundleID: "com.example.app", teamID: Self.team))
    #expect(update.summary.hasPrefix("updated com.example.app"))
    #expect(update.explanation?.cause.contains("the 1 item(s) there stay") == true)
  }

  /// Apple's `CheckItemUpdateAccessGroupGENP` (RegressionTests/secitemfunctionality): an update
  /// moves an item to another group the app is entitled to.
  @Test func updateMovesAnItemBetweenEntitledGroups() throws {
    let device = try Self.suite()
    let first = genp().adding(["agrp": .string("ABCDE12345.com.example.app")])
    mustAdd(device, first.adding(["v_Data": secret()]))
    #expect(device.secItemUpdate(first, ["agrp": .string(Self.shared)]).status == .errSecSuccess)
    #expect(device.secItemCopyMatching(first).status == .errSecItemNotFound)
    let moved = genp().adding(["agrp": .string(Self.shared), "r_Data": .bool(true)])
    #expect(device.secItemCopyMatching(moved).result == secret())
  }

  @Test func updateIntoAGroupWithTheSameItemIsADuplicate() throws {
    let device = try Self.suite()
    mustAdd(device, genp().adding(["agrp": .string("ABCDE12345.com.example.app")]))
    mustAdd(device, genp().adding(["agrp": .string(Self.shared)]))
    let moving = genp().adding(["agrp": .string("ABCDE12345.com.example.app")])
    #expect(
      device.secItemUpdate(moving, ["agrp": .string(Self.shared)]).status
        == .errSecDuplicateItem)
  }

  @Test func installedAppsSurviveReopeningTheDeviceFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("apps-\(UUID().uuidString).kcsim").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let device = try SimulatedDevice(options: .init(kdfProfile: .fast, path: path))
      for app in [Self.app, Self.widget] { #expect(device.install(app).succeeded) }
      #expect(device.useApp("com.example.app.widget").succeeded)
      #expect(device.uninstall(bundleID: "com.example.app").succeeded)
    }
    let reopened = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    #expect(reopened.apps.app("com.example.app")?.identity == Self.app)
    #expect(reopened.apps.isInstalled("com.example.app") == false)
    #expect(reopened.caller.app == Self.widget)
    #expect(reopened.caller.hostApp == Self.app)
    #expect(!reopened.callerIsInstalled)
  }
}
