extension UsageProfile {
  /// The profile file's keys, the field each sets, and the values allowed. Key paths are not
  /// Sendable, but this table is an immutable constant.
  nonisolated(unsafe) private static let fields:
    [(key: String, path: WritableKeyPath<UsageProfile, Double>, range: ClosedRange<Double>)] = [
      ("unlocks-per-day", \.unlocksPerDay, 0...1_000),
      ("mean-session-seconds", \.meanSessionSeconds, 1...86_400),
      ("wake-hour", \.wakeHour, 0...24),
      ("sleep-hour", \.sleepHour, 0...36),  // past 24: after midnight
      ("schedule-jitter-hours", \.scheduleJitterHours, 0...6),
      ("passcode-share", \.passcodeShare, 0...1),
      ("biometry-share", \.biometryShare, 0...1),
      ("update-interval-days", \.updateIntervalDays, 0...3_650),
      ("restart-interval-days", \.restartIntervalDays, 0...3_650),
      ("battery-death-interval-days", \.batteryDeathIntervalDays, 0...3_650),
      ("inactivity-reboot-hours", \.inactivityRebootHours, 0...10_000),
      ("enrolment-change-interval-days", \.enrolmentChangeIntervalDays, 0...36_500),
      ("idle-day-share", \.idleDayShare, 0...1),
    ]

  /// The keys a profile file may set, for documentation and error messages.
  public static var fileKeys: [String] { fields.map(\.key) }

  /// Reads a profile file: `base NAME` (optional, default `typical`) then `KEY VALUE` lines
  /// overriding the base's numbers (docs/simulate.md, "Writing a profile").
  ///
  /// - Throws: ``SpecFileError`` naming the line and what is wrong with it.
  public static func parse(_ text: String, file: String, name: String) throws(SpecFileError)
    -> UsageProfile
  {
    var profile = UsageProfile.typical
    var seen: Set<String> = []
    for line in SpecLine.lines(of: text) {
      func fail(_ message: String) -> SpecFileError {
        SpecFileError(file: file, line: line.number, message: message)
      }
      let key = line.words[0]
      guard line.words.count == 2 else { throw fail("'\(key)' takes one value") }
      let value = line.words[1]
      guard seen.insert(key).inserted else { throw fail("'\(key)' is given twice") }
      if key == "base" {
        guard seen.count == 1 else { throw fail("`base` must come first") }
        guard let base = builtIn(named: value) else {
          throw fail(
            "unknown base '\(value)'; one of \(builtIn.map(\.name).joined(separator: ", "))")
        }
        profile = base
        continue
      }
      guard let field = fields.first(where: { $0.key == key }) else {
        throw fail("unknown key '\(key)'; known: base, \(fileKeys.joined(separator: ", "))")
      }
      guard let number = Double(value), field.range.contains(number) else {
        throw fail(
          "'\(key)' takes a number from \(field.range.lowerBound) to "
            + "\(field.range.upperBound), not '\(value)'")
      }
      profile[keyPath: field.path] = number
    }
    guard profile.wakeHour < profile.sleepHour else {
      throw SpecFileError(
        file: file, line: 1, message: "wake-hour must come before sleep-hour in the day")
    }
    profile.name = name
    return profile
  }
}
