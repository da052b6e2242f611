/// How expensive the passcode key derivation (Argon2id) is.
///
/// The parameters in force are stored in the persisted keybag, so a device reopened under a
/// different profile still derives the same key; the profile applies to the next passcode.
///
/// The one form of the choice: the command line's `--kdf <name>` reads it by its raw value
/// (``init(rawValue:)``), the session and device options carry it as is.
public enum KDFProfile: String, CaseIterable, Sendable, Codable {
  /// Argon2id, 2 passes over 32 MiB (about 60 ms on a 2-core machine), close to the ~80 ms
  /// Apple calibrates its passcode derivation to ([APS] "Passcodes and passwords").
  case realistic
  /// `OPSLIMIT_MIN` / `MEMLIMIT_MIN`: for tests only.
  case fast

  /// Every profile's name, sorted: `fast`, `realistic`.
  public static var names: [String] { allCases.map(\.rawValue).sorted() }

  /// The Argon2id limits this profile uses for a new passcode.
  public var parameters: KDFParameters {
    switch self {
    case .realistic: Sodium.realisticParameters
    case .fast: Sodium.minimumParameters
    }
  }
}

/// Argon2id13 cost limits, as passed to `crypto_pwhash`.
public struct KDFParameters: Equatable, Hashable, Sendable, Codable {
  /// Passes over memory (`opslimit`).
  public var opsLimit: UInt64
  /// Memory in bytes (`memlimit`).
  public var memLimit: UInt64

  public init(opsLimit: UInt64, memLimit: UInt64) {
    self.opsLimit = opsLimit
    self.memLimit = memLimit
  }

  /// Limits a stored keybag may ask for: libsodium's minimum up to 16 passes and 1 GiB, so a
  /// damaged file cannot make a reopen hang or exhaust memory.
  static let acceptedOpsLimits: ClosedRange<UInt64> = Sodium.minimumParameters.opsLimit...16
  static let acceptedMemLimits: ClosedRange<UInt64> = Sodium.minimumParameters.memLimit...(1 << 30)
}
