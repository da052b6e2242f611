/// Whether the screen is locked, and whether the user has unlocked since boot.
///
/// Before first unlock (BFU) is distinct from locked: class C keys exist in memory only after
/// the first unlock since boot ([APS] "Data Protection classes").
public enum LockState: Equatable, Hashable, Sendable, Codable {
  /// Booted and not yet unlocked: classes A and C are unavailable (with a passcode).
  case beforeFirstUnlock
  /// Unlocked: every class is available.
  case unlocked
  /// Locked after a first unlock; class A stays available for the grace period after `since`.
  case locked(since: SimulatedInstant)
}
