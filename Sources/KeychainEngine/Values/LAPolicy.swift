import DeviceState

/// The `LAPolicy` cases iOS offers, with Apple's raw values (LAPublicDefines.h; docs/evidence.md
/// §8.1).
public enum LAPolicy: Int, Hashable, Sendable, CaseIterable {
  /// Face ID or Touch ID only; the fallback button ends the evaluation with `userFallback`.
  case deviceOwnerAuthenticationWithBiometrics = 1
  /// Face ID or Touch ID, else (or after fallback) the device passcode.
  case deviceOwnerAuthentication = 2

  /// The Swift spelling, `deviceOwnerAuthentication`.
  public var name: String {
    switch self {
    case .deviceOwnerAuthenticationWithBiometrics: "deviceOwnerAuthenticationWithBiometrics"
    case .deviceOwnerAuthentication: "deviceOwnerAuthentication"
    }
  }
}
