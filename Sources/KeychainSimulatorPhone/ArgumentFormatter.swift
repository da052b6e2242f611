import Foundation
internal import Keychain

/// Writes a SecItem dictionary for the transcript with Apple's names
/// (`[kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a"]`); data is shown as its
/// size only, so no secret reaches a transcript.
enum ArgumentFormatter {
  static func describe(_ query: SecQuery) -> String {
    let classKey = SecQueryKey.itemClass.rawValue  // kSecClass first, then by raw name
    let keys = query.keys.sorted { lhs, rhs in
      (lhs == classKey ? 0 : 1, lhs) < (rhs == classKey ? 0 : 1, rhs)
    }
    let pairs = keys.map { key in
      let name = SecConstants.name(forKey: key) ?? "\"\(key)\""
      return "\(name): \(describe(query[key] ?? .null, key: key))"
    }
    return "[" + pairs.joined(separator: ", ") + "]"
  }

  private static func describe(_ value: SecValue, key: String) -> String {
    switch value {
    case .string(let text):
      SecConstants.name(forValue: text, underKey: key) ?? "\"\(text)\""
    case .data(let data): "<\(data.count) bytes>"
    case .number(let number): "\(number)"
    case .bool(let flag): "\(flag)"
    case .date(let date): "\(date)"
    case .array(let values):
      "[" + values.map { describe($0, key: key) }.joined(separator: ", ") + "]"
    case .dictionary(let dictionary): describe(dictionary)
    case .accessControl(let control):
      "SecAccessControl(\(control.protection), 0x\(String(control.flags.rawValue, radix: 16)))"
    case .authenticationContext(let context): context.description
    case .keychainItemReference(let reference): "SecKeychainItemRef(\(reference.keychain))"
    case .null: "NULL"
    }
  }
}
