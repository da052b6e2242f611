import DeviceState

/// `LAError.Code`: the errors LocalAuthentication reports on iOS, with Apple's numbers
/// (LAError.h; docs/evidence.md §8.2). The one table of LAError names: the scenario parser and
/// `explain` look names up here.
public enum LAErrorCode: Int, Error, Sendable, Hashable, CaseIterable, CustomStringConvertible {
  case authenticationFailed = -1
  case userCancel = -2
  case userFallback = -3
  case systemCancel = -4
  case passcodeNotSet = -5
  case biometryNotAvailable = -6
  case biometryNotEnrolled = -7
  case biometryLockout = -8
  case appCancel = -9
  case invalidContext = -10
  case notInteractive = -1004

  /// The Swift case name, `biometryLockout`.
  public var name: String {
    switch self {
    case .authenticationFailed: "authenticationFailed"
    case .userCancel: "userCancel"
    case .userFallback: "userFallback"
    case .systemCancel: "systemCancel"
    case .passcodeNotSet: "passcodeNotSet"
    case .biometryNotAvailable: "biometryNotAvailable"
    case .biometryNotEnrolled: "biometryNotEnrolled"
    case .biometryLockout: "biometryLockout"
    case .appCancel: "appCancel"
    case .invalidContext: "invalidContext"
    case .notInteractive: "notInteractive"
    }
  }

  /// What the header says the code means.
  public var meaning: String {
    switch self {
    case .authenticationFailed: "the user failed to provide valid credentials"
    case .userCancel: "the user tapped Cancel"
    case .userFallback: "the user tapped the fallback button (Enter Password)"
    case .systemCancel: "the system cancelled authentication (the prompt was dismissed)"
    case .passcodeNotSet: "no passcode is set on the device"
    case .biometryNotAvailable: "biometry is not available on the device"
    case .biometryNotEnrolled: "no face or finger is enrolled"
    case .biometryLockout:
      "too many failed biometry attempts; the passcode is required to unlock biometry"
    case .appCancel: "the app invalidated the context during the evaluation"
    case .invalidContext: "the context was invalidated before"
    case .notInteractive:
      "showing the prompt was forbidden (interactionNotAllowed, or no UI can be shown)"
    }
  }

  /// The status a SecItem call returns when this error ends its authentication
  /// (`osstatus_for_localauthentication_error`, SecItem.m; docs/evidence.md §7.2): userCancel →
  /// errSecUserCanceled, notInteractive → errSecInteractionNotAllowed, everything else →
  /// errSecAuthFailed.
  public var osStatus: OSStatus {
    switch self {
    case .userCancel: .errSecUserCanceled
    case .notInteractive: .errSecInteractionNotAllowed
    default: .errSecAuthFailed
    }
  }

  /// Looks up a Swift case name, current or deprecated (`touchIDLockout` is `biometryLockout`,
  /// as the Swift overlay aliases it).
  public init?(name: String) {
    guard
      let code = Self.allCases.first(where: { $0.name == name })
        ?? Self.deprecatedNames.first(where: { $0.key == name })?.value
    else { return nil }
    self = code
  }

  /// The deprecated Touch ID spellings LAError.h still declares, and the codes they alias.
  /// Pairs, not a dictionary: three names are searched faster than a `[String: LAErrorCode]`
  /// is built, and `explain` looks here at every start (docs/benchmarks.md, "Start-up").
  public static let deprecatedNames: KeyValuePairs<String, LAErrorCode> = [
    "touchIDNotAvailable": .biometryNotAvailable,
    "touchIDNotEnrolled": .biometryNotEnrolled,
    "touchIDLockout": .biometryLockout,
  ]

  /// Every name ``init(name:)`` accepts, current ones first, for "did you mean" and completion.
  public static var allSpellings: [String] {
    allCases.map(\.name) + deprecatedNames.map(\.key).sorted()
  }

  /// `LAError.biometryLockout (-8)`.
  public var description: String { "LAError.\(name) (\(rawValue))" }
}
