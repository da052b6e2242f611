import Foundation
import Keychain
import Testing

@testable import Simulation

/// The simulator judges reads with `AttemptEvaluator` on `SecurityState` (fast); these replay
/// generated phones through the real engine (`SimulatedDevice`, fast KDF) and require every
/// background read to get the status the simulation predicted.
@Suite struct EngineAgreementTests {
  static let appSpec = """
    item a accessible=WhenUnlocked
    item c accessible=AfterFirstUnlock
    item d accessible=AlwaysThisDeviceOnly
    item p accessible=WhenPasscodeSetThisDeviceOnly
    item bio accessible=AfterFirstUnlockThisDeviceOnly access-control=biometryCurrentSet
    item presence accessible=WhenUnlocked access-control=userPresence
    work push kind=silent-push reads=a,c,d,p,bio,presence per-day=30
    work widget kind=widget reads=c,a per-day=8
    work nse kind=notification-service reads=c access-group=no per-day=4
    """

  /// Every kind of event, often: reboots of each cause, a new face, idle days and power-offs.
  static var eventfulProfile: UsageProfile {
    var profile = UsageProfile.typical
    profile.passcodeShare = 0.6
    profile.biometryShare = 0.8
    profile.unlocksPerDay = 10
    profile.updateIntervalDays = 2
    profile.restartIntervalDays = 2
    profile.batteryDeathIntervalDays = 2
    profile.enrolmentChangeIntervalDays = 1
    profile.idleDayShare = 0.3
    profile.inactivityRebootHours = 30
    return profile
  }

  @Test(arguments: [UInt64(2026), 7])
  func theSimulationPredictsTheEnginesStatusForEveryRead(seed: UInt64) throws {
    let simulator = PopulationSimulator(
      spec: try spec(Self.appSpec), profile: Self.eventfulProfile, phones: 3, days: 3,
      seed: seed)
    let check = try simulator.checkAgainstEngine(phones: 3)
    #expect(check.phones == 3)
    #expect(check.reads > 100)
    #expect(check.disagreements == [])
  }

  @Test func aWrongPredictionIsReported() throws {
    // The same check against a spec whose simulation is told the wrong class: the engine
    // stores what the spec says, so a broken evaluator would show up exactly like this.
    var profile = Self.eventfulProfile
    profile.passcodeShare = 1
    let simulator = PopulationSimulator(
      spec: try spec(Self.appSpec), profile: profile, phones: 1, days: 2, seed: 3)
    var replay = try simulator.makeReplay().replay
    replay = PhoneReplay(
      spec: replay.spec, fixed: replay.fixed, profile: replay.profile,
      reads: replay.reads.map { reads in
        reads.map { read in
          var lying = read.item
          if lying.protection == .ak { lying.protection = .dk }
          return (read.row, lying, read.fixedItem)
        }
      })
    var check = EngineCrossCheck()
    try check.check(phone: 0, of: simulator, replay: replay)
    #expect(!check.disagreements.isEmpty)
    #expect(check.disagreements.allSatisfy { $0.contains("reads a: engine -25308, simulation 0") })
  }
}
