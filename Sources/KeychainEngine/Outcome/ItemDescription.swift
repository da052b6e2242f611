import DeviceState
import Foundation
import ItemStore

/// How explanations and `show items` name an item, from its opened attributes or, for a locked
/// item, the values of the query that selected it: "item `alice` (genp, service com.app.auth)".
package enum ItemDescription {
  static func of(_ itemClass: ItemClass, plain: [String: StoredValue]) -> String {
    let account = text(plain[.account])
    switch itemClass {
    case .genp:
      return "item \(quoted(account)) (\(detail(.genp, "service", plain[.service])))"
    case .inet:
      return "item \(quoted(account)) (\(detail(.inet, "server", plain[.server])))"
    case .cert:
      return "certificate (cert, serial \(text(plain[.serialNumber]) ?? "none"))"
    case .keys:
      return "key (keys, tag \(text(plain[.applicationTag]) ?? "none"))"
    }
  }

  package static func of(_ item: KeychainItem) -> String {
    of(item.itemClass, plain: item.attributes)
  }

  /// "genp, service com.app.auth", or just "genp" when the attribute is empty: Apple's default
  /// for a missing primary-key string is "", which reads badly in a sentence.
  private static func detail(_ code: ItemClass, _ label: String, _ value: StoredValue?)
    -> String
  {
    guard let value = text(value) else { return code.rawValue }
    return "\(code.rawValue), \(label) \(value)"
  }

  private static func quoted(_ account: String?) -> String {
    guard let account, !account.isEmpty else { return "with no account" }
    return "`\(account)`"
  }

  /// A short rendering of an attribute value: text as is, bytes as text when printable,
  /// otherwise their length. `nil` for an empty or missing value.
  package static func text(_ value: StoredValue?) -> String? {
    switch value {
    case .text(let text)?: return text.isEmpty ? nil : text
    case .blob(let bytes)?:
      guard !bytes.isEmpty else { return nil }
      if let text = String(data: bytes, encoding: .utf8),
        text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F })
      {
        return text
      }
      return "<\(bytes.count) bytes>"
    case .hash?: return text(value?.asBlob)
    case .integer(let number)?: return String(number)
    case .real(let number)?: return String(number)
    case .null?, nil: return nil
    }
  }
}

extension SecItemFailure.ItemName {
  package init(_ item: KeychainItem) { self.init(item.itemClass, plain: item.attributes) }
}
