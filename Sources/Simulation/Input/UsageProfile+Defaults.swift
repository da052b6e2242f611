extension UsageProfile {
  /// The shipped profiles, by name (`simulate --profile NAME`).
  public static let builtIn: [UsageProfile] = [.typical, .light]

  /// An average iPhone owner. Sources, from the project's usage-profile facts, with their
  /// confidence in capitals (docs/simulate.md, "Usage profiles"):
  /// - 80 unlocks a day: Apple security briefing, 2016, MED.
  /// - 60 s mean use: most uses < 30 s with a heavy tail, mean 1–2 min, HIGH (derived).
  /// - Wake 7:00, sleep 23:00 ± 1 h, charging overnight: UNCERTAIN (no measured
  ///   distribution; 71 % keep the phone at the bedside).
  /// - 85 % passcode: 83–95 % reported, MED. 89 % biometry: Apple 2016, MED.
  /// - An update reboot every 25 days: a point release every 3–4 weeks, installed overnight,
  ///   MED.
  /// - A user restart every 30 days, a battery death every 60: no data, UNCERTAIN.
  /// - Inactivity reboot after 72 h: iOS 18.1+, Classen 2024, MED.
  /// - A Face ID enrolment change a year: no data, UNCERTAIN.
  /// - 2 % of days unused: no data, UNCERTAIN.
  public static let typical = UsageProfile(
    name: "typical", unlocksPerDay: 80, meanSessionSeconds: 60, wakeHour: 7, sleepHour: 23,
    scheduleJitterHours: 1, passcodeShare: 0.85, biometryShare: 0.89, updateIntervalDays: 25,
    restartIntervalDays: 30, batteryDeathIntervalDays: 60, inactivityRebootHours: 72,
    enrolmentChangeIntervalDays: 365, idleDayShare: 0.02)

  /// A light user or a second phone: the lower end of the reported unlock counts (47 a day,
  /// Deloitte 2017, MED) and one day in four untouched (UNCERTAIN), so the 72 h
  /// inactivity reboot comes into play. Other numbers as ``typical``.
  public static let light = UsageProfile(
    name: "light", unlocksPerDay: 47, meanSessionSeconds: 60, wakeHour: 7, sleepHour: 23,
    scheduleJitterHours: 1, passcodeShare: 0.85, biometryShare: 0.89, updateIntervalDays: 25,
    restartIntervalDays: 30, batteryDeathIntervalDays: 60, inactivityRebootHours: 72,
    enrolmentChangeIntervalDays: 365, idleDayShare: 0.25)

  /// The shipped profile named `name`.
  public static func builtIn(named name: String) -> UsageProfile? {
    builtIn.first { $0.name == name }
  }
}
