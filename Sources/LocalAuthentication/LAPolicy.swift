// swift-format-ignore-file: AlwaysUseLowerCamelCase
// Apple's names, spelled as Apple spells them.

/// `LAPolicy`, with Apple's raw values (LAPublicDefines.h).
public enum LAPolicy: Int, Sendable, Hashable {
  /// Face ID or Touch ID only.
  case deviceOwnerAuthenticationWithBiometrics = 1
  /// Face ID or Touch ID, else the device passcode.
  case deviceOwnerAuthentication = 2
}

/// `LABiometryType`, with Apple's raw values (LAContext.h).
public enum LABiometryType: Int, Sendable, Hashable {
  case none = 0
  case touchID = 1
  case faceID = 2

  /// The deprecated spelling of ``none``.
  @available(*, deprecated, renamed: "none")
  public static let LABiometryNone = LABiometryType.none
}

/// "The maximum supported interval is 5 minutes" (LAContext.h).
public let LATouchIDAuthenticationMaximumAllowableReuseDuration: Double = 300

/// The error domain of ``LAError``.
public let LAErrorDomain = "com.apple.LocalAuthentication"
