/// The device's biometry: the hardware, the enrolled identities, the failed-match count and the
/// last unlock of the lock screen by biometry.
///
/// `domainGeneration` changes on every enrolment change; LocalAuthentication's
/// `evaluatedPolicyDomainState` and `biometryCurrentSet` items are derived from it
/// (docs/evidence.md §7.1, §8.3).
public struct BiometryState: Equatable, Hashable, Sendable, Codable {
  /// Face ID, Touch ID or none.
  public internal(set) var type: BiometryType
  /// Enrolled faces or fingers, by name, in enrolment order.
  public internal(set) var enrolled: [String]
  /// Bumped by every enrolment and removal; never goes back.
  public internal(set) var domainGeneration: Int
  /// Consecutive failed matches since the last successful match or passcode entry.
  public internal(set) var failedMatches: Int
  /// When the lock screen was last unlocked by a biometric match (for
  /// `touchIDAuthenticationAllowableReuseDuration`); cleared by a reboot.
  public internal(set) var lastBiometricUnlock: SimulatedInstant?
  /// When the device was last unlocked by any means, or the passcode last entered; for the
  /// 48-hour rule (``BiometryPasscodeRequirement``). `nil` without a passcode.
  public internal(set) var lastUnlock: SimulatedInstant? = nil
  /// When the passcode was last entered (set, changed, unlocking, or in an app's passcode
  /// sheet); for the 156-hour rule. `nil` without a passcode.
  public internal(set) var lastPasscodeEntry: SimulatedInstant? = nil

  /// "Biometric authentication will get locked after 5 unsuccessful attempts" (LAContext.h,
  /// [APS]; docs/evidence.md §8.3).
  public static let maximumFailedMatches = 5

  /// A fresh iPhone: Face ID hardware, nothing enrolled (docs/scenario-language.md §2).
  public static let fresh = BiometryState(
    type: .faceID, enrolled: [], domainGeneration: 0, failedMatches: 0, lastBiometricUnlock: nil)

  /// Whether too many failed matches require the passcode before biometry works again.
  public var isLockedOut: Bool { failedMatches >= Self.maximumFailedMatches }

  /// Whether at least one identity is enrolled (and the hardware exists).
  public var isEnrolled: Bool { type != .none && !enrolled.isEmpty }
}
