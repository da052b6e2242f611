import DeviceState

/// A `SecAccessControlRef`: a protection class plus the constraints that gate the item's use.
///
/// Built by ``SecAccessControl/create(protection:flags:)``, which mirrors
/// `SecAccessControlCreateWithFlags` and its rejected combinations (Security
/// `SecAccessControl.m`).
public struct SecAccessControl: Sendable, Hashable {
  /// The `kSecAttrAccessible` raw value (`"ak"`, `"akpu"`, ...).
  public let protection: String
  public let flags: SecAccessControlCreateFlags
  /// The access control securityd gives an item added without one: its protection and no
  /// ACL at all. `SecAccessControlCreateWithFlags` always makes an ACL, even with no flags,
  /// so the two are different values (CFEqual), as here.
  public let isProtectionOnly: Bool

  public init(
    protection: String, flags: SecAccessControlCreateFlags, isProtectionOnly: Bool = false
  ) {
    self.protection = protection
    self.flags = isProtectionOnly ? [] : flags
    self.isProtectionOnly = isProtectionOnly
  }

  /// The access control securityd reports for an item added without one.
  public static func protectionOnly(_ protection: String) -> SecAccessControl {
    SecAccessControl(protection: protection, flags: [], isProtectionOnly: true)
  }
}

/// `SecAccessControlCreateFlags`, with Apple's bit values (`SecAccessControl.h`).
public struct SecAccessControlCreateFlags: OptionSet, Sendable, Hashable {
  public let rawValue: UInt32
  public init(rawValue: UInt32) { self.rawValue = rawValue }

  public static let userPresence = SecAccessControlCreateFlags(rawValue: 1 << 0)
  public static let biometryAny = SecAccessControlCreateFlags(rawValue: 1 << 1)
  public static let biometryCurrentSet = SecAccessControlCreateFlags(rawValue: 1 << 3)
  public static let devicePasscode = SecAccessControlCreateFlags(rawValue: 1 << 4)
  public static let companion = SecAccessControlCreateFlags(rawValue: 1 << 5)
  public static let or = SecAccessControlCreateFlags(rawValue: 1 << 14)
  public static let and = SecAccessControlCreateFlags(rawValue: 1 << 15)
  public static let privateKeyUsage = SecAccessControlCreateFlags(rawValue: 1 << 30)
  public static let applicationPassword = SecAccessControlCreateFlags(rawValue: 1 << 31)

  /// Swift spellings (`.biometryAny`) and their Objective-C names, for parsers and transcripts.
  public static let named: [(swift: String, objc: String, flag: SecAccessControlCreateFlags)] = [
    ("userPresence", "kSecAccessControlUserPresence", .userPresence),
    ("biometryAny", "kSecAccessControlBiometryAny", .biometryAny),
    ("touchIDAny", "kSecAccessControlTouchIDAny", .biometryAny),
    ("biometryCurrentSet", "kSecAccessControlBiometryCurrentSet", .biometryCurrentSet),
    ("touchIDCurrentSet", "kSecAccessControlTouchIDCurrentSet", .biometryCurrentSet),
    ("devicePasscode", "kSecAccessControlDevicePasscode", .devicePasscode),
    ("companion", "kSecAccessControlCompanion", .companion),
    ("watch", "kSecAccessControlWatch", .companion),
    ("or", "kSecAccessControlOr", .or),
    ("and", "kSecAccessControlAnd", .and),
    ("privateKeyUsage", "kSecAccessControlPrivateKeyUsage", .privateKeyUsage),
    ("applicationPassword", "kSecAccessControlApplicationPassword", .applicationPassword),
  ]
}
