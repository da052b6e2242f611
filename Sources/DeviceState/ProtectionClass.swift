/// A data-protection class: the `kSecAttrAccessible` value an item is stored under.
///
/// Raw values are Security's strings (`SecItemConstants.c`), which is also what the keychain
/// stores in the `pdmn` column. Which classes can be read in which device state is decided by
/// ``Device/availability(of:)``; see docs/evidence.md §6.
public enum ProtectionClass: String, CaseIterable, Sendable, Codable, Hashable {
  /// `kSecAttrAccessibleWhenUnlocked`: class A (Complete); readable only while unlocked.
  case ak
  /// `kSecAttrAccessibleAfterFirstUnlock`: class C; readable from the first unlock until reboot.
  case ck
  /// `kSecAttrAccessibleAlways` (deprecated in iOS 12): class D; always readable.
  case dk
  /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`: class A, never migrates to another device.
  case aku
  /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`: class C, never migrates.
  case cku
  /// `kSecAttrAccessibleAlwaysThisDeviceOnly` (deprecated in iOS 12): class D, never migrates.
  case dku
  /// `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`: class A that exists only while a
  /// passcode is set; its key is destroyed when the passcode is removed.
  case akpu

  /// Apple's constant name, e.g. `kSecAttrAccessibleWhenUnlocked`.
  public var appleName: String {
    switch self {
    case .ak: "kSecAttrAccessibleWhenUnlocked"
    case .ck: "kSecAttrAccessibleAfterFirstUnlock"
    case .dk: "kSecAttrAccessibleAlways"
    case .aku: "kSecAttrAccessibleWhenUnlockedThisDeviceOnly"
    case .cku: "kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly"
    case .dku: "kSecAttrAccessibleAlwaysThisDeviceOnly"
    case .akpu: "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly"
    }
  }

  /// The file-protection tier whose lock rules this class follows ([APS] "Data Protection
  /// classes").
  public var tier: ProtectionTier {
    switch self {
    case .ak, .aku, .akpu: .a
    case .ck, .cku: .c
    case .dk, .dku: .d
    }
  }

  /// Whether the item stays on this device (never restored to another one from a backup).
  public var isThisDeviceOnly: Bool {
    switch self {
    case .aku, .cku, .dku, .akpu: true
    case .ak, .ck, .dk: false
    }
  }

  /// Equality by case. Written out because a raw-valued enum otherwise takes
  /// `RawRepresentable`'s, which compares the raw `String`s; the keybag looks its class keys up
  /// by class twice per seal or open (docs/benchmarks.md, issue 29).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.ordinal == rhs.ordinal }

  /// Hashing by case, not by the raw `String` (`RawRepresentable`'s default): one integer
  /// through the hasher instead of the name's bytes, on every keybag look-up.
  public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

  /// The case's position in ``allCases``, for a table by class (the keybag's item keys).
  public var ordinal: UInt8 {
    switch self {
    case .ak: 0
    case .ck: 1
    case .dk: 2
    case .aku: 3
    case .cku: 4
    case .dku: 5
    case .akpu: 6
    }
  }

  /// This class's bit in a mask of classes: `1 << ordinal`.
  public var bit: UInt8 { 1 << ordinal }

  /// The classes whose bits are set in `mask`, built without the intermediate arrays of
  /// `allCases.filter`: `handle(.timeAdvanced)` makes one such set each time a grace period
  /// ends.
  public static func classes(inMask mask: UInt8) -> Set<ProtectionClass> {
    var classes = Set<ProtectionClass>(minimumCapacity: mask.nonzeroBitCount)
    for protectionClass in byOrdinal where mask & protectionClass.bit != 0 {
      classes.insert(protectionClass)
    }
    return classes
  }

  /// Every class in ``ordinal`` order (``ordinal`` is the position in `allCases`), kept once:
  /// `allCases` builds a new array at each use.
  private static let byOrdinal = allCases

  /// Looks a class up by its Apple constant name (`"kSecAttrAccessibleAfterFirstUnlock"`).
  public init?(appleName: String) {
    guard let found = Self.allCases.first(where: { $0.appleName == appleName }) else {
      return nil
    }
    self = found
  }
}

/// The three lock tiers of Data Protection: A (Complete), C (until first unlock), D (none).
public enum ProtectionTier: String, CaseIterable, Sendable, Codable, Hashable {
  /// Complete protection: the key is discarded shortly after the device locks.
  case a
  /// Protected until first user authentication: the key stays in memory until reboot.
  case c
  /// No protection beyond the device UID: always available.
  case d

  /// `A`, `C` or `D`, as Apple's Platform Security guide names the classes.
  public var letter: String { rawValue.uppercased() }

  /// Every protection class in this tier, in `ProtectionClass.allCases` order.
  public var classes: Set<ProtectionClass> {
    Set(ProtectionClass.allCases.filter { $0.tier == self })
  }
}
