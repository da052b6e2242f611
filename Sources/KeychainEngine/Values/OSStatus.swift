import DeviceState

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
  public static let errSecOpWr = OSStatus(rawValue: -49)
  public static let errSecParam = OSStatus(rawValue: -50)
  public static let errSecWrPerm = OSStatus(rawValue: -61)
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
  public static let errSecKeySizeNotAllowed = OSStatus(rawValue: -25311)
  public static let errSecInteractionRequired = OSStatus(rawValue: -25315)
  public static let errSecDataNotAvailable = OSStatus(rawValue: -25316)
  public static let errSecAuthNeeded = OSStatus(rawValue: -25330)
  public static let errSecDecode = OSStatus(rawValue: -26275)
  public static let errSecInternal = OSStatus(rawValue: -26276)
  public static let errSecMissingEntitlement = OSStatus(rawValue: -34018)
  public static let errSecUpgradePending = OSStatus(rawValue: -34019)
  public static let errSecRestrictedAPI = OSStatus(rawValue: -34020)
  public static let errSecVerifyFailed = OSStatus(rawValue: -67808)

  /// Every code of `SecBase.h`, in its order (``table``).
  public static let known: [OSStatus] = table.map(\.status)

  /// Apple's constant name, or `OSStatus <n>` for a code outside the table.
  public var name: String { Self.entry(for: self)?.name ?? "OSStatus \(rawValue)" }

  /// The text `SecCopyErrorMessageString` returns; `OSStatus <n>` when Security has none.
  public var message: String { Self.entry(for: self)?.comment ?? "OSStatus \(rawValue)" }

  public var description: String { "\(name) (\(rawValue)): \(message)" }

  /// Looks a code up by Apple's name (`errSecItemNotFound`) or by number (`-25300`).
  public init?(nameOrNumber text: String) {
    if let number = Int32(text) {
      self.init(rawValue: number)
      return
    }
    guard let entry = Self.byName[text] else { return nil }
    self = entry.status
  }

  // MARK: - Look-up

  private static let byCode: [Int32: Entry] = Dictionary(
    table.map { ($0.status.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
  private static let byName: [String: Entry] = Dictionary(
    table.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  private static func entry(for status: OSStatus) -> Entry? { byCode[status.rawValue] }
}
