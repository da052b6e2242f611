import DeviceState
import ItemStore

/// One dictionary key, classified the way Security's daemon does it: by its spelling alone
/// (`SecDbQuery.c` `query_applier`, docs/evidence.md §2.1).
package enum QueryKey: Sendable, Equatable {
  /// `kSecClass` (`"class"`).
  case itemClass
  /// A four-character attribute (`acct`, `pdmn`, ...), resolved later against the class, with
  /// its name packed (``AttributeCodes/code(of:)``): the parser compares and looks up the
  /// code, where each comparison of the name was a string comparison.
  case attribute(AttributeName, code: UInt64)
  /// `nleg` (`kSecUseDataProtectionKeychain`): a no-op on iOS, dropped by the daemon.
  case ignoredAttribute
  /// A `kSecMatch*` key; unknown ones are accepted.
  case match(String)
  case returnKey(ReturnKey)
  /// A `kSecUse*` key.
  case use(SecQueryKey)
  case value(ValueKey)
  /// A key starting with `f`, which the daemon skips.
  case ignored

  package enum ReturnKey: Sendable, CaseIterable {
    case data
    case attributes
    case ref
    case persistentRef

    var key: SecQueryKey {
      switch self {
      case .data: .returnData
      case .attributes: .returnAttributes
      case .ref: .returnRef
      case .persistentRef: .returnPersistentRef
      }
    }

    /// A switch on the spelling: looking it up in `allCases` built that array every call.
    init?(_ raw: String) {
      switch raw {
      case SecQueryKey.returnData.rawValue: self = .data
      case SecQueryKey.returnAttributes.rawValue: self = .attributes
      case SecQueryKey.returnRef.rawValue: self = .ref
      case SecQueryKey.returnPersistentRef.rawValue: self = .persistentRef
      default: return nil
      }
    }
  }

  /// A set of return keys, as bits: every query builds one and every read consults it, and a
  /// `Set` of an enum allocates and hashes for what fits in a byte.
  package struct ReturnKeys: OptionSet, Sendable, Hashable {
    package let rawValue: UInt8

    package init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ key: ReturnKey) {
      switch key {
      case .data: rawValue = 1
      case .attributes: rawValue = 2
      case .ref: rawValue = 4
      case .persistentRef: rawValue = 8
      }
    }

    static let data = ReturnKeys(.data)
    static let attributes = ReturnKeys(.attributes)
    static let ref = ReturnKeys(.ref)
    static let persistentRef = ReturnKeys(.persistentRef)

    /// How many keys the set holds.
    var count: Int { rawValue.nonzeroBitCount }

    /// The keys the set holds, in ``ReturnKey``'s order.
    var members: [ReturnKey] { ReturnKey.allCases.filter { contains(ReturnKeys($0)) } }

    /// The first of ``members``; `nil` for an empty set. Read from the bits, in ``ReturnKey``'s
    /// order, without building `members`.
    var first: ReturnKey? {
      if contains(.data) { return .data }
      if contains(.attributes) { return .attributes }
      if contains(.ref) { return .ref }
      if contains(.persistentRef) { return .persistentRef }
      return nil
    }
  }

  package enum ValueKey: Sendable, CaseIterable {
    case data
    case ref
    case persistentRef

    var key: SecQueryKey {
      switch self {
      case .data: .valueData
      case .ref: .valueRef
      case .persistentRef: .valuePersistentRef
      }
    }

    /// A switch on the spelling, as ``ReturnKey``'s.
    init?(_ raw: String) {
      switch raw {
      case SecQueryKey.valueData.rawValue: self = .data
      case SecQueryKey.valueRef.rawValue: self = .ref
      case SecQueryKey.valuePersistentRef.rawValue: self = .persistentRef
      default: return nil
      }
    }
  }

  /// Classifies `raw`, or returns `nil` for a key the daemon rejects with errSecParam.
  static func classify(_ raw: String) -> QueryKey? {
    if raw.utf8.count == 4, let code = AttributeCodes.code(of: raw) {
      return code == AttributeCode.dataProtectionKeychain
        ? .ignoredAttribute : .attribute(AttributeName(rawValue: raw), code: code)
    }
    switch leadingASCII(raw) {
    case UInt8(ascii: "c"): return raw == SecQueryKey.itemClass.rawValue ? .itemClass : nil
    case UInt8(ascii: "m"): return .match(raw)
    case UInt8(ascii: "r"): return ReturnKey(raw).map(QueryKey.returnKey)
    case UInt8(ascii: "u"):
      return SecQueryKey.useKeys.contains(raw) ? .use(SecQueryKey(rawValue: raw)) : nil
    case UInt8(ascii: "v"): return ValueKey(raw).map(QueryKey.value)
    case UInt8(ascii: "f"): return .ignored
    default: return nil
    }
  }

  /// The first character of `raw` when it is a single ASCII scalar, else `nil`. Read from the
  /// bytes when the second byte is ASCII too (the first character is then the first byte
  /// alone); only otherwise is the first grapheme cluster worked out, which takes a call into
  /// the grapheme breaker for every key of every call. The bytes are read in place
  /// (`withUTF8`): walking the `utf8` view cost about three hundred instructions a key.
  private static func leadingASCII(_ raw: String) -> UInt8? {
    var raw = raw
    // `.some(nil)`: the key is empty; `nil`: the bytes alone cannot tell.
    let fromBytes = raw.withUTF8 { bytes -> UInt8?? in
      guard let first = bytes.first else { return .some(nil) }
      if first < 0x80, bytes.count == 1 || bytes[1] < 0x80 { return .some(first) }
      return nil
    }
    if let fromBytes { return fromBytes }
    guard let character = raw.first, character.unicodeScalars.count == 1 else { return nil }
    return character.asciiValue
  }
}

/// The packed names (``AttributeCodes/code(of:)``) of the four-character keys the parser
/// treats apart, each packed once.
enum AttributeCode {
  static let dataProtectionKeychain = pack(.dataProtectionKeychain)
  static let appClipItem = pack(.appClipItem)
  static let accessControl = pack(.accessControl)
  static let synchronizable = pack(.synchronizable)
  static let accessible = pack(.accessible)

  private static func pack(_ name: AttributeName) -> UInt64 {
    guard let code = AttributeCodes.code(of: name.rawValue) else {
      preconditionFailure("\(name.rawValue) is a four-character attribute name")
    }
    return code
  }
}
