import DeviceState
import Foundation
import ItemStore

/// Four-character attributes and kSecMatchLimit: resolving against the class schema and
/// converting values the way `SecDbItem.c` does (docs/evidence.md §2.3).
extension QueryParser {
  /// Adds attribute `name`, whose packed name is `code` (``QueryKey/attribute(_:code:)``).
  func addAttribute(
    _ name: AttributeName, code: UInt64, value: SecValue, to parsed: inout ParsedQuery,
    schema: ClassSchema
  ) throws(SecItemFailure) {
    let itemClass = parsed.itemClass
    switch code {
    case AttributeCode.appClipItem:
      throw SecItemFailure(.errSecParam, .internalAttribute(name))
    case AttributeCode.accessControl:
      guard case .accessControl(let control) = value else {
        throw SecItemFailure(.errSecParam, .wrongType(key: .accessControl, got: value.type))
      }
      guard let protection = ProtectionClass(rawValue: control.protection) else {
        throw Self.unknownProtection(control.protection, key: .accessControl)
      }
      switch parsed.function {
      case .add, .attributesToUpdate:
        // The protection-only access control a search returned is the default: no ACL.
        parsed.accessControl = control.isProtectionOnly ? nil : control
        parsed.protection = protection
      case .copyMatching, .update, .delete:
        // securityd records a query's access control (`query_set_access_control`) but never
        // adds it to the search pairs (`query_add_attribute_with_desc` skips
        // kSecDbAccessControlAttr), so it selects nothing (docs/fidelity.md,
        // "kSecAttrAccessControl in a CopyMatching, Update or Delete query selects nothing (HIGH, code)").
        parsed.searchAccessControl = control
      }
      return
    case AttributeCode.synchronizable:
      parsed.synchronizable = try Self.synchronizable(value)
      return
    case AttributeCode.accessible:
      guard case .string(let raw) = value else {
        throw SecItemFailure(.errSecParam, .wrongType(key: .accessible, got: value.type))
      }
      guard let protection = ProtectionClass(rawValue: raw) else {
        throw Self.unknownProtection(raw, key: .accessible)
      }
      parsed.attributes[name] = .text(raw)
      parsed.protection = protection
      return
    default:
      break
    }
    guard let attribute = schema.attribute(code: code) else {
      throw SecItemFailure(.errSecNoSuchAttr, .noSuchAttribute(name, itemClass: itemClass))
    }
    guard let canonical = Self.canonical(value, kind: attribute.kind) else {
      throw SecItemFailure(
        .errSecParam, .unconvertible(name, got: value.type, expected: attribute.kind))
    }
    parsed.attributes.addNew(canonical, for: attribute)
  }

  /// `kSecMatchLimit`: a CFNumber, kSecMatchLimitOne or kSecMatchLimitAll (evidence §2.3).
  static func matchLimit(_ value: SecValue) throws(SecItemFailure) -> ParsedQuery.MatchLimit {
    switch value {
    // kSecMatchUnlimited is kCFNotFound (-1): the number form of kSecMatchLimitAll.
    case .number(-1): return .all
    case .number(let count): return .count(count)
    case .string(ParsedQuery.MatchLimit.oneConstant): return .count(1)
    case .string(ParsedQuery.MatchLimit.allConstant): return .all
    default:
      throw SecItemFailure(.errSecParam, .wrongType(key: .matchLimit, got: value.type))
    }
  }

  /// `kSecAttrSynchronizable`: a boolean, a number, or kSecAttrSynchronizableAny.
  static func synchronizable(_ value: SecValue) throws(SecItemFailure)
    -> ParsedQuery.Synchronizable
  {
    switch value {
    case .bool(let flag): return .value(flag)
    case .number(let number): return .value(number != 0)
    case .string(ParsedQuery.Synchronizable.anyConstant): return .any
    default:
      throw SecItemFailure(.errSecParam, .wrongType(key: .synchronizable, got: value.type))
    }
  }

  /// The value as the store compares it, or `nil` when Security cannot convert it.
  ///
  /// Blobs (`acct`, `svce`, `labl`, ...) accept a string, data or a number and keep what they
  /// were given (`copyBlob` in `SecDbItem.c`); they are searched by the hash of their bytes, so
  /// a string and the same bytes as data are one value (``SearchHasher``). Data attributes
  /// convert a string to its UTF-8 bytes and a number to its 4 bytes as a 32-bit integer
  /// (`copyData`). Numbers accept booleans, and a string that is not a decimal number stays a
  /// string (`copyNumber` in `SecDbItem.c`: `ptcl` values like kSecAttrProtocolHTTP are 4-char
  /// codes).
  static func canonical(_ value: SecValue, kind: AttributeKind) -> StoredValue? {
    switch (kind, value) {
    case (.blob, .string(let text)), (.string, .string(let text)): return .text(text)
    case (.blob, .data(let bytes)), (.data, .data(let bytes)): return .blob(bytes)
    case (.data, .string(let text)): return .blob(Data(text.utf8))
    case (.blob, .number(let number)): return .integer(number)
    case (.data, .number(let number)): return .blob(SearchHasher.int32Bytes(number))
    case (.string, .data(let bytes)):
      return String(data: bytes, encoding: .utf8).map(StoredValue.text)
    case (.number, .number(let number)): return .integer(number)
    case (.number, .bool(let flag)), (.bool, .bool(let flag)): return .integer(flag ? 1 : 0)
    case (.bool, .number(let number)): return .integer(number != 0 ? 1 : 0)
    case (.number, .string(let text)):
      if let number = Int64(text), String(number) == text { return .integer(number) }
      return .text(text)
    case (.date, .date(let date)): return .real(date.timeIntervalSinceReferenceDate)
    default: return nil
    }
  }

  static func unknownProtection(_ raw: String, key: AttributeName) -> SecItemFailure {
    SecItemFailure(.errSecParam, .unknownProtection(raw, key: key))
  }

}
