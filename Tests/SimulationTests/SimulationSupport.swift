import Keychain
import Simulation

/// A profile with no reboots of any kind and no enrolment changes, to isolate one effect.
func quietProfile(passcodeShare: Double = 1) -> UsageProfile {
  var profile = UsageProfile.typical
  profile.passcodeShare = passcodeShare
  profile.updateIntervalDays = 0
  profile.restartIntervalDays = 0
  profile.batteryDeathIntervalDays = 0
  profile.inactivityRebootHours = 0
  profile.enrolmentChangeIntervalDays = 0
  profile.idleDayShare = 0
  return profile
}

func spec(_ text: String) throws -> AppSpec {
  try AppSpec.parse(text, file: "test.spec")
}

func simulate(
  _ appSpec: AppSpec, _ profile: UsageProfile, phones: Int = 12, days: Int = 7,
  seed: UInt64 = 7, recordedPhone: Int? = nil
) throws -> SimulationReport {
  try PopulationSimulator(
    spec: appSpec, profile: profile, phones: phones, days: days, seed: seed,
    recordedPhone: recordedPhone
  ).run()
}

extension SimulationReport {
  func row(_ work: String, _ item: String) -> Row? {
    rows.first { $0.work.name == work && $0.item.name == item }
  }
}
