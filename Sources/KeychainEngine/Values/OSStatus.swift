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

  /// Where each code's entry is in ``table``: an open-addressed hash table of table indices,
  /// `-1` for an empty slot, probed linearly from ``slot(for:)``. Not a `[Int32: Entry]`:
  /// building that dictionary (its type is resolved by mangled name, which checks `Int32`'s
  /// conformances against every conformance record of the executable) was 2 % of
  /// `keychain-sim explain`'s start-up; sorting the codes instead cost as much through the sort's
  /// own generic types (docs/benchmarks.md, "Start-up"). This costs a few thousand instructions.
  private static let slots: [Int] = {
    precondition(table.count * 2 <= slotCount, "OSStatus.slotCount is too small for the table")
    var slots = [Int](repeating: -1, count: slotCount)
    for index in table.indices {
      var slot = slot(for: table[index].status.rawValue)
      while slots[slot] >= 0 && table[slots[slot]].status != table[index].status {
        slot = (slot + 1) % slotCount
      }
      if slots[slot] < 0 { slots[slot] = index }  // a repeated code keeps its first entry
    }
    return slots
  }()

  private static let slotCount = 1024

  /// Fibonacci hashing: consecutive codes (most of the table) land far apart.
  private static func slot(for code: Int32) -> Int {
    Int((UInt32(bitPattern: code) &* 0x9E37_79B9) >> 22)
  }

  private static let byName: [String: Entry] = Dictionary(
    table.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

  /// The first entry of ``table`` with this code.
  private static func entry(for status: OSStatus) -> Entry? {
    var slot = slot(for: status.rawValue)
    while slots[slot] >= 0 {
      let entry = table[slots[slot]]
      if entry.status == status { return entry }
      slot = (slot + 1) % slotCount
    }
    return nil
  }
}
