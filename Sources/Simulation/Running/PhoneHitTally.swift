/// How many phones met a report row's failures again and again: in every week of the run, and
/// in every month (30 days), for any failure and for each reason. The trainer's question is
/// "how many of my users hit this, and how often?", which a share of reads does not answer: a
/// 5 % read failure can be every phone once a week or one phone in twenty all the time.
///
/// Each phone is one observation (phones are drawn independently), so a count of phones is a
/// binomial sample and ``ShareEstimate`` gives it a confidence interval.
public struct PhoneHitTally: Sendable, Equatable {
  /// Phones observed.
  public var phones = 0
  /// Phones with a failure of any reason in every full week of the run.
  public var anyEveryWeek = 0
  /// Phones with a failure of any reason in every full 30-day month of the run.
  public var anyEveryMonth = 0
  public var everyWeek: [FailureReason: Int] = [:]
  public var everyMonth: [FailureReason: Int] = [:]

  public init() {}

  /// Adds `other`'s counts to these (integers: the sum is the same in any order).
  mutating func add(_ other: PhoneHitTally) {
    phones += other.phones
    anyEveryWeek += other.anyEveryWeek
    anyEveryMonth += other.anyEveryMonth
    everyWeek.merge(other.everyWeek, uniquingKeysWith: +)
    everyMonth.merge(other.everyMonth, uniquingKeysWith: +)
  }
}

/// One phone's failures by week and month, per report row, in both configurations; folded into
/// the population's ``PhoneHitTally``s once the phone's days are over.
///
/// Only full periods count: with `--days 45` a phone has six weeks and one month, and a failure
/// on day 44 is in neither. A run shorter than a week (a month) has no weekly (monthly) answer.
struct PhoneHitRecorder {
  static let daysPerWeek = 7
  static let daysPerMonth = 30
  private static let millisecondsPerDay: Int64 = 86_400_000
  /// A slot per reason, and the last one for "any reason".
  private static let slots = FailureReason.allCases.count + 1

  let rowCount: Int
  let weeks: Int
  let months: Int
  /// Flags by configuration (0 the app's, 1 the fixed), row, slot, then weeks and months.
  private var hit: [Bool]

  init(rowCount: Int, days: Int) {
    self.rowCount = rowCount
    weeks = days / Self.daysPerWeek
    months = days / Self.daysPerMonth
    hit = Array(repeating: false, count: 2 * rowCount * Self.slots * (weeks + months))
  }

  private func base(fixed: Bool, row: Int, slot: Int) -> Int {
    (((fixed ? 1 : 0) * rowCount + row) * Self.slots + slot) * (weeks + months)
  }

  /// Notes a failed read of `row` at `milliseconds` since the start of the run.
  mutating func record(_ reason: FailureReason, row: Int, fixed: Bool, milliseconds: Int64) {
    let day = Int(milliseconds / Self.millisecondsPerDay)
    let week = day / Self.daysPerWeek
    let month = day / Self.daysPerMonth
    mark(slot: FailureReason.allCases.firstIndex(of: reason)!, fixed, row, week, month)
    mark(slot: Self.slots - 1, fixed, row, week, month)
  }

  private mutating func mark(slot: Int, _ fixed: Bool, _ row: Int, _ week: Int, _ month: Int) {
    let start = base(fixed: fixed, row: row, slot: slot)
    if week < weeks { hit[start + week] = true }
    if month < months { hit[start + weeks + month] = true }
  }

  /// Adds this phone to the population's tallies (indexed like the report's rows).
  func fold(actual: inout [PhoneHitTally], fixed: inout [PhoneHitTally]) {
    for row in 0..<rowCount {
      fold(row: row, fixed: false, into: &actual[row])
      fold(row: row, fixed: true, into: &fixed[row])
    }
  }

  private func fold(row: Int, fixed: Bool, into tally: inout PhoneHitTally) {
    tally.phones += 1
    for slot in 0..<Self.slots {
      let start = base(fixed: fixed, row: row, slot: slot)
      let everyWeek = weeks > 0 && hit[start..<start + weeks].allSatisfy { $0 }
      let everyMonth = months > 0 && hit[start + weeks..<start + weeks + months].allSatisfy { $0 }
      guard slot < Self.slots - 1 else {
        if everyWeek { tally.anyEveryWeek += 1 }
        if everyMonth { tally.anyEveryMonth += 1 }
        continue
      }
      let reason = FailureReason.allCases[slot]
      if everyWeek { tally.everyWeek[reason, default: 0] += 1 }
      if everyMonth { tally.everyMonth[reason, default: 0] += 1 }
    }
  }
}
