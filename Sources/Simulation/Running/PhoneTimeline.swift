/// One simulated phone's days as a time-ordered list of what happens to it: unlocks, locks,
/// reboots and the app's background attempts, drawn from a ``UsageProfile``.
///
/// The timeline depends only on the profile, the work schedule and the phone's random stream,
/// never on the items' settings, so the app's configuration and its fixed configuration are
/// judged on the very same days.
struct PhoneTimeline {
  /// Why the phone restarted.
  enum RebootCause: String, CaseIterable, Sendable {
    case update = "OS update"
    case userRestart = "restart by the user"
    case battery = "battery depleted"
    case inactivity = "72 h inactivity reboot"
  }

  enum Event: Equatable {
    case unlock
    case lock
    case reboot(RebootCause)
    case powerOff
    case enrolmentChange
    case attempt(work: Int)
  }

  struct Entry {
    var milliseconds: Int64
    /// Time, then the order of drawing for simultaneous events, as one integer to sort on
    /// (ten years of milliseconds fit in 39 bits, leaving 25 for the sequence).
    var sortKey: UInt64
    var event: Event
  }

  var hasPasscode: Bool
  var hasBiometry: Bool
  var entries: [Entry]

  static let hour: Double = 3_600_000
  static let day: Double = 24 * hour

  /// Draws `days` days of one phone.
  static func generate(
    profile: UsageProfile, work: [AppSpec.Work], days: Int, random: inout SeededGenerator
  ) -> PhoneTimeline {
    let (hasPasscode, hasBiometry) = drawSecurity(profile: profile, random: &random)
    var entries: [Entry] = []
    entries.reserveCapacity(days * Int(profile.unlocksPerDay * 2 + 80))
    func add(_ time: Double, _ event: Event) {
      let clamped = min(max(time, 0), Double(days) * day - 1)
      let milliseconds = Int64(clamped)
      let key = UInt64(milliseconds) << 25 | UInt64(entries.count & 0x1FF_FFFF)
      entries.append(Entry(milliseconds: milliseconds, sortKey: key, event: event))
    }
    func rate(_ intervalDays: Double) -> Double { intervalDays > 0 ? 1 / intervalDays : 0 }
    let jitter = profile.scheduleJitterHours
    var nextWake = profile.wakeHour + random.uniform(-jitter, jitter)
    for dayIndex in 0..<days {
      let start = Double(dayIndex) * day
      let wake = start + nextWake * hour
      let sleep = start + (profile.sleepHour + random.uniform(-jitter, jitter)) * hour
      nextWake = profile.wakeHour + random.uniform(-jitter, jitter)
      let nextWakeTime = start + day + nextWake * hour
      let idle = random.chance(profile.idleDayShare)

      var sessions: [Double] = []
      if !idle {
        let count = random.poisson(mean: profile.unlocksPerDay)
        sessions = (0..<count).map { _ in random.uniform(wake, sleep) }.sorted()
        var busyUntil = -1.0
        for unlockTime in sessions where unlockTime > busyUntil {
          let length = max(2_000, random.exponential(mean: profile.meanSessionSeconds * 1_000))
          add(unlockTime, .unlock)
          add(unlockTime + length, .lock)
          busyUntil = unlockTime + length
        }
      }
      if random.chance(rate(profile.updateIntervalDays)) {
        add(random.uniform(sleep + hour, min(sleep + 4 * hour, nextWakeTime)), .reboot(.update))
      }
      if !idle, random.chance(rate(profile.restartIntervalDays)) {
        let time = random.uniform(wake, sleep)
        add(time, .reboot(.userRestart))
        add(time + 60_000, .unlock)
        add(time + 120_000, .lock)
      }
      if random.chance(rate(profile.batteryDeathIntervalDays)) {
        add(random.uniform(sleep - 4 * hour, sleep), .powerOff)
        add(sleep, .reboot(.battery))
      }
      if hasBiometry, !idle, random.chance(rate(profile.enrolmentChangeIntervalDays)) {
        let time = random.uniform(wake, sleep)
        add(time, .unlock)
        add(time + 30_000, .enrolmentChange)
        add(time + 60_000, .lock)
      }
      for (index, work) in work.enumerated() {
        for time in attemptTimes(
          work, start: start, wake: wake, sleep: sleep, nextWake: nextWakeTime,
          sessions: sessions, random: &random)
        {
          add(time, .attempt(work: index))
        }
      }
    }
    entries.sort { $0.sortKey < $1.sortKey }
    return PhoneTimeline(hasPasscode: hasPasscode, hasBiometry: hasBiometry, entries: entries)
  }

  /// Whether the phone has a passcode and biometry: the first draws of its random stream.
  static func drawSecurity(profile: UsageProfile, random: inout SeededGenerator) -> (
    passcode: Bool, biometry: Bool
  ) {
    let hasPasscode = random.chance(profile.passcodeShare)
    return (hasPasscode, hasPasscode && random.chance(profile.biometryShare))
  }

  /// When one kind of work runs on one day (docs/simulate.md, "Background work: when it runs").
  private static func attemptTimes(
    _ work: AppSpec.Work, start: Double, wake: Double, sleep: Double, nextWake: Double,
    sessions: [Double], random: inout SeededGenerator
  ) -> [Double] {
    switch work.kind {
    case .appRefresh:
      // Clustered just before predicted use: 1–30 min before an unlock of the day.
      return (0..<random.poisson(mean: work.runsPerDay)).map { _ in
        guard !sessions.isEmpty else { return random.uniform(wake, sleep) }
        let session = sessions[Int(random.next() % UInt64(sessions.count))]
        return session - random.uniform(60_000, 30 * 60_000)
      }
    case .silentPush, .notificationService:
      // Sent by a server whenever it has news: spread over the whole day.
      return (0..<random.poisson(mean: work.runsPerDay)).map { _ in
        random.uniform(start, start + day)
      }
    case .processing:
      // Idle and charging: during the night.
      let from = sleep + 0.5 * hour
      let to = max(from, nextWake - 0.5 * hour)
      return (0..<random.poisson(mean: work.runsPerDay)).map { _ in random.uniform(from, to) }
    case .widget:
      // A budget spent over the whole day, roughly evenly.
      let count = Int(work.runsPerDay.rounded())
      guard count > 0 else { return [] }
      let slot = day / Double(count)
      return (0..<count).map { index in start + (Double(index) + random.unit()) * slot }
    }
  }
}
