import DeviceState
import KeychainEngine

/// What kind of device a ``SimulatedDevice`` is. A scenario starts on an iPhone; a fleet
/// (``DeviceFleet``) can add the user's other devices.
///
/// The platform decides which keychain a SecItem call reaches and who receives synced items:
/// iCloud Keychain delivers app items to iPhone, iPad, Mac and Watch (docs/evidence.md §11,
/// S3), and an Android phone has no Apple keychain at all.
public enum DevicePlatform: String, Sendable, Hashable, Codable, CaseIterable {
  case iPhone = "iphone"
  case iPad = "ipad"
  case mac
  case watch
  case android
  /// Xcode's iOS Simulator: the same SecItem calls, keychain and entitlement checks as an
  /// iPhone, but no passcode can be set, so no data protection class is ever enforced
  /// (docs/fidelity.md, "The iOS Simulator").
  case simulator

  /// The name the transcript uses: "iPhone", "Mac", "Apple Watch".
  public var displayName: String {
    switch self {
    case .iPhone: "iPhone"
    case .iPad: "iPad"
    case .mac: "Mac"
    case .watch: "Apple Watch"
    case .android: "Android phone"
    case .simulator: "iOS Simulator"
    }
  }

  /// The biometric hardware a new device of this kind has: a Mac has Touch ID (on its
  /// keyboard), a Watch none (it unlocks by passcode or from the phone); an iPhone or an iPad
  /// starts with Face ID, as a scenario's first device does.
  public var defaultBiometry: BiometryType {
    switch self {
    case .iPhone, .iPad, .simulator: .faceID
    case .mac: .touchID
    case .watch, .android: .none
    }
  }

  /// Whether the device runs Apple's keychain (SecItem, iCloud Keychain).
  public var hasAppleKeychain: Bool { self != .android }

  /// Whether the simulator models this kind's device backups and Quick Start transfers: an
  /// iPhone's and an iPad's (a Mac's Time Machine, a Watch's backup inside its phone's, an
  /// Android phone's are not modelled; the fleet refuses them as such).
  public var hasModelledBackup: Bool {
    switch self {
    case .iPhone, .iPad: true
    case .mac, .watch, .android, .simulator: false
    }
  }

  /// Whether a passcode can be set, and with it data protection enforced. The iOS Simulator
  /// has no passcode setting, so locking it or restarting it leaves every class key
  /// available: a WhenUnlocked item read "at 3 a.m." there succeeds.
  public var canSetPasscode: Bool { self != .simulator }

  /// Whether Secure Enclave keys can be made: every iPhone since the 5s, iPad, Apple silicon or
  /// T2 Mac and Watch has one; the iOS Simulator has none (SecKeyCreateRandomKey with
  /// kSecAttrTokenIDSecureEnclave fails there, docs/fidelity.md, "The iOS Simulator"), and an
  /// Android phone makes no SecKey call.
  public var hasSecureEnclave: Bool { self != .simulator && self != .android }
}
