/// A span of simulated time, as written with `wait 1h30m`.
///
/// Kept in milliseconds because `DeviceEvent.timeAdvanced(milliseconds:)` counts them, and
/// `500ms` is the smallest unit the language writes.
public struct ScenarioDuration: Hashable, Sendable, Comparable, CustomStringConvertible {
  public var milliseconds: Int64

  public init(milliseconds: Int64) { self.milliseconds = milliseconds }

  public static func seconds(_ seconds: Int64) -> ScenarioDuration {
    ScenarioDuration(milliseconds: seconds * 1000)
  }

  public static func < (lhs: ScenarioDuration, rhs: ScenarioDuration) -> Bool {
    lhs.milliseconds < rhs.milliseconds
  }

  /// The shortest spelling in the language's units: `1h30m`, `500ms`, `0s`.
  public var description: String {
    if milliseconds == 0 { return "0s" }
    var rest = milliseconds.magnitude
    var text = milliseconds < 0 ? "-" : ""
    for (unit, size) in ScenarioDuration.units where rest >= UInt64(size) {
      text += "\(rest / UInt64(size))\(unit)"
      rest %= UInt64(size)
    }
    return text
  }

  /// The units, largest first, with their size in milliseconds.
  static let units: [(name: String, milliseconds: Int64)] = [
    ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1),
  ]
}
