import DeviceState
import ItemStore

/// How explanations name a dictionary key: Apple's constant with its raw string,
/// `kSecAttrAccount ("acct")`, or just the raw string when Security has no public name for it.
package enum KeyName {
  static func of(_ raw: String) -> String {
    if let name = SecConstants.name(forKey: raw) { return "\(name) (\"\(raw)\")" }
    return "\"\(raw)\""
  }

  static func of(_ attribute: AttributeName) -> String { of(attribute.rawValue) }

  static func of(_ key: SecQueryKey) -> String { of(key.rawValue) }
}
