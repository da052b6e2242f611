/// One phone's days as text, for the terminal: two lines a day of 15-minute cells, the state
/// (`#` unlocked, `=` locked, `.` before first unlock, `_` off) and under it the background
/// reads of that quarter hour (`x` if one failed, else `o`).
public enum TimelineTerminalRenderer {
  static let cellsPerDay = 96
  static let cellMilliseconds: Int64 = 24 * 3_600_000 / 96

  public static func render(_ record: PhoneRecord) -> String {
    var cells = Array(
      repeating: [Character](repeating: " ", count: cellsPerDay), count: record.days)
    var ranks = Array(repeating: [Int](repeating: -1, count: cellsPerDay), count: record.days)
    let end = Int64(record.days) * 24 * 3_600_000
    for (index, sample) in record.samples.enumerated() {
      let until = index + 1 < record.samples.count ? record.samples[index + 1].milliseconds : end
      let (rank, symbol) = style(sample.lock)
      var cell = sample.milliseconds / cellMilliseconds
      let lastCell = max(cell, (until - 1) / cellMilliseconds)
      while cell <= lastCell, cell < Int64(record.days * cellsPerDay) {
        let day = Int(cell) / cellsPerDay
        let column = Int(cell) % cellsPerDay
        if rank > ranks[day][column] {
          ranks[day][column] = rank
          cells[day][column] = symbol
        }
        cell += 1
      }
    }
    var reads = Array(
      repeating: [Character](repeating: " ", count: cellsPerDay), count: record.days)
    for attempt in record.attempts {
      let cell = Int(attempt.milliseconds / cellMilliseconds)
      let day = cell / cellsPerDay
      let column = cell % cellsPerDay
      guard day < record.days else { continue }
      if attempt.failure != nil {
        reads[day][column] = "x"
      } else if reads[day][column] != "x" {
        reads[day][column] = "o"
      }
    }
    var lines = [
      "Phone \(record.phoneIndex) (\(record.hasPasscode ? "passcode set" : "no passcode")): "
        + "# unlocked  = locked  . before first unlock  _ off  o read ok  x read failed",
      String(
        ("        " + (0..<24).map { hour in hour % 3 == 0 ? pad2(hour) + "  " : "    " }.joined())
          .reversed().drop { $0 == " " }.reversed()),
    ]
    for day in 0..<record.days {
      lines.append("day \(pad2(day + 1))  " + String(cells[day]))
      lines.append("  reads " + String(reads[day]))
    }
    for reboot in record.reboots {
      let day = reboot.milliseconds / 86_400_000 + 1
      lines.append("reboot: day \(day) \(clock(reboot.milliseconds)), \(reboot.cause)")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Unlocked outranks locked outranks before-first-unlock outranks off: a cell shows the most
  /// open state it contains.
  private static func style(_ lock: PhoneRecord.LockKind) -> (Int, Character) {
    switch lock {
    case .unlocked: (3, "#")
    case .locked: (2, "=")
    case .beforeFirstUnlock: (1, ".")
    case .off: (0, "_")
    }
  }

  static func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// `03:12` within the day.
  static func clock(_ milliseconds: Int64) -> String {
    let minutes = Int((milliseconds % 86_400_000) / 60_000)
    return "\(pad2(minutes / 60)):\(pad2(minutes % 60))"
  }
}
