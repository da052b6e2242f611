/// A Security framework result code.
///
/// Names, numbers and message texts follow Security's `base/SecBase.h` (the trailing comments of
/// its enum are the `SecErrorMessages.strings` table that `SecCopyErrorMessageString` reads).
/// A struct rather than an enum, like GRDB's `ResultCode`, so that a code this table does not
/// know is still representable.
///
/// `description` is stable: `errSecItemNotFound (-25300): The specified item could not be found
/// in the keychain.`
public struct OSStatus: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  public static let errSecSuccess = OSStatus(rawValue: 0)
  public static let errSecUnimplemented = OSStatus(rawValue: -4)
  public static let errSecDiskFull = OSStatus(rawValue: -34)
  public static let errSecIO = OSStatus(rawValue: -36)
  public static let errSecParam = OSStatus(rawValue: -50)
  public static let errSecAllocate = OSStatus(rawValue: -108)
  public static let errSecUserCanceled = OSStatus(rawValue: -128)
  public static let errSecBadReq = OSStatus(rawValue: -909)
  public static let errSecInternalComponent = OSStatus(rawValue: -2070)
  public static let errSecNoAccessForItem = OSStatus(rawValue: -25243)
  public static let errSecInvalidOwnerEdit = OSStatus(rawValue: -25244)
  public static let errSecNotAvailable = OSStatus(rawValue: -25291)
  public static let errSecReadOnly = OSStatus(rawValue: -25292)
  public static let errSecAuthFailed = OSStatus(rawValue: -25293)
  public static let errSecDuplicateItem = OSStatus(rawValue: -25299)
  public static let errSecItemNotFound = OSStatus(rawValue: -25300)
  public static let errSecNoSuchAttr = OSStatus(rawValue: -25303)
  public static let errSecNoSuchClass = OSStatus(rawValue: -25306)
  public static let errSecInteractionNotAllowed = OSStatus(rawValue: -25308)
  public static let errSecInteractionRequired = OSStatus(rawValue: -25315)
  public static let errSecDataNotAvailable = OSStatus(rawValue: -25316)
  public static let errSecAuthNeeded = OSStatus(rawValue: -25330)
  public static let errSecDecode = OSStatus(rawValue: -26275)
  public static let errSecInternal = OSStatus(rawValue: -26276)
  public static let errSecMissingEntitlement = OSStatus(rawValue: -34018)
  public static let errSecUpgradePending = OSStatus(rawValue: -34019)
  public static let errSecRestrictedAPI = OSStatus(rawValue: -34020)

  /// Every code this simulator knows, in the order of `SecBase.h`.
  public static let known: [OSStatus] = table.map(\.status)

  /// Apple's constant name, or `OSStatus <n>` for a code outside the table.
  public var name: String { Self.entry(for: self)?.name ?? "OSStatus \(rawValue)" }

  /// The text `SecCopyErrorMessageString` returns; `OSStatus <n>` when Security has none.
  public var message: String { Self.entry(for: self)?.message ?? "OSStatus \(rawValue)" }

  public var description: String { "\(name) (\(rawValue)): \(message)" }

  /// Looks a code up by Apple's name (`errSecItemNotFound`) or by number (`-25300`).
  public init?(nameOrNumber text: String) {
    if let number = Int32(text) {
      self.init(rawValue: number)
      return
    }
    guard let entry = Self.table.first(where: { $0.name == text }) else { return nil }
    self = entry.status
  }

  // MARK: - Table

  private struct Entry: Sendable {
    let status: OSStatus
    let name: String
    let message: String
  }

  private static func entry(for status: OSStatus) -> Entry? {
    table.first { $0.status == status }
  }

  private static let table: [Entry] = [
    Entry(status: .errSecSuccess, name: "errSecSuccess", message: "No error."),
    Entry(
      status: .errSecUnimplemented, name: "errSecUnimplemented",
      message: "Function or operation not implemented."),
    Entry(status: .errSecDiskFull, name: "errSecDiskFull", message: "The disk is full."),
    Entry(status: .errSecIO, name: "errSecIO", message: "I/O error."),
    Entry(
      status: .errSecParam, name: "errSecParam",
      message: "One or more parameters passed to a function were not valid."),
    Entry(status: .errSecAllocate, name: "errSecAllocate", message: "Failed to allocate memory."),
    Entry(
      status: .errSecUserCanceled, name: "errSecUserCanceled",
      message: "User canceled the operation."),
    Entry(
      status: .errSecBadReq, name: "errSecBadReq",
      message: "Bad parameter or invalid state for operation."),
    Entry(
      status: .errSecInternalComponent, name: "errSecInternalComponent",
      message: "OSStatus -2070"),
    Entry(
      status: .errSecNoAccessForItem, name: "errSecNoAccessForItem",
      message: "The specified item has no access control."),
    Entry(
      status: .errSecInvalidOwnerEdit, name: "errSecInvalidOwnerEdit",
      message: "Invalid attempt to change the owner of this item."),
    Entry(
      status: .errSecNotAvailable, name: "errSecNotAvailable",
      message: "No keychain is available. You may need to restart your computer."),
    Entry(
      status: .errSecReadOnly, name: "errSecReadOnly",
      message: "This keychain cannot be modified."),
    Entry(
      status: .errSecAuthFailed, name: "errSecAuthFailed",
      message: "The user name or passphrase you entered is not correct."),
    Entry(
      status: .errSecDuplicateItem, name: "errSecDuplicateItem",
      message: "The specified item already exists in the keychain."),
    Entry(
      status: .errSecItemNotFound, name: "errSecItemNotFound",
      message: "The specified item could not be found in the keychain."),
    Entry(
      status: .errSecNoSuchAttr, name: "errSecNoSuchAttr",
      message: "The specified attribute does not exist."),
    Entry(
      status: .errSecNoSuchClass, name: "errSecNoSuchClass",
      message: "The specified item does not appear to be a valid keychain item."),
    Entry(
      status: .errSecInteractionNotAllowed, name: "errSecInteractionNotAllowed",
      message: "User interaction is not allowed."),
    Entry(
      status: .errSecInteractionRequired, name: "errSecInteractionRequired",
      message: "User interaction is required, but is currently not allowed."),
    Entry(
      status: .errSecDataNotAvailable, name: "errSecDataNotAvailable",
      message: "The contents of this item cannot be retrieved."),
    Entry(
      status: .errSecAuthNeeded, name: "errSecAuthNeeded",
      message:
        "Auth is needed before the requested action can be performed.  An array of constraints "
        + "to be fulfilled is passed inside error.userInfo's 'cons' key."),
    Entry(
      status: .errSecDecode, name: "errSecDecode",
      message: "Unable to decode the provided data."),
    Entry(
      status: .errSecInternal, name: "errSecInternal",
      message: "An internal error occured in the Security framework."),
    Entry(
      status: .errSecMissingEntitlement, name: "errSecMissingEntitlement",
      message: "A required entitlement isn't present."),
    Entry(
      status: .errSecUpgradePending, name: "errSecUpgradePending",
      message:
        "Error returned if keychain database needs a schema migration but the device is locked, "
        + "clients should wait for a device unlock notification and retry the command."),
    Entry(
      status: .errSecRestrictedAPI, name: "errSecRestrictedAPI",
      message: "Client is restricted and is not permitted to perform this operation."),
  ]
}
