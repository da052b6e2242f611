import DeviceState
import ItemStore

/// The checks Security's client library (`SecItem.m`) makes before the request reaches the
/// daemon, so they win over the daemon's entitlement errors.
package enum ClientChecks {
  static func check(
    _ query: SecQuery, as function: SecItemFunction, holding keys: CheckedKeys
  ) throws(SecItemFailure) {
    if keys.contains(.accessControl), let control = query[.accessControl] {
      guard case .accessControl = control else {
        throw SecItemFailure(.errSecParam, .wrongType(key: .accessControl, got: control.type))
      }
      if function == .add || function == .attributesToUpdate,
        isSynchronizable(query[.synchronizable])
      {
        throw SecItemFailure(.errSecParam, .accessControlSynchronizable)
      }
    }
    if keys.contains(.authenticationUI),
      query[.authenticationUI] == .string(AuthenticationUI.skip.rawValue),
      function != .copyMatching
    {
      throw SecItemFailure(.errSecParam, .authenticationUISkipOutsideCopy(function))
    }
    if keys.contains(.authenticationContext), query[.authenticationContext] != nil,
      query[.credentialReference] != nil
    {
      throw SecItemFailure(.errSecParam, .contextWithCredentialReference)
    }
  }

  private static func isSynchronizable(_ value: SecValue?) -> Bool {
    switch value {
    case .bool(true)?: true
    case .number(let number)?: number != 0
    default: false
    }
  }
}

/// Which of the keys the validator's early checks read a dictionary holds, and its kSecClass
/// value, found in one pass over its keys: most dictionaries hold none of the checked keys, and
/// looking each one up (and `class` for the parser) hashed it every call (issue 29). A check
/// still reads its key's value from the dictionary.
struct CheckedKeys {
  /// The checked keys, as bits.
  struct Present: OptionSet {
    let rawValue: UInt8

    static let accessControl = Self(rawValue: 1 << 0)
    static let authenticationUI = Self(rawValue: 1 << 1)
    static let authenticationContext = Self(rawValue: 1 << 2)
    static let appClipItem = Self(rawValue: 1 << 3)
    static let accessGroup = Self(rawValue: 1 << 4)
    /// `kSecClass` is kSecClassIdentity, which SecItemCopyMatching and SecItemDelete answer
    /// apart (``SecItemEngine/identity(_:as:context:)``): found in the same pass, where looking
    /// `class` up first hashed it every call.
    static let identityClass = Self(rawValue: 1 << 5)

    init(rawValue: UInt8) { self.rawValue = rawValue }
  }

  private(set) var present: Present = []
  /// The class kSecClass names, when it is one the store has, found in the same pass: the
  /// parser takes it from here (``QueryParser/parse(_:as:holding:)``), where looking `class`
  /// up hashed it every call. `nil` when kSecClass is absent or holds anything else: the parser
  /// then reads the dictionary to say what is wrong (or finds a persistent reference's class).
  /// A class rather than the value: keeping a `SecValue` made every copy of this a retain and
  /// a release.
  private(set) var itemClass: ItemClass?

  /// Whether the dictionary holds `key`.
  func contains(_ key: Present) -> Bool { present.contains(key) }

  /// The checked keys among `query`'s. Each is a four-character attribute, a `kSecUse*` key
  /// (`u_...`) or `class` (whose value alone is read): a key is compared only with the
  /// spellings of its own shape, and most keys (`r_Data`, ...) with none.
  init(_ query: SecQuery) {
    // By index, so that a value is read only for `class`: copying every value out with its
    // key was a copy and a destroy of each.
    for index in query.indices {
      let key = query.keys[index]
      let bytes = key.utf8
      if bytes.count == 5, key == SecQueryKey.itemClass.rawValue {
        guard case .string(let raw) = query.values[index] else { continue }
        itemClass = Self.itemClass(named: raw)
        if itemClass == nil, raw == QueryParser.identityClass { present.insert(.identityClass) }
      } else if bytes.count == 4 {
        // Compared packed, as integers, as the parser compares them: comparing the key with
        // three strings called into the run time's string comparison for each (issue 29).
        guard let code = AttributeCodes.code(of: key) else { continue }
        if code == AttributeCode.accessControl {
          present.insert(.accessControl)
        } else if code == AttributeCode.appClipItem {
          present.insert(.appClipItem)
        } else if code == Self.accessGroupCode {
          present.insert(.accessGroup)
        }
      } else if bytes.first == UInt8(ascii: "u") {
        switch key {
        case SecQueryKey.authenticationUI.rawValue: present.insert(.authenticationUI)
        case SecQueryKey.authenticationContext.rawValue: present.insert(.authenticationContext)
        default: continue
        }
      }
    }
  }

  /// `ItemClass(rawValue: raw)`, compared with each class's name in turn: the synthesized
  /// initializer goes through the run time's generic string switch (`_findStringSwitchCase`),
  /// a dozen instruction-cache misses of every call for four short names (issue 29).
  private static func itemClass(named raw: String) -> ItemClass? {
    for candidate in classes where candidate.rawValue == raw { return candidate }
    return nil
  }

  private static let classes = ItemClass.allCases

  /// kSecAttrAccessGroup's name, packed (``AttributeCodes/code(of:)``).
  private static let accessGroupCode =
    AttributeCodes.code(of: AttributeName.accessGroup.rawValue)!
}
