/// One phone's days as drawn for `--svg` and the terminal timeline: its lock state and class-key
/// availability over time, and every background read with its outcome.
public struct PhoneRecord: Sendable, Equatable {
  /// The screen and power state.
  public enum LockKind: String, Sendable, Equatable {
    case unlocked, locked
    case beforeFirstUnlock = "before first unlock"
    case off
  }

  /// The state from `milliseconds` until the next sample.
  public struct Sample: Sendable, Equatable {
    public var milliseconds: Int64
    public var lock: LockKind
    /// Whether class A (WhenUnlocked) and class C (AfterFirstUnlock) keys are available.
    public var classA: Bool
    public var classC: Bool
  }

  public struct Attempt: Sendable, Equatable {
    public var milliseconds: Int64
    public var work: String
    public var item: String
    public var failure: FailureReason?
  }

  public var phoneIndex: Int
  public var days: Int
  public var hasPasscode: Bool
  public var samples: [Sample] = []
  public var attempts: [Attempt] = []
  public var reboots: [(milliseconds: Int64, cause: String)] = []

  public static func == (lhs: PhoneRecord, rhs: PhoneRecord) -> Bool {
    lhs.phoneIndex == rhs.phoneIndex && lhs.days == rhs.days && lhs.samples == rhs.samples
      && lhs.attempts == rhs.attempts
      && lhs.reboots.map(\.milliseconds)
        == rhs.reboots.map(\.milliseconds)
  }
}
