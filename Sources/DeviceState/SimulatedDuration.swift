/// A span of simulated time in milliseconds.
///
/// A tiny stand-in for `Duration` that stays an exact integer of milliseconds, which is what the
/// clock, the grace period and the passcode delays are measured in.
public struct SimulatedDuration: Comparable, Hashable, Sendable, Codable, CustomStringConvertible {
  public var milliseconds: Int64

  public init(milliseconds: Int64) {
    self.milliseconds = milliseconds
  }

  public static func milliseconds(_ value: Int64) -> SimulatedDuration {
    SimulatedDuration(milliseconds: value)
  }

  public static func seconds(_ value: Int64) -> SimulatedDuration {
    SimulatedDuration(milliseconds: value.multipliedClamped(by: 1_000))
  }

  public static func minutes(_ value: Int64) -> SimulatedDuration {
    SimulatedDuration(milliseconds: value.multipliedClamped(by: 60_000))
  }

  public static func hours(_ value: Int64) -> SimulatedDuration {
    SimulatedDuration(milliseconds: value.multipliedClamped(by: 3_600_000))
  }

  public static let zero = SimulatedDuration(milliseconds: 0)

  public static func < (lhs: SimulatedDuration, rhs: SimulatedDuration) -> Bool {
    lhs.milliseconds < rhs.milliseconds
  }

  /// The one spelling of a duration, in the transcript, explanations and errors alike: largest
  /// units first, zero parts omitted, parts apart (`1h 5m`, `10s`, `9s 999ms`, `1d 2h`, `0ms`).
  /// Each part is a unit the scenario language reads, so `wait` takes the text back.
  public var description: String {
    if milliseconds == 0 { return "0ms" }
    let sign = milliseconds < 0 ? "-" : ""
    var rest = milliseconds.magnitude
    var parts: [String] = []
    for (unit, size) in Self.units {
      let count = rest / size.magnitude
      rest %= size.magnitude
      if count > 0 { parts.append("\(count)\(unit)") }
    }
    return sign + parts.joined(separator: " ")
  }

  /// The units a duration is written in (`wait 1d2h`, `500ms`), largest first, with their size
  /// in milliseconds.
  public static let units: [(name: String, milliseconds: Int64)] = [
    ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1_000), ("ms", 1),
  ]
}

extension Int64 {
  /// `self * factor`, pinned to the representable range instead of trapping.
  fileprivate func multipliedClamped(by factor: Int64) -> Int64 {
    let (product, overflow) = multipliedReportingOverflow(by: factor)
    if overflow { return (self < 0) != (factor < 0) ? .min : .max }
    return product
  }
}
