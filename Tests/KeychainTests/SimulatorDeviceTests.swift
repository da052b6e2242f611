import DeviceState
import Foundation
import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain

/// The iOS Simulator kind (docs/fidelity.md, "The iOS Simulator"): no passcode can be set, so
/// a WhenUnlocked item stays readable after a lock, hours later and after a restart, where
/// the iPhone beside it refuses the read.
@Suite struct SimulatorDeviceTests {
  @Test func theSimulatorRefusesAPasscodeAndSaysWhy() throws {
    let fleet = DeviceFleet(first: try makeDevice(), kdfProfile: .fast)
    try fleet.addDevice(named: "sim", platform: .simulator)
    let simulator = try fleet.member(named: "sim").device
    let outcome = simulator.setPasscode("123456")
    #expect(!outcome.succeeded)
    #expect(outcome.refusal == .noPasscodeSetting(.simulator))
    #expect(!simulator.state.passcodeSet)
    #expect(simulator.state.biometry.type == .faceID)
    #expect(!DevicePlatform.simulator.hasModelledBackup)
  }

  @Test func itsFaceIDMenuIsNotModelledAndSaysSo() throws {
    let fleet = DeviceFleet(first: try makeDevice(), kdfProfile: .fast)
    try fleet.addDevice(named: "sim", platform: .simulator)
    let simulator = try fleet.member(named: "sim").device
    let outcome = simulator.enrollBiometry("alice")
    #expect(outcome.refusal == .simulatorBiometryNotModelled)
    #expect(outcome.explanation?.cause.contains("Features > Face ID > Enrolled") == true)
    #expect(simulator.state.biometry.enrolled.isEmpty)
  }

  @Test func theSameReadPassesOnTheSimulatorAndFailsOnTheIPhone() throws {
    let fleet = DeviceFleet(first: try makeDeviceWithPasscode(), kdfProfile: .fast)
    try fleet.addDevice(named: "sim", platform: .simulator)
    let phone = fleet.current
    let simulator = try fleet.member(named: "sim").device
    for device in [phone, simulator] {
      mustAdd(device, genp("token", [SecQueryKey.valueData.rawValue: secret()]))
      #expect(device.lock().succeeded)
    }
    #expect(fleet.advanceClock(by: .seconds(3 * 3600)).succeeded)
    let read = genp("token", [SecQueryKey.returnData.rawValue: .bool(true)])
    #expect(simulator.secItemCopyMatching(read).status == .errSecSuccess)
    #expect(phone.secItemCopyMatching(read).status == .errSecInteractionNotAllowed)
    #expect(simulator.reboot().succeeded)
    #expect(simulator.secItemCopyMatching(read).status == .errSecSuccess)
  }
}
