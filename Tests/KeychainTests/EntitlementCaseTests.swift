import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// docs/evidence.md §9 cases 11–16 (`secdxctests/KeychainEntitlementsTest.m`), played through the
/// app lifecycle: "entitlements changed" is an app update (`install` of an installed app).
@Suite struct EntitlementCaseTests {
  static let team = "ABCDE12345"
  static let group = "ABCDE12345.com.example.myaccessgroup"
  static let plain = AppIdentity(bundleID: "com.example.app", teamID: team)
  static let entitled = AppIdentity(
    bundleID: "com.example.app", teamID: team, keychainAccessGroups: [group])

  /// `device` with `app` installed (or updated) and making the calls.
  static func device(as app: AppIdentity) throws -> SimulatedDevice {
    let device = try makeDevice()
    #expect(device.install(app).succeeded)
    #expect(device.useApp(app.bundleID).succeeded)
    return device
  }

  enum Call: String, CaseIterable {
    case add, copyMatching, update, delete

    func run(
      _ device: SimulatedDevice, _ query: SecQuery, update: SecQuery = ["labl": .string("n")]
    )
      -> OSStatus
    {
      switch self {
      case .add: device.secItemAdd(query.adding(["v_Data": secret()])).status
      case .copyMatching: device.secItemCopyMatching(query).status
      case .update: device.secItemUpdate(query, update).status
      case .delete: device.secItemDelete(query).status
      }
    }
  }

  @Test("case 11: no entitlements → -34018 on every call", arguments: Call.allCases)
  func case11NoEntitlements(call: Call) throws {
    let tests = AppIdentity(
      bundleID: "com.example.tests", teamID: Self.team,
      hasApplicationIdentifier: false)
    let device = try Self.device(as: tests)
    #expect(device.caller.accessGroups.isEmpty)
    let outcome = call.run(device, genp())
    #expect(outcome == .errSecMissingEntitlement)
  }

  @Test func case11ExplanationNamesTheUsualCause() throws {
    let device = try Self.device(
      as: AppIdentity(
        bundleID: "com.example.tests", teamID: Self.team,
        hasApplicationIdentifier: false))
    #expect(
      device.secItemAdd(genp()).failure
        == .noEntitlements(bundleID: "com.example.tests", function: .add))
  }

  @Test func case12ApplicationIdentifierAsExplicitGroup() throws {
    let device = try Self.device(as: Self.plain)
    let query = genp().adding(["agrp": .string("ABCDE12345.com.example.app")])
    #expect(device.secItemCopyMatching(query).status == .errSecItemNotFound)
    #expect(device.secItemAdd(query).status == .errSecSuccess)
    #expect(device.secItemDelete(query).status == .errSecSuccess)
  }

  @Test(
    "case 13: the first group is the default for SecItemAdd",
    arguments: [
      (AppIdentity(bundleID: "com.example.app", teamID: team), "ABCDE12345.com.example.app"),
      (entitled, group),
      (
        AppIdentity(bundleID: "com.example.app", teamID: team, appGroups: ["group.com.example"]),
        "ABCDE12345.com.example.app"
      ),
    ])
  func case13FirstGroupIsDefault(app: AppIdentity, expected: String) throws {
    let device = try Self.device(as: app)
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let found = device.secItemCopyMatching(genp().adding(["r_Attributes": .bool(true)]))
    guard case .dictionary(let attributes)? = found.result else {
      Issue.record("no attributes: \(found.status)")
      return
    }
    #expect(attributes["agrp"] == .string(expected))
  }

  @Test("case 14: the token group is never writable", arguments: [Call.add, .delete])
  func case14TokenGroupWrite(call: Call) throws {
    let app = AppIdentity(
      bundleID: "com.example.app", teamID: Self.team, keychainAccessGroups: ["com.apple.token"])
    let device = try Self.device(as: app)
    let outcome = call.run(device, genp().adding(["agrp": .string("com.apple.token")]))
    #expect(outcome == .errSecMissingEntitlement)
  }

  @Test("case 15: an explicit group the app lacks → -34018", arguments: Call.allCases)
  func case15ExplicitGroupLacking(call: Call) throws {
    let device = try Self.device(as: Self.plain)
    let outcome = call.run(device, genp().adding(["agrp": .string(Self.group)]))
    #expect(outcome == .errSecMissingEntitlement)
  }

  @Test func case15AfterTheEntitlementIsRemoved() throws {
    let device = try Self.device(as: Self.entitled)
    let query = genp().adding(["agrp": .string(Self.group)])
    mustAdd(device, query.adding(["v_Data": secret()]))
    #expect(device.secItemCopyMatching(query).status == .errSecSuccess)
    #expect(device.install(Self.plain).succeeded)  // an update without the group
    #expect(device.secItemCopyMatching(query).status == .errSecMissingEntitlement)
    let move = device.secItemUpdate(genp(), ["agrp": .string("ABCDE12345.other")])
    #expect(move.status == .errSecMissingEntitlement)
    #expect(device.install(Self.entitled).succeeded)
    #expect(device.secItemDelete(query).status == .errSecSuccess)
  }

  @Test(
    "case 16: items in a group the app lost are invisible",
    arguments: [Call.copyMatching, .update, .delete])
  func case16ImplicitGroupLacking(call: Call) throws {
    let device = try Self.device(as: Self.entitled)
    mustAdd(device, genp().adding(["agrp": .string(Self.group), "v_Data": secret()]))
    #expect(device.install(Self.plain).succeeded)
    #expect(call.run(device, genp()) == .errSecItemNotFound)
    #expect(device.install(Self.entitled).succeeded)
    #expect(call.run(device, genp()) == .errSecSuccess)
  }
}
