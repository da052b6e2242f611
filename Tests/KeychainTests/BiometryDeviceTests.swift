import Foundation
import Testing

@testable import Devices
@testable import Keychain

/// Biometry on the device: enrolments and the lock-screen unlock.
@Suite struct BiometryDeviceTests {
  @Test func enrollingNeedsAPasscode() throws {
    let device = try makeDevice()
    let outcome = device.enrollBiometry("alice")
    #expect(!outcome.succeeded)
    #expect(outcome.refusal == .biometryRule(.noPasscode))
  }

  @Test func aBiometricUnlockReloadsClassAKeysAfterTheGracePeriod() throws {
    let user = QueuedUser([.match])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(["pdmn": .string("ak"), "v_Data": secret()]))
    _ = device.lock()
    _ = device.advanceClock(by: .hours(3))
    #expect(
      device.secItemCopyMatching(genp().adding(readData)).status == .errSecInteractionNotAllowed)
    #expect(device.unlockWithBiometry().succeeded)
    #expect(device.state.lock == .unlocked)
    #expect(device.secItemCopyMatching(genp().adding(readData)).result == secret())
    #expect(user.prompts.map(\.kind) == [.faceID])
    #expect(user.prompts.first?.app == nil)
  }

  @Test func afterARebootTheLockScreenWantsThePasscode() throws {
    let user = QueuedUser([.match])
    let device = try makeBiometricDevice(user: user)
    _ = device.reboot()
    let outcome = device.unlockWithBiometry()
    #expect(!outcome.succeeded)
    #expect(user.prompts.isEmpty)
    #expect(device.state.lock == .beforeFirstUnlock)
  }

  @Test func failedUnlocksCountAndLockOut() throws {
    let user = QueuedUser(Array(repeating: .fail, count: 5))
    let device = try makeBiometricDevice(type: .touchID, user: user)
    _ = device.lock()
    for _ in 0..<5 { #expect(!device.unlockWithBiometry().succeeded) }
    #expect(device.state.biometry.isLockedOut)
    user.answers = [.match]
    #expect(!device.unlockWithBiometry().succeeded)
    #expect(user.answers.count == 1, "no prompt while locked out")
    #expect(device.unlock(passcode: "123456").succeeded)
    #expect(!device.state.biometry.isLockedOut)
  }

  @Test func removingThePasscodeRemovesEnrolments() throws {
    let device = try makeBiometricDevice(["alice", "bob"])
    #expect(device.removePasscode(current: "123456").succeeded)
    #expect(device.state.biometry.enrolled.isEmpty)
  }

  @Test func showDeviceShowsBiometry() throws {
    let device = try makeBiometricDevice(["alice"])
    #expect(device.state.biometry.type == .faceID)
    #expect(device.state.biometry.enrolled == ["alice"])
    device.appState = .background
    #expect(device.state.appState == .background)
  }

  @Test func biometryStateSurvivesTheDeviceFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("biometry-\(UUID().uuidString).ksim").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let device = try SimulatedDevice(options: .init(kdfProfile: .fast, path: path))
      _ = device.setPasscode("123456")
      _ = device.enrollBiometry("alice")
    }
    let reopened = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    #expect(reopened.state.biometry.enrolled == ["alice"])
  }
}
