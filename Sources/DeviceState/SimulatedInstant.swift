/// A point in simulated time: milliseconds since the device's epoch (when it was set up).
///
/// The epoch is not reset by a reboot, so "locked since" and "blocked until" stay meaningful
/// across power cycles.
public struct SimulatedInstant: Comparable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// Milliseconds since the device's epoch.
  public var milliseconds: Int64

  public init(milliseconds: Int64) {
    self.milliseconds = milliseconds
  }

  /// The device's epoch: the instant a fresh device starts at.
  public static let epoch = SimulatedInstant(milliseconds: 0)

  public static func < (lhs: SimulatedInstant, rhs: SimulatedInstant) -> Bool {
    lhs.milliseconds < rhs.milliseconds
  }

  /// This instant moved forward by `duration`, saturating instead of overflowing.
  public func advanced(by duration: SimulatedDuration) -> SimulatedInstant {
    let (sum, overflow) = milliseconds.addingReportingOverflow(duration.milliseconds)
    if overflow { return SimulatedInstant(milliseconds: duration.milliseconds < 0 ? .min : .max) }
    return SimulatedInstant(milliseconds: sum)
  }

  /// The time from `earlier` to this instant (negative if `earlier` is later).
  public func duration(since earlier: SimulatedInstant) -> SimulatedDuration {
    let (difference, overflow) = milliseconds.subtractingReportingOverflow(earlier.milliseconds)
    return .milliseconds(overflow ? (earlier.milliseconds > 0 ? .min : .max) : difference)
  }

  /// `t+<duration>` from the epoch, e.g. `t+1m 5s`.
  public var description: String { "t+\(SimulatedDuration.milliseconds(milliseconds))" }
}
