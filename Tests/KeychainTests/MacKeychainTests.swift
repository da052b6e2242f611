import DeviceState
import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// The Mac's two keychains and the shim between them (docs/evidence.md §11, facts 34-43).
@Suite struct MacKeychainTests {
  static let team = "ABCDE12345"

  /// A Mac whose current app is `com.example.app` with the `shared` group.
  static func mac() throws -> SimulatedDevice {
    let mac = try SimulatedDevice(options: .init(kdfProfile: .fast, platform: .mac))
    let app = AppIdentity(
      bundleID: "com.example.app", teamID: team,
      keychainAccessGroups: ["\(team).shared"], appGroups: ["group.com.example.suite"])
    #expect(mac.install(app).succeeded)
    #expect(mac.useApp(app.bundleID).succeeded)
    return mac
  }

  static let dataProtection: SecQuery = ["nleg": .bool(true)]
  static let fileBased: SecQuery = ["nleg": .bool(false)]

  /// The keychain of each listed item, in listing order.
  static func keychains(_ device: SimulatedDevice) throws -> [String?] {
    try device.listItems().map(\.keychain)
  }

  @Test func anAddWithoutTheFlagGoesToTheLoginKeychain() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret()]))
    #expect(try Self.keychains(mac) == ["login keychain"])
    let fromDP = mac.secItemCopyMatching(genp("alice").adding(Self.dataProtection))
    #expect(fromDP.status == .errSecItemNotFound)
    let merged = mac.secItemCopyMatching(genp("alice", ["r_Data": .bool(true)]))
    #expect(merged.status == .errSecSuccess)
    #expect(merged.result == secret())
    #expect(merged.explanation?.cause.contains("login keychain") == true)
  }

  @Test(arguments: [
    ("nleg", SecValue.bool(true)), ("sync", .bool(true)), ("sync", .number(1)),
  ])
  func dataProtectionKeysSendTheAddToTheDataProtectionKeychain(key: String, value: SecValue)
    throws
  {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret(), key: value]))
    #expect(try Self.keychains(mac) == ["data protection keychain"])
    let fileOnly = mac.secItemCopyMatching(
      genp("alice", ["sync": .string("syna")]).adding(Self.fileBased))
    #expect(fileOnly.status == .errSecItemNotFound)
  }

  @Test func anAccessControlSendsTheAddToTheDataProtectionKeychain() throws {
    let mac = try Self.mac()
    let control = try SecAccessControl.create(protection: "ak", flags: [])
    mustAdd(mac, genp("alice", ["v_Data": secret(), "accc": .accessControl(control)]))
    #expect(try Self.keychains(mac) == ["data protection keychain"])
  }

  @Test func theFileBasedKeychainStripsGroupAccessibilityAndSync() throws {
    let mac = try Self.mac()
    mustAdd(
      mac,
      genp(
        "alice",
        [
          "v_Data": secret(), "agrp": .string("\(Self.team).shared"),
          "pdmn": .string("aku"), "nleg": .bool(false),
        ]))
    let item = try #require(try mac.listItems().first)
    #expect(item.keychain == "login keychain")
    #expect(item.accessGroup == nil)
    #expect(item.protection == nil)
    let attributes = mac.secItemCopyMatching(genp("alice", ["r_Attributes": .bool(true)]))
    guard case .dictionary(let returned)? = attributes.result else {
      Issue.record("expected attributes, got \(String(describing: attributes.result))")
      return
    }
    #expect(returned["agrp"] == nil)
    #expect(returned["pdmn"] == nil)
    #expect(returned["sync"] == nil)
    #expect(returned["acct"] == .string("alice"))
    // A group the app is not entitled to is stripped too, so the login item still matches,
    // and the data protection keychain's errSecMissingEntitlement is ignored (fact 35).
    let otherGroup = mac.secItemCopyMatching(genp("alice", ["agrp": .string("OTHER12345.x")]))
    #expect(otherGroup.status == .errSecSuccess)
    #expect(otherGroup.explanation?.cause.contains("errSecMissingEntitlement") == true)
  }

  @Test func matchLimitAllWithReturnDataIsRefusedOnPasswords() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret()]))
    mustAdd(mac, genp("bob", ["v_Data": secret()]))
    let all: SecQuery = ["class": passwordClass, "m_Limit": .string("m_LimitAll")]
    let data = mac.secItemCopyMatching(all.adding(["r_Data": .bool(true)]).adding(Self.fileBased))
    #expect(data.status == .errSecParam)
    #expect(data.result == nil)
    let attributes = mac.secItemCopyMatching(
      all.adding(["r_Attributes": .bool(true)]).adding(Self.fileBased))
    #expect(attributes.status == .errSecSuccess)
    guard case .array(let items)? = attributes.result else {
      Issue.record("expected an array")
      return
    }
    #expect(items.count == 2, "kSecMatchLimitAll is unlimited (fact 38, the recorded choice)")
  }

  /// SecItem.cpp: "default is kSecReturnRef if no result types were specified".
  @Test func noReturnKeyOnTheFileBasedKeychainReturnsAnItemReference() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret()]))
    let outcome = mac.secItemCopyMatching(genp("alice").adding(Self.fileBased))
    #expect(outcome.status == .errSecSuccess)
    guard case .keychainItemReference(let reference)? = outcome.result else {
      Issue.record("expected a SecKeychainItemRef, got \(String(describing: outcome.result))")
      return
    }
    #expect(reference.keychain == "login keychain")
    // The reference is the item's: its persistent reference, as kSecReturnPersistentRef gives.
    let persistent = mac.secItemCopyMatching(
      genp("alice", ["r_PersistentRef": .bool(true)]).adding(Self.fileBased))
    #expect(persistent.result == .data(reference.persistentReference))
    #expect(outcome.explanation?.cause.contains("SecKeychainItemRef") == true)
  }

  @Test func searchesOfBothKeychainsMergeDataProtectionFirst() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret("file")]))
    mustAdd(mac, genp("alice", ["v_Data": secret("dp")]).adding(Self.dataProtection))
    let all = mac.secItemCopyMatching(
      genp("alice", ["m_Limit": .string("m_LimitAll"), "r_Attributes": .bool(true)]))
    guard case .array(let items)? = all.result, items.count == 2,
      case .dictionary(let first) = items[0], case .dictionary(let second) = items[1]
    else {
      Issue.record("expected two dictionaries, got \(String(describing: all.result))")
      return
    }
    #expect(first["agrp"] == .string("\(Self.team).shared"))
    #expect(second["agrp"] == nil)
    let one = mac.secItemCopyMatching(genp("alice", ["r_Data": .bool(true)]))
    #expect(one.result == secret("dp"), "a single result is the data protection keychain's")
  }

  @Test func updateAndDeleteReachBothKeychains() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret("file")]))
    mustAdd(mac, genp("alice", ["v_Data": secret("dp")]).adding(Self.dataProtection))
    let update = mac.secItemUpdate(genp("alice"), ["labl": .string("updated")])
    #expect(update.status == .errSecSuccess)
    for scope in [Self.dataProtection, Self.fileBased] {
      let read = mac.secItemCopyMatching(
        genp("alice", ["r_Attributes": .bool(true)]).adding(scope))
      guard case .dictionary(let attributes)? = read.result else {
        Issue.record("expected attributes")
        return
      }
      #expect(attributes["labl"] == .string("updated"))
    }
    #expect(mac.secItemDelete(genp("alice")).status == .errSecSuccess)
    #expect(try mac.listItems().isEmpty)
    #expect(mac.secItemDelete(genp("alice")).status == .errSecItemNotFound)
  }

  @Test func loginItemsStayReadableWhileTheMacIsLocked() throws {
    let mac = try Self.mac()
    #expect(mac.setPasscode("123456").succeeded)
    mustAdd(mac, genp("file", ["v_Data": secret()]))
    mustAdd(mac, genp("dp", ["v_Data": secret()]).adding(Self.dataProtection))
    #expect(mac.lock().succeeded)
    #expect(mac.advanceClock(by: .seconds(11)).succeeded)
    let file = mac.secItemCopyMatching(genp("file", ["r_Data": .bool(true)]))
    #expect(file.status == .errSecSuccess)
    let dp = mac.secItemCopyMatching(
      genp("dp", ["r_Data": .bool(true)]).adding(Self.dataProtection))
    #expect(dp.status == .errSecInteractionNotAllowed)
    // Without the flag both halves are searched, and SecItemMergeResults (SecItem.cpp) answers
    // with the file-based half's errSecItemNotFound when the data protection half fails.
    let both = mac.secItemCopyMatching(genp("dp", ["r_Data": .bool(true)]))
    #expect(both.status == .errSecItemNotFound)
    #expect(both.explanation?.fix?.contains("errSecInteractionNotAllowed (-25308)") == true)
  }

  @Test func aCatalystAppAlwaysUsesDataProtection() throws {
    let mac = try Self.mac()
    #expect(mac.setMacPersonality(.catalyst, of: "com.example.app").succeeded)
    mustAdd(mac, genp("alice", ["v_Data": secret()]).adding(Self.fileBased))
    #expect(try Self.keychains(mac) == ["data protection keychain"])
  }

  @Test func aDaemonHasOnlyTheSystemKeychain() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("user", ["v_Data": secret()]))
    #expect(mac.setMacPersonality(.daemon, of: "com.example.app").succeeded)
    let dp = mac.secItemAdd(genp("daemon", ["v_Data": secret()]).adding(Self.dataProtection))
    #expect(dp.status == .errSecNotAvailable)
    mustAdd(mac, genp("daemon", ["v_Data": secret()]))
    #expect(try Self.keychains(mac) == ["login keychain", "System keychain"])
    #expect(mac.secItemCopyMatching(genp("user")).status == .errSecItemNotFound)
    #expect(mac.setMacPersonality(.signed, of: "com.example.app").succeeded)
    #expect(mac.secItemCopyMatching(genp("daemon")).status == .errSecSuccess)
  }

  @Test func anAdHocAppKeepsOnlyItsKeychainAccessGroups() throws {
    let mac = try Self.mac()
    let tool = AppIdentity(bundleID: "com.example.tool", teamID: Self.team)
    #expect(mac.install(tool).succeeded)
    #expect(mac.useApp(tool.bundleID).succeeded)
    #expect(mac.setMacPersonality(.adHoc, of: tool.bundleID).succeeded)
    let dp = mac.secItemAdd(genp("tool", ["v_Data": secret()]).adding(Self.dataProtection))
    #expect(dp.status == .errSecMissingEntitlement)
    mustAdd(mac, genp("tool", ["v_Data": secret()]))
    #expect(try Self.keychains(mac) == ["login keychain"])
    // keychain-access-groups count without a profile (fact 40).
    #expect(mac.useApp("com.example.app").succeeded)
    #expect(mac.setMacPersonality(.adHoc, of: "com.example.app").succeeded)
    mustAdd(mac, genp("shared", ["v_Data": secret()]).adding(Self.dataProtection))
    let appGroup = mac.secItemAdd(
      genp("suite", ["v_Data": secret(), "agrp": .string("group.com.example.suite")])
        .adding(Self.dataProtection))
    #expect(appGroup.status == .errSecMissingEntitlement)
  }

  @Test func aSignedAppsGroupAppGroupIsAKeychainGroup() throws {
    let mac = try Self.mac()
    mustAdd(
      mac,
      genp("suite", ["v_Data": secret(), "agrp": .string("group.com.example.suite")])
        .adding(Self.dataProtection))
  }

  @Test func personalitiesAreForInstalledAppsOnAMac() throws {
    let mac = try Self.mac()
    #expect(mac.macPersonality(of: "com.example.app") == .signed)
    let unknown = mac.setMacPersonality(.daemon, of: "com.nobody")
    guard case .unknownApp? = unknown.refusal else {
      Issue.record("expected unknownApp, got \(unknown)")
      return
    }
    let phone = try makeDevice()
    #expect(phone.setMacPersonality(.daemon, of: "com.example.app").refusal == .notAMac(.iPhone))
    #expect(phone.macPersonality(of: "com.example.app") == nil)
  }

  @Test func anIPhoneHasOneKeychain() throws {
    let phone = try makeDevice()
    mustAdd(phone, genp("alice", ["v_Data": secret(), "nleg": .bool(false)]))
    #expect(try Self.keychains(phone) == [nil])
    let outcome = phone.secItemCopyMatching(genp("alice"))
    #expect(outcome.status == .errSecSuccess)
    #expect(outcome.explanation == nil)
  }
  @Test func anotherAppReadingALoginSecretIsAskedFirst() throws {
    let mac = try Self.mac()
    #expect(mac.setPasscode("123456").succeeded)
    let user = QueuedUser([.cancel, .enter("000000"), .enter("123456")])
    mac.userAgent = user
    mustAdd(mac, genp("alice", ["v_Data": secret()]))
    #expect(mac.secItemCopyMatching(genp("alice", readData)).status == .errSecSuccess)
    #expect(user.prompts.isEmpty, "the app that added the item is trusted")
    let other = AppIdentity(bundleID: "com.example.other", teamID: Self.team)
    #expect(mac.install(other).succeeded)
    #expect(mac.useApp(other.bundleID).succeeded)
    let attributes = mac.secItemCopyMatching(genp("alice", ["r_Attributes": .bool(true)]))
    #expect(attributes.status == .errSecSuccess)
    #expect(user.prompts.isEmpty, "attributes are read without the dialog")
    let denied = mac.secItemCopyMatching(genp("alice", readData))
    #expect(denied.status == .errSecAuthFailed)
    #expect(denied.result == nil)
    #expect(user.prompts.first?.reason?.contains("wants to use your confidential") == true)
    #expect(user.prompts.first?.app == "com.example.other")
    let wrongPassword = mac.secItemCopyMatching(genp("alice", readData))
    #expect(wrongPassword.status == .errSecAuthFailed)
    let allowed = mac.secItemCopyMatching(genp("alice", readData))
    #expect(allowed.status == .errSecSuccess)
    #expect(allowed.result == secret())
    #expect(user.prompts.count == 3)
  }

  @Test func aOneSidedMissSaysWhereTheItemIs() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("file", ["v_Data": secret()]))
    mustAdd(mac, genp("dp", ["v_Data": secret()]).adding(Self.dataProtection))
    let inLogin = mac.secItemCopyMatching(genp("file", readData).adding(Self.dataProtection))
    #expect(inLogin.status == .errSecItemNotFound)
    #expect(inLogin.explanation?.cause.contains("a matching item is in the login keychain") == true)
    #expect(inLogin.explanation?.fix?.contains("move the item once") == true)
    let inDP = mac.secItemCopyMatching(genp("dp", readData).adding(Self.fileBased))
    #expect(inDP.status == .errSecItemNotFound)
    #expect(
      inDP.explanation?.cause.contains("a matching item is in the data protection keychain")
        == true)
    let nowhere = mac.secItemCopyMatching(genp("nobody").adding(Self.dataProtection))
    #expect(nowhere.explanation?.cause.contains("a matching item") == false)
  }

  @Test(arguments: [
    (["tkid": SecValue.string("com.apple.setoken")], MacKeychainRoute.Target.dataProtection),
    (["agrp": .string("com.apple.token")], .dataProtection),
    (["accc": .null], .dataProtection),
    (["sync": .bool(false)], .both),
    (["sync": .string("syna")], .both),
    (["nleg": .number(0)], .fileBased),
    (["nleg": .bool(true), "sync": .bool(true)], .dataProtection),
    // SecItemCategorizeQuery returns on kSecUseDataProtectionKeychain before any other key.
    (["nleg": .bool(false), "sync": .bool(true)], .fileBased),
    (["nleg": .bool(false), "accc": .null], .fileBased),
    (["nleg": .bool(false), "tkid": .string("com.apple.setoken")], .fileBased),
    // readNumber: a string is its exact integer; anything else present is false.
    (["nleg": .string("1")], .dataProtection),
    (["nleg": .string("yes")], .fileBased),
    (["sync": .string("1")], .dataProtection),
    ([:], .both),
  ])
  func theShimRoutesByTheQuerysKeys(extra: SecQuery, target: MacKeychainRoute.Target) {
    #expect(MacKeychainRoute.route(genp().adding(extra), personality: .signed).target == target)
  }

  @Test(arguments: [
    (MacAppPersonality.catalyst, [:] as SecQuery, MacKeychainRoute.Target.dataProtection),
    (.catalyst, ["nleg": .bool(false)], .dataProtection),
    (.daemon, [:], .fileBased),
    (.daemon, ["nleg": .bool(true)], .dataProtection),
    (.adHoc, [:], .both),
  ])
  func thePersonalityDecidesFirst(
    personality: MacAppPersonality, extra: SecQuery, target: MacKeychainRoute.Target
  ) {
    #expect(MacKeychainRoute.route(genp().adding(extra), personality: personality).target == target)
  }
  @Test func keysThatDoNotApplyAreIgnoredByTheFileBasedKeychain() throws {
    let mac = try Self.mac()
    let added = mac.secItemAdd(
      genp("alice", ["v_Data": secret(), "m_Limit": .string("m_LimitOne")]).adding(Self.fileBased))
    #expect(added.status == .errSecSuccess)
    #expect(added.explanation?.cause.contains("kSecMatchLimit") == true)
    #expect(try Self.keychains(mac) == ["login keychain"], "the item is stored")
    let update = mac.secItemUpdate(
      genp("alice", ["r_Attributes": .bool(true)]).adding(Self.fileBased),
      ["labl": .string("new")])
    #expect(update.status == .errSecSuccess, "Apple's case 17: 0 on macOS")
    let delete = mac.secItemDelete(
      genp("alice", ["m_Limit": .string("m_LimitAll")]).adding(Self.fileBased))
    #expect(delete.status == .errSecSuccess)
    #expect(try mac.listItems().isEmpty)
    // The data protection keychain keeps iOS's rules.
    mustAdd(mac, genp("bob", ["v_Data": secret()]).adding(Self.dataProtection))
    let iOSUpdate = mac.secItemUpdate(
      genp("bob", ["r_Attributes": .bool(true)]).adding(Self.dataProtection),
      ["labl": .string("new")])
    #expect(iOSUpdate.status == .errSecParam)
  }

  // MARK: - kSecUseDataProtectionKeychain false and kSecAttrSynchronizable (issue 28 §1)

  /// The keychain each item named `account` is in, by what reaches it.
  static func places(_ mac: SimulatedDevice, _ account: String) -> [String] {
    var places: [String] = []
    if mac.secItemCopyMatching(genp(account).adding(fileBased)).status == .errSecSuccess {
      places.append("file")
    }
    if mac.secItemCopyMatching(genp(account, ["sync": .bool(true)]).adding(dataProtection))
      .status == .errSecSuccess
    {
      places.append("dp sync")
    }
    if mac.secItemCopyMatching(genp(account).adding(dataProtection)).status == .errSecSuccess {
      places.append("dp")
    }
    return places
  }

  @Test func anAddWithTheFlagFalseAndSyncTrueIsAPlainLoginItem() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret(), "sync": .bool(true)]).adding(Self.fileBased))
    #expect(try Self.keychains(mac) == ["login keychain"])
    #expect(Self.places(mac, "alice") == ["file"])
  }

  @Test func updatingSyncOnMovesALoginItemIntoTheDataProtectionKeychain() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret("pw"), "labl": .string("old")]))
    let update = mac.secItemUpdate(
      genp("alice"), ["sync": .bool(true), "labl": .string("new")])
    #expect(update.status == .errSecSuccess)
    #expect(update.explanation?.cause.contains("SecItemChangeSynchronizability") == true)
    #expect(Self.places(mac, "alice") == ["dp sync"])
    #expect(try Self.keychains(mac) == ["data protection keychain"])
    let moved = mac.secItemCopyMatching(
      genp("alice", ["sync": .bool(true), "r_Attributes": .bool(true), "r_Data": .bool(true)])
        .adding(Self.dataProtection))
    guard case .dictionary(let item)? = moved.result else {
      Issue.record("expected the moved item, got \(String(describing: moved.result))")
      return
    }
    #expect(item["v_Data"] == secret("pw"), "the data is copied")
    #expect(item["labl"] == .string("new"), "the attributes to update are applied")
    #expect(item["agrp"] == .string("\(Self.team).shared"), "the app's default group")
  }

  @Test func updatingSyncOffMovesASynchronizableItemIntoTheLoginKeychain() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret("pw"), "sync": .bool(true)]))
    let update = mac.secItemUpdate(genp("alice", ["sync": .bool(true)]), ["sync": .bool(false)])
    #expect(update.status == .errSecSuccess)
    #expect(Self.places(mac, "alice") == ["file"])
    let data = mac.secItemCopyMatching(
      genp("alice", ["r_Data": .bool(true)]).adding(Self.fileBased))
    #expect(data.result == secret("pw"))
  }

  @Test func withTheFlagTrueAnUpdateNeverMovesTheItem() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret()]).adding(Self.dataProtection))
    let update = mac.secItemUpdate(
      genp("alice").adding(Self.dataProtection), ["sync": .bool(true)])
    #expect(update.status == .errSecSuccess)
    #expect(Self.places(mac, "alice") == ["dp sync"])
    let back = mac.secItemUpdate(
      genp("alice", ["sync": .bool(true)]).adding(Self.dataProtection), ["sync": .bool(false)])
    #expect(back.status == .errSecSuccess)
    #expect(Self.places(mac, "alice") == ["dp"])
  }

  @Test func aMoveThatCannotAddLeavesTheLoginItemWhereItWas() throws {
    let mac = try Self.mac()
    let tool = AppIdentity(bundleID: "com.example.tool", teamID: Self.team)
    #expect(mac.install(tool).succeeded)
    #expect(mac.useApp(tool.bundleID).succeeded)
    #expect(mac.setMacPersonality(.adHoc, of: tool.bundleID).succeeded)
    mustAdd(mac, genp("tool", ["v_Data": secret()]))
    let update = mac.secItemUpdate(genp("tool"), ["sync": .bool(true)])
    #expect(update.status == .errSecMissingEntitlement, "the add's status, not ignored")
    #expect(try Self.keychains(mac) == ["login keychain"])
  }

  @Test func aMoveOntoAnExistingSynchronizableItemUpdatesItAndDeletesTheLoginCopy() throws {
    let mac = try Self.mac()
    mustAdd(mac, genp("alice", ["v_Data": secret("login")]))
    mustAdd(mac, genp("alice", ["v_Data": secret("synced"), "sync": .bool(true)]))
    let update = mac.secItemUpdate(genp("alice"), ["sync": .bool(true), "labl": .string("l")])
    #expect(update.status == .errSecSuccess)
    #expect(Self.places(mac, "alice") == ["dp sync"])
    let synced = mac.secItemCopyMatching(
      genp("alice", ["sync": .bool(true), "r_Attributes": .bool(true), "r_Data": .bool(true)]))
    guard case .dictionary(let item)? = synced.result else {
      Issue.record("expected one item, got \(String(describing: synced.result))")
      return
    }
    #expect(item["labl"] == .string("l"))
    #expect(item["v_Data"] == secret("synced"), "SecItemUpdate_ios applies only the changes")
  }
}
