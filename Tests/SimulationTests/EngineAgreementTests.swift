import Foundation
import Keychain
import Testing

@testable import Simulation

/// The simulator judges reads with `AttemptEvaluator` on `SecurityState` (fast); this suite
/// replays generated timelines through the real engine (`SimulatedDevice`, fast KDF) and
/// checks that every background read gets the status the evaluator predicts.
@Suite struct EngineAgreementTests {
  let appSpec: AppSpec

  init() throws {
    appSpec = try spec(
      """
      item a accessible=WhenUnlocked
      item c accessible=AfterFirstUnlock
      item d accessible=AlwaysThisDeviceOnly
      item p accessible=WhenPasscodeSetThisDeviceOnly
      item bio accessible=AfterFirstUnlockThisDeviceOnly access-control=biometryCurrentSet
      item presence accessible=WhenUnlocked access-control=userPresence
      work push kind=silent-push reads=a,c,d,p,bio,presence per-day=40
      """)
  }

  func query(_ name: String) -> SecQuery {
    ["class": .string("genp"), "acct": .string(name), "svce": .string("simulate")]
  }

  func addItems(to device: SimulatedDevice) throws {
    for item in appSpec.items {
      var add = query(item.name)
      add["v_Data"] = .data(Data("value of \(item.name)".utf8))
      if let flags = item.accessControl {
        add["accc"] = .accessControl(
          try SecAccessControl.create(protection: item.protection.rawValue, flags: flags))
      } else {
        add["pdmn"] = .string(item.protection.rawValue)
      }
      _ = device.secItemAdd(add)  // refused without a passcode: the reads then say so
    }
  }

  @Test(arguments: 0..<5)
  func theEvaluatorPredictsTheEnginesStatus(phone: Int) throws {
    var profile = quietProfile(passcodeShare: 0.6)
    profile.biometryShare = 0.8
    profile.unlocksPerDay = 12
    profile.updateIntervalDays = 2
    profile.restartIntervalDays = 2
    profile.enrolmentChangeIntervalDays = 1.5
    var random = SeededGenerator.forPhone(phone, seed: 2026)
    let timeline = PhoneTimeline.generate(
      profile: profile, work: appSpec.work, days: 2, random: &random)

    let device = try SimulatedDevice(options: .init(kdfProfile: .fast))
    let passcode = "246810"
    if timeline.hasPasscode { #expect(device.setPasscode(passcode).succeeded) }
    if timeline.hasBiometry { #expect(device.enrollBiometry("face").succeeded) }
    try addItems(to: device)
    let generation = device.securityState.biometry.domainGeneration
    #expect(device.lock().succeeded)
    device.appState = .background
    var face = "face"
    var compared = 0

    for entry in timeline.entries {
      let now = device.securityState.clock.now.milliseconds
      if entry.milliseconds > now {
        #expect(device.advanceClock(by: .milliseconds(entry.milliseconds - now)).succeeded)
      }
      let unlocked = device.securityState.lock == .unlocked
      switch entry.event {
      case .unlock:
        #expect(device.unlock(passcode: timeline.hasPasscode ? passcode : nil).succeeded)
      case .lock:
        if unlocked { #expect(device.lock().succeeded) }
      case .reboot:
        #expect(device.reboot().succeeded)
      case .powerOff:
        Issue.record("this profile has no battery deaths")
      case .enrolmentChange:
        guard unlocked else { continue }
        #expect(device.removeBiometry(face).succeeded)
        face += "+"
        #expect(device.enrollBiometry(face).succeeded)
      case .attempt(let workIndex):
        let work = appSpec.work[workIndex]
        for name in work.reads {
          let item = try #require(appSpec.item(named: name))
          let predicted = AttemptEvaluator.failure(
            reading: item, in: work, state: device.securityState, itemGeneration: generation)
          var read = query(name)
          read["r_Data"] = .bool(true)
          let status = device.secItemCopyMatching(read).status
          #expect(
            status == (predicted?.status ?? .errSecSuccess),
            "\(name) at \(entry.milliseconds) ms, \(device.securityState.lock): engine \(status)")
          compared += 1
        }
      }
    }
    #expect(compared > 60)
  }
}
