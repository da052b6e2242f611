import ItemStore

/// How explanations name a dictionary key: Apple's constant with its raw string,
/// `kSecAttrAccount ("acct")`, or just the raw string when Security has no public name for it.
enum KeyName {
  static func of(_ raw: String) -> String {
    if let name = SecConstants.name(forKey: raw) { return "\(name) (\"\(raw)\")" }
    return "\"\(raw)\""
  }

  static func of(_ attribute: AttributeName) -> String { of(attribute.rawValue) }

  static func of(_ key: SecQueryKey) -> String { of(key.rawValue) }

  /// The Apple name of a raw value constant (`"ak"` → kSecAttrAccessibleWhenUnlocked).
  static func ofValue(_ raw: String) -> String? { valueNames[raw] }

  private static let valueNames: [String: String] = {
    var table: [String: String] = [:]
    for (name, value) in SecConstants.values {
      guard case .string(let raw) = value else { continue }
      // Several names can share a raw string (kSecAttrKeyTypeEC); keep the shortest, stable.
      if let existing = table[raw], existing.count <= name.count, existing < name { continue }
      table[raw] = name
    }
    return table
  }()
}
