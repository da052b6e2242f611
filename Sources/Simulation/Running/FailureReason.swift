import Keychain

/// Why a background read failed: the categories the report counts.
public enum FailureReason: String, CaseIterable, Sendable, Hashable, Comparable {
  /// The class key was dropped 10 s after the screen locked (-25308).
  case afterLock = "after lock"
  /// The phone rebooted and has not been unlocked since (-25308).
  case beforeFirstUnlock = "before first unlock after a reboot"
  /// The item has access control and no prompt can be shown in the background (-25308).
  case promptInBackground = "prompt needed in the background"
  /// A biometryCurrentSet item after a face or finger was enrolled: gone for good (-25293).
  case biometrySetChanged = "Face ID / Touch ID enrolment changed"
  /// An extension without the app's keychain access group (-34018).
  case missingEntitlement = "extension without the access group"
  /// A WhenPasscodeSetThisDeviceOnly item cannot exist on a phone with no passcode (-25300).
  case noPasscode = "no passcode on the phone"

  /// The status SecItemCopyMatching returns.
  public var status: OSStatus {
    switch self {
    case .afterLock, .beforeFirstUnlock, .promptInBackground: .errSecInteractionNotAllowed
    case .biometrySetChanged: .errSecAuthFailed
    case .missingEntitlement: .errSecMissingEntitlement
    case .noPasscode: .errSecItemNotFound
    }
  }

  /// Declaration order, the order of ``allCases`` (and of the report's columns).
  public static func < (lhs: FailureReason, rhs: FailureReason) -> Bool {
    lhs.ordinal < rhs.ordinal
  }

  /// Equality by case. Written out because a raw-valued enum otherwise takes
  /// `RawRepresentable`'s, which compares the raw `String`s.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.ordinal == rhs.ordinal }

  /// Hashing by case, not by the raw `String` (`RawRepresentable`'s default): every failed
  /// read is counted in a dictionary keyed by its reason (docs/benchmarks.md,
  /// "`simulate` on every core").
  public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

  /// The case's position in ``allCases``.
  private var ordinal: UInt8 {
    switch self {
    case .afterLock: 0
    case .beforeFirstUnlock: 1
    case .promptInBackground: 2
    case .biometrySetChanged: 3
    case .missingEntitlement: 4
    case .noPasscode: 5
    }
  }
}
