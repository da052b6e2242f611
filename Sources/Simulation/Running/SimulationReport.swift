import Keychain

/// What a simulation measured: per background work and item read, the attempts and failures
/// with the app's configuration and with the fixed one.
public struct SimulationReport: Sendable, Equatable {
  public struct Row: Sendable, Equatable {
    public var work: AppSpec.Work
    public var fixedWork: AppSpec.Work
    public var item: AppSpec.Item
    public var fixedItem: AppSpec.Item
    public var actual = AttemptTally()
    public var fixed = AttemptTally()
    /// The phones that met this read's failures every week or month, in each configuration.
    public var actualPhones = PhoneHitTally()
    public var fixedPhones = PhoneHitTally()
  }

  public var phones: Int
  public var days: Int
  public var seed: UInt64
  public var profileName: String
  /// The app's users (the spec's `users` line), to scale the phones' shares to; `nil` when the
  /// spec does not say.
  public var users: Int?
  public var phonesWithPasscode: Int
  /// Reboots by cause (``PhoneTimeline/RebootCause`` raw values), over the whole population.
  public var reboots: [String: Int]
  public var rows: [Row]
  public var recordedPhone: PhoneRecord?

  public var phoneDays: Int { phones * days }
}
