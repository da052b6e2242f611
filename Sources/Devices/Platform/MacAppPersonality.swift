import DeviceState
import KeychainEngine

/// How the calling app runs on a Mac, which decides the keychains it can reach
/// (docs/evidence.md §11, facts 40, 42, 43).
///
/// On an iPhone every app is the same kind; on a Mac the same SecItem call means different
/// things for a profile-signed app, an ad-hoc-signed tool, a Mac Catalyst (or iOS) app and a
/// launchd daemon.
public enum MacAppPersonality: String, Sendable, Hashable, Codable, CaseIterable {
  /// A Mac app signed with a provisioning profile that authorises its entitlements: both
  /// keychains, routed by the query (fact 35).
  case signed
  /// Signed without a provisioning profile: `application-identifier` and app groups do not
  /// count on the data protection keychain, `keychain-access-groups` still do (fact 40).
  case adHoc = "ad-hoc"
  /// A Mac Catalyst app, or an iOS app on a Mac with Apple silicon: the data protection
  /// keychain only; kSecUseDataProtectionKeychain is ignored (fact 42).
  case catalyst
  /// A launchd daemon: no user login session, so no data protection keychain; the
  /// file-based System keychain only (fact 43).
  case daemon

  /// The words the transcript uses.
  public var displayName: String {
    switch self {
    case .signed: "a Mac app signed with a provisioning profile"
    case .adHoc: "an ad-hoc-signed Mac app (no provisioning profile)"
    case .catalyst: "a Mac Catalyst / iOS app on the Mac"
    case .daemon: "a launchd daemon"
    }
  }
}
