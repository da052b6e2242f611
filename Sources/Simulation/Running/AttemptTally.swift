/// Counts of one item's reads by one kind of work: how many, how many failed and why, and at
/// which hour of the day (for the worst moments).
public struct AttemptTally: Sendable, Equatable {
  public var attempts = 0
  public var failures: [FailureReason: Int] = [:]
  public var attemptsByHour = [Int](repeating: 0, count: 24)
  public var failuresByHour = [Int](repeating: 0, count: 24)

  public init() {}

  public var failed: Int { failures.values.reduce(0, +) }

  /// The share of attempts that failed, 0 when there were none.
  public var failureShare: Double { attempts == 0 ? 0 : Double(failed) / Double(attempts) }

  mutating func record(_ failure: FailureReason?, hour: Int) {
    attempts += 1
    attemptsByHour[hour] += 1
    if let failure {
      failures[failure, default: 0] += 1
      failuresByHour[hour] += 1
    }
  }

  /// Adds `other`'s counts to these (integers: the sum is the same in any order).
  mutating func add(_ other: AttemptTally) {
    attempts += other.attempts
    failures.merge(other.failures, uniquingKeysWith: +)
    for hour in 0..<24 {
      attemptsByHour[hour] += other.attemptsByHour[hour]
      failuresByHour[hour] += other.failuresByHour[hour]
    }
  }

  /// The hours of the day with the highest failure share, worst first (ties: earlier hour).
  public func worstHours(_ count: Int) -> [(hour: Int, share: Double)] {
    (0..<24).filter { failuresByHour[$0] > 0 }
      .map { (hour: $0, share: Double(failuresByHour[$0]) / Double(attemptsByHour[$0])) }
      .sorted { ($0.share, -$0.hour) > ($1.share, -$1.hour) }
      .prefix(count).map { $0 }
  }
}
