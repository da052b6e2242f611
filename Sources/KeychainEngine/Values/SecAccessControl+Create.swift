import DeviceState

/// Why `SecAccessControlCreateWithFlags` returned NULL: its CFError is errSecParam with this
/// message (Security `SecAccessControl.m` l.161–182, l.301–313).
public struct SecAccessControlError: Error, Sendable, Hashable, CustomStringConvertible {
  public let status: OSStatus
  public let message: String

  public var description: String { "\(status.name) (\(status.rawValue)): \(message)" }
}

extension SecAccessControl {
  /// `SecAccessControlCreateWithFlags(nil, protection, flags, &error)`.
  ///
  /// Rejects what Security rejects (docs/evidence.md §7.1, si_77 test): a NULL or unknown
  /// protection, `.or` with `.and`, `.biometryAny` with `.biometryCurrentSet`, and
  /// `.userPresence` combined with anything but `.applicationPassword` / `.privateKeyUsage`.
  ///
  /// ```swift
  /// try SecAccessControl.create(protection: "akpu", flags: [.biometryAny, .or, .devicePasscode])
  /// try SecAccessControl.create(protection: "dk", flags: [.userPresence, .biometryAny]) // throws
  /// ```
  public static func create(protection: String?, flags: SecAccessControlCreateFlags)
    throws(SecAccessControlError) -> SecAccessControl
  {
    guard let protection else { throw invalid("protection is NULL") }
    // `SecAccessControlSetProtection` accepts the seven public protection classes.
    guard ProtectionClass(rawValue: protection) != nil else {
      throw invalid("SecAccessControl: invalid protection \(protection)")
    }
    if flags.contains(.or), flags.contains(.and) {
      throw invalid(
        "only one logical operation can be set (kSecAccessControlOr, kSecAccessControlAnd)")
    }
    if flags.contains(.biometryAny), flags.contains(.biometryCurrentSet) {
      throw invalid(
        "only one bio constraint can be set (kSecAccessControlBiometryAny, "
          + "kSecAccessControlBiometryCurrentSet)")
    }
    let companions: SecAccessControlCreateFlags = [
      .userPresence, .applicationPassword, .privateKeyUsage,
    ]
    if flags.contains(.userPresence), !flags.isSubset(of: companions) {
      throw invalid(
        "kSecAccessControlUserPresence can be combined only with "
          + "kSecAccessControlApplicationPassword and kSecAccessControlPrivateKeyUsage")
    }
    return SecAccessControl(protection: protection, flags: flags)
  }

  private static func invalid(_ message: String) -> SecAccessControlError {
    SecAccessControlError(status: .errSecParam, message: message)
  }
}
