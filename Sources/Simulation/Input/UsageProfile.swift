/// How a population of people uses their phones: the second input of `keychain-sim simulate`.
///
/// Every field is a plain number so that users can write their own profile file
/// (``UsageProfile/parse(_:file:)``); the shipped ones, with the source of each number, are in
/// `UsageProfile+Defaults.swift` and docs/simulate.md.
public struct UsageProfile: Sendable, Equatable {
  public var name: String
  /// Unlocks a day, spread over the waking hours.
  public var unlocksPerDay: Double
  /// Mean length of one use after an unlock, in seconds (exponentially distributed).
  public var meanSessionSeconds: Double
  /// When people wake and go to sleep, in hours after midnight (each day jitters by
  /// ± ``scheduleJitterHours``). The phone charges overnight, from sleep to waking.
  public var wakeHour: Double
  public var sleepHour: Double
  public var scheduleJitterHours: Double
  /// Share of phones with a passcode (the rest never lock anything: docs/fidelity.md,
  /// "No passcode: nothing is ever locked").
  public var passcodeShare: Double
  /// Share of passcode phones with Face ID or Touch ID enrolled.
  public var biometryShare: Double
  /// Days between OS update reboots (installed overnight while charging); 0 for none.
  public var updateIntervalDays: Double
  /// Days between restarts by the user (during the day, unlocked right after); 0 for none.
  public var restartIntervalDays: Double
  /// Days between battery-depletion shutdowns (off in the evening until put on the charger at
  /// bedtime); 0 for none.
  public var batteryDeathIntervalDays: Double
  /// Hours without an unlock after which iOS 18.1+ reboots the phone; 0 for none.
  public var inactivityRebootHours: Double
  /// Days between Face ID / Touch ID enrolment changes (a new face or finger); 0 for none.
  public var enrolmentChangeIntervalDays: Double
  /// Share of days the phone is not used at all (a spare phone, a day off): no unlocks.
  public var idleDayShare: Double

  public init(
    name: String, unlocksPerDay: Double, meanSessionSeconds: Double, wakeHour: Double,
    sleepHour: Double, scheduleJitterHours: Double, passcodeShare: Double, biometryShare: Double,
    updateIntervalDays: Double, restartIntervalDays: Double, batteryDeathIntervalDays: Double,
    inactivityRebootHours: Double, enrolmentChangeIntervalDays: Double, idleDayShare: Double
  ) {
    self.name = name
    self.unlocksPerDay = unlocksPerDay
    self.meanSessionSeconds = meanSessionSeconds
    self.wakeHour = wakeHour
    self.sleepHour = sleepHour
    self.scheduleJitterHours = scheduleJitterHours
    self.passcodeShare = passcodeShare
    self.biometryShare = biometryShare
    self.updateIntervalDays = updateIntervalDays
    self.restartIntervalDays = restartIntervalDays
    self.batteryDeathIntervalDays = batteryDeathIntervalDays
    self.inactivityRebootHours = inactivityRebootHours
    self.enrolmentChangeIntervalDays = enrolmentChangeIntervalDays
    self.idleDayShare = idleDayShare
  }
}
