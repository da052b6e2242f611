import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// The device itself refuses a SecItem call no program could make, so a library user calling
/// the device directly meets the same rule as the scenario runner.
@Suite struct DeviceCallRefusalTests {
  private static let query: SecQuery = [
    "class": .string("genp"), "acct": .string("a"), "v_Data": .data(Data("s".utf8)),
  ]

  @Test func anAndroidPhoneHasNoSecItem() throws {
    let phone = try SimulatedDevice(options: .init(kdfProfile: .fast, platform: .android))
    for outcome in [
      phone.secItemAdd(Self.query), phone.secItemCopyMatching(Self.query),
      phone.secItemUpdate(Self.query, ["labl": .string("l")]), phone.secItemDelete(Self.query),
    ] {
      let refusal = try #require(outcome.callRefusal)
      #expect(refusal.reason == "an Android phone has no SecItem API")
      #expect(refusal.advice.contains("createKeychain"))
      #expect(outcome.status == .errSecUnimplemented)
    }
  }

  @Test func aDeletedAppCannotCallAndNothingIsStored() throws {
    let phone = try SimulatedDevice(options: .init(kdfProfile: .fast))
    #expect(phone.secItemAdd(Self.query).status == .errSecSuccess)
    let notes = AppIdentity(bundleID: "com.example.notes", teamID: "ABCDE12345")
    #expect(phone.install(notes).succeeded)
    #expect(phone.useApp("com.example.notes").succeeded)
    _ = phone.uninstall(bundleID: "com.example.notes")
    let refused = phone.secItemDelete(["class": .string("genp")])
    #expect(refused.callRefusal?.reason.contains("com.example.notes is not installed") == true)
    #expect(phone.callRefusal == refused.callRefusal)
    // Back to an installed app: the call runs, and the refused delete removed nothing.
    #expect(phone.useApp("com.example.app").succeeded)
    #expect(phone.callRefusal == nil)
    #expect(phone.secItemCopyMatching(["class": .string("genp")]).status == .errSecSuccess)
  }

  @Test func everyAppleDeviceRunsTheCall() throws {
    for platform in [DevicePlatform.iPhone, .iPad, .watch, .mac] {
      let device = try SimulatedDevice(options: .init(kdfProfile: .fast, platform: platform))
      let outcome = device.secItemAdd(Self.query)
      #expect(outcome.callRefusal == nil, "\(platform)")
      #expect(outcome.status == .errSecSuccess, "\(platform)")
    }
  }
}
