import DeviceState
import Foundation
import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain

/// Several devices: adding, switching, one clock for all, and Apple Account settings.
@Suite struct DeviceFleetTests {
  static func fleet() throws -> DeviceFleet {
    DeviceFleet(first: try makeDevice(), kdfProfile: .fast)
  }

  @Test func aFleetStartsWithTheOneIPhone() throws {
    let fleet = try Self.fleet()
    #expect(fleet.names == ["iPhone"])
    #expect(fleet.current.platform == .iPhone)
    #expect(fleet.currentAccount == .signedOut)
  }

  @Test func addedDevicesHaveTheirOwnKeychainAndState() throws {
    let fleet = try Self.fleet()
    let phone = fleet.current
    #expect(phone.setPasscode("123456").succeeded)
    mustAdd(phone, genp("alice", ["v_Data": secret()]))
    try fleet.addDevice(named: "watch", platform: .watch)
    #expect(fleet.current === phone, "adding a device does not switch to it")
    #expect(try fleet.use("watch").succeeded)
    let watch = fleet.current
    #expect(watch.platform == .watch)
    #expect(!watch.state.passcodeSet)
    #expect(watch.secItemCopyMatching(genp("alice")).status == .errSecItemNotFound)
    #expect(try fleet.use("iPhone").succeeded)
    #expect(fleet.current.secItemCopyMatching(genp("alice")).status == .errSecSuccess)
  }

  @Test(arguments: [
    (DevicePlatform.iPhone, BiometryType.faceID), (.iPad, .faceID), (.mac, .touchID),
    (.watch, .none), (.android, .none),
  ])
  func aNewDevicesBiometryFollowsItsKind(platform: DevicePlatform, biometry: BiometryType) throws {
    let fleet = try Self.fleet()
    try fleet.addDevice(named: "other", platform: platform)
    #expect(try fleet.member(named: "other").device.state.biometry.type == biometry)
  }

  @Test func waitingMovesEveryClockAndLateDevicesCatchUp() throws {
    let fleet = try Self.fleet()
    #expect(fleet.advanceClock(by: .seconds(3600)).succeeded)
    try fleet.addDevice(named: "mac", platform: .mac)
    let mac = try fleet.member(named: "mac").device
    #expect(mac.state.now == fleet.current.state.now)
    #expect(fleet.advanceClock(by: .seconds(60)).succeeded)
    #expect(mac.state.now == fleet.current.state.now)
    #expect(mac.state.now.milliseconds == 3_660_000)
  }

  @Test func waitingDiscardsClassAKeysOnEveryLockedDevice() throws {
    let fleet = try Self.fleet()
    try fleet.addDevice(named: "ipad", platform: .iPad)
    let ipad = try fleet.member(named: "ipad").device
    #expect(ipad.setPasscode("2468").succeeded)
    #expect(ipad.lock().succeeded)
    let outcome = fleet.advanceClock(by: .seconds(11))
    #expect(outcome.succeeded)
    #expect(!ipad.state.availableClasses.contains(.ak))
    #expect(outcome.summary.contains("class keys discarded on ipad too"))
  }

  @Test func namesAreCheckedAndUnknownNamesListTheKnownOnes() throws {
    let fleet = try Self.fleet()
    #expect(throws: FleetError.nameTaken("iPhone")) {
      try fleet.addDevice(named: "iPhone", platform: .iPhone)
    }
    #expect(throws: FleetError.invalidName("my phone")) {
      try fleet.addDevice(named: "my phone", platform: .iPhone)
    }
    #expect(throws: FleetError.unknownDevice(name: "ghost", known: ["iPhone"])) {
      try fleet.use("ghost")
    }
  }

  @Test func iCloudKeychainNeedsAnAccountAndSignOutTurnsItOff() throws {
    let fleet = try Self.fleet()
    #expect(fleet.setICloudKeychain(true).refusal == .notSignedIn)
    #expect(fleet.signIn("alice@icloud.com").succeeded)
    #expect(!fleet.currentAccount.iCloudKeychain, "signing in does not turn it on")
    #expect(fleet.setICloudKeychain(true).succeeded)
    #expect(fleet.syncingMembers(of: "alice@icloud.com").map(\.name) == ["iPhone"])
    #expect(
      fleet.signIn("bob@icloud.com").refusal
        == .signedIntoAnotherAccount(current: "alice@icloud.com"))
    #expect(fleet.signOut().succeeded)
    #expect(fleet.currentAccount == .signedOut)
    #expect(fleet.syncingMembers(of: "alice@icloud.com").isEmpty)
  }

  @Test func anAndroidPhoneHasNoICloud() throws {
    let fleet = try Self.fleet()
    try fleet.addDevice(named: "pixel", platform: .android)
    _ = try fleet.use("pixel")
    #expect(fleet.signIn("alice@icloud.com").refusal == .noICloud(.android))
  }

  @Test func thePlatformSurvivesAReopen() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("fleet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("mac.kcsim").path
    _ = try SimulatedDevice(options: .init(kdfProfile: .fast, path: path, platform: .mac))
    let reopened = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    #expect(reopened.platform == .mac)
  }
}
