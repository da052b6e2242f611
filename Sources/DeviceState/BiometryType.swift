/// The biometric hardware, with `LABiometryType`'s raw values (LAContext.h: none 0, touchID 1,
/// faceID 2; docs/evidence.md §8.3).
public enum BiometryType: Int, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
  case none = 0
  case touchID = 1
  case faceID = 2

  /// How many identities Settings lets the user enrol: two appearances for Face ID ("Set Up an
  /// Alternate Appearance"), five fingers for Touch ID; none without the hardware.
  public var enrolmentLimit: Int {
    switch self {
    case .none: 0
    case .touchID: 5
    case .faceID: 2
    }
  }

  /// "Face ID", "Touch ID", "no biometry".
  public var description: String {
    switch self {
    case .none: "no biometry"
    case .touchID: "Touch ID"
    case .faceID: "Face ID"
    }
  }
}
