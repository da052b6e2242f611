// swift-format-ignore-file: AlwaysUseLowerCamelCase

// Apple's C names, spelled as Apple spells them.
import Foundation
internal import Keychain

/// `SecAccessControlRef`: made by ``SecAccessControlCreateWithFlags(_:_:_:_:)``, stored in a
/// query as `kSecAttrAccessControl`. An `NSObject` so clients can keep it in
/// `[String: AnyHashable]`; equal when protection and flags are, as `CFEqual` says.
public final class SecAccessControl: NSObject, @unchecked Sendable {
  /// The engine's value (immutable).
  let engineValue: Keychain.SecAccessControl

  init(_ engineValue: Keychain.SecAccessControl) {
    self.engineValue = engineValue
    super.init()
  }

  public override func isEqual(_ object: Any?) -> Bool {
    (object as? SecAccessControl)?.engineValue == engineValue
  }

  public override var hash: Int { engineValue.hashValue }

  public override var description: String {
    "<SecAccessControl protection: \(engineValue.protection), flags: "
      + "0x\(String(engineValue.flags.rawValue, radix: 16))>"
  }
}

/// `SecAccessControlCreateFlags`, with Apple's bits (SecAccessControl.h).
public struct SecAccessControlCreateFlags: OptionSet, Sendable, Hashable {
  public let rawValue: CFOptionFlags
  public init(rawValue: CFOptionFlags) { self.rawValue = rawValue }

  public static let userPresence = SecAccessControlCreateFlags(rawValue: 1 << 0)
  public static let biometryAny = SecAccessControlCreateFlags(rawValue: 1 << 1)
  @available(*, deprecated, renamed: "biometryAny")
  public static let touchIDAny = SecAccessControlCreateFlags(rawValue: 1 << 1)
  public static let biometryCurrentSet = SecAccessControlCreateFlags(rawValue: 1 << 3)
  @available(*, deprecated, renamed: "biometryCurrentSet")
  public static let touchIDCurrentSet = SecAccessControlCreateFlags(rawValue: 1 << 3)
  public static let devicePasscode = SecAccessControlCreateFlags(rawValue: 1 << 4)
  public static let companion = SecAccessControlCreateFlags(rawValue: 1 << 5)
  @available(*, deprecated, renamed: "companion")
  public static let watch = SecAccessControlCreateFlags(rawValue: 1 << 5)
  public static let or = SecAccessControlCreateFlags(rawValue: 1 << 14)
  public static let and = SecAccessControlCreateFlags(rawValue: 1 << 15)
  public static let privateKeyUsage = SecAccessControlCreateFlags(rawValue: 1 << 30)
  public static let applicationPassword = SecAccessControlCreateFlags(rawValue: 1 << 31)
}

/// Makes an access control for `kSecAttrAccessControl`, or returns `nil` and sets `error` to
/// an errSecParam CFError for what Security refuses (an unknown protection, `.or` with `.and`,
/// `.userPresence` with biometry...). The rules are the engine's.
@discardableResult
public func SecAccessControlCreateWithFlags(
  _ allocator: CFAllocator?, _ protection: CFTypeRef, _ flags: SecAccessControlCreateFlags,
  _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> SecAccessControl? {
  guard let protection = protection as? String else {
    error?.pointee = Unmanaged.passRetained(
      SecurityError.make(
        errSecParam,
        "SecAccessControl: protection must be a CFString (kSecAttrAccessible...), "
          + "got \(type(of: protection))"))
    return nil
  }
  // Flags outside 32 bits exist in no SDK; they are refused as unknown bits, not truncated.
  guard let bits = UInt32(exactly: flags.rawValue) else {
    error?.pointee = Unmanaged.passRetained(
      SecurityError.make(
        errSecParam, "SecAccessControl: unknown flags 0x\(String(flags.rawValue, radix: 16))"))
    return nil
  }
  do throws(SecAccessControlError) {
    let value = try Keychain.SecAccessControl.create(
      protection: protection, flags: Keychain.SecAccessControlCreateFlags(rawValue: bits))
    return SecAccessControl(value)
  } catch let failure {
    error?.pointee = Unmanaged.passRetained(
      SecurityError.make(failure.status.rawValue, failure.message))
    return nil
  }
}

/// The errors Security hands out as CFErrors: domain `NSOSStatusErrorDomain`, the status as
/// code, the reason as description.
enum SecurityError {
  static func make(_ status: OSStatus, _ message: String) -> CFError {
    NSError(
      domain: NSOSStatusErrorDomain, code: Int(status),
      userInfo: [NSLocalizedDescriptionKey: message, NSDebugDescriptionErrorKey: message])
  }
}
