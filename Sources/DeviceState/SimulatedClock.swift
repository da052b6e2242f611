/// The device's clock: simulated time that only moves when told to.
///
/// Nothing below the executable reads the wall clock (docs/architecture.md), so scenarios are
/// deterministic: `wait 10s` is ``DeviceEvent/timeAdvanced(milliseconds:)``.
public struct SimulatedClock: Equatable, Hashable, Sendable, Codable {
  /// The current instant.
  public private(set) var now: SimulatedInstant

  /// A clock reading `now` (the device's epoch by default).
  public init(now: SimulatedInstant = .epoch) {
    self.now = now
  }

  /// Moves the clock forward.
  ///
  /// - Throws: ``DeviceError/invalidTimeAdvance(milliseconds:)`` for a negative step or one that
  ///   would overflow the clock.
  public mutating func advance(by duration: SimulatedDuration) throws(DeviceError) {
    guard duration.milliseconds >= 0 else {
      throw .invalidTimeAdvance(milliseconds: duration.milliseconds)
    }
    let (sum, overflow) = now.milliseconds.addingReportingOverflow(duration.milliseconds)
    guard !overflow else { throw .invalidTimeAdvance(milliseconds: duration.milliseconds) }
    now = SimulatedInstant(milliseconds: sum)
  }
}
