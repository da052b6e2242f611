import Foundation
import Testing

@testable import Keychain
@testable import KeychainEngine

/// docs/evidence.md §5: default group, search scope, explicit groups, no entitlements.
@Suite struct AccessGroupTests {
  static let shared = AppIdentity(
    bundleID: "com.example.app", teamID: "ABCDE12345",
    keychainAccessGroups: ["$(AppIdentifierPrefix)com.example.shared"],
    appGroups: ["group.com.example"])

  @Test func accessGroupsFollowSecuritysOrder() {
    #expect(
      Self.shared.accessGroups == [
        "ABCDE12345.com.example.shared", "ABCDE12345.com.example.app", "group.com.example",
      ])
    #expect(AppIdentity.example.accessGroups == ["ABCDE12345.com.example.app"])
  }

  /// The default group and whether there is any, read without building the list, are the
  /// list's first group and its non-emptiness, whatever the entitlements: the token group
  /// first, alone or repeated, duplicates across the lists, no application identifier.
  @Test func defaultGroupIsTheFirstOfTheList() {
    let token = AppIdentity.tokenGroup
    let applicationIdentifier = "ABCDE12345.com.example.app"
    let lists: [[String]] = [
      [], [token], [token, token], [token, "a"], ["a", token], ["a", "a"],
      [applicationIdentifier], [token, applicationIdentifier],
    ]
    var checked = 0
    for keychainGroups in lists {
      for appGroups in lists {
        for hasApplicationIdentifier in [true, false] {
          let app = AppIdentity(
            bundleID: "com.example.app", teamID: "ABCDE12345",
            keychainAccessGroups: keychainGroups, appGroups: appGroups,
            hasApplicationIdentifier: hasApplicationIdentifier)
          #expect(app.defaultAccessGroup == app.accessGroups.first, "\(app)")
          #expect(app.hasAccessGroups == !app.accessGroups.isEmpty, "\(app)")
          checked += 1
        }
      }
    }
    #expect(checked == 128)
  }

  @Test func addWithoutGroupUsesTheFirstGroup() throws {
    let device = try makeDevice(caller: Caller(app: Self.shared))
    let added = device.secItemAdd(genp().adding(["v_Data": secret(), "r_Attributes": .bool(true)]))
    guard case .dictionary(let attributes)? = added.result else {
      Issue.record("no attributes")
      return
    }
    #expect(attributes["agrp"] == .string("ABCDE12345.com.example.shared"))
  }

  @Test func queriesWithoutGroupSearchEveryGroup() throws {
    let device = try makeDevice(caller: Caller(app: Self.shared))
    mustAdd(device, genp("a").adding(["agrp": .string("group.com.example"), "v_Data": secret()]))
    mustAdd(device, genp("b").adding(["v_Data": secret()]))
    let all = device.secItemCopyMatching([
      "class": passwordClass, "m_Limit": .string("m_LimitAll"), "r_Attributes": .bool(true),
    ])
    guard case .array(let items)? = all.result else {
      Issue.record("expected an array")
      return
    }
    #expect(items.count == 2)
  }

  @Test(
    "explicit group outside the entitlements → -34018 on all four calls",
    arguments: ["add", "copy", "update", "updateAttributes", "delete"])
  func explicitGroupNotEntitled(call: String) throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let other: SecQuery = ["agrp": .string("ZZZZZ.other")]
    let outcome: SecItemOutcome
    switch call {
    case "add": outcome = device.secItemAdd(genp("n").adding(other))
    case "copy": outcome = device.secItemCopyMatching(genp().adding(other))
    case "update": outcome = device.secItemUpdate(genp().adding(other), ["labl": .string("x")])
    case "updateAttributes": outcome = device.secItemUpdate(genp(), other)
    default: outcome = device.secItemDelete(genp().adding(other))
    }
    #expect(outcome.status == .errSecMissingEntitlement)
    #expect(outcome.groupRefusal?.group == "ZZZZZ.other")
  }

  @Test func explicitGroupGivenAsDataIsCheckedToo() throws {
    let device = try makeDevice()
    let query = genp().adding(["agrp": .data(Data("ZZZZZ.other".utf8)), "v_Data": secret()])
    #expect(device.secItemAdd(query).status == .errSecMissingEntitlement)
  }

  @Test func noEntitlementsAtAll() throws {
    let app = AppIdentity(bundleID: "tool", teamID: "X", hasApplicationIdentifier: false)
    let device = try makeDevice(caller: Caller(app: app))
    #expect(device.secItemAdd(genp()).status == .errSecMissingEntitlement)
    #expect(device.secItemCopyMatching(genp()).status == .errSecMissingEntitlement)
    #expect(
      device.secItemUpdate(genp(), ["labl": .string("x")]).status == .errSecMissingEntitlement)
    #expect(device.secItemDelete(genp()).status == .errSecMissingEntitlement)
  }

  @Test func anotherAppsItemsAreInvisible() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    try device.setCaller(
      Caller(app: AppIdentity(bundleID: "com.other.app", teamID: "ZZZZZ99999")))
    #expect(device.secItemCopyMatching(genp()).status == .errSecItemNotFound)
    #expect(device.secItemDelete(genp()).status == .errSecItemNotFound)
    try device.setCaller(.default)
    #expect(device.secItemCopyMatching(genp()).status == .errSecSuccess)
  }

  @Test func tokenGroupIsReadOnly() throws {
    let app = AppIdentity(
      bundleID: "com.example.app", teamID: "ABCDE12345", keychainAccessGroups: ["com.apple.token"])
    let device = try makeDevice(caller: Caller(app: app))
    let token = genp().adding(["agrp": .string("com.apple.token")])
    #expect(device.secItemAdd(token).status == .errSecMissingEntitlement)
    #expect(device.secItemDelete(token).status == .errSecMissingEntitlement)
    #expect(device.secItemCopyMatching(token).status == .errSecItemNotFound)
  }
}
