import Foundation
import Security

/// Version 1.0 of the token store, kept to reproduce the 3 a.m. bug: it saves with the
/// keychain's default accessibility (kSecAttrAccessibleWhenUnlocked) and reads "any error" as
/// "no token".
public struct LegacyTokenStore: Sendable {
  public let service: String
  public let account = "refresh-token"

  public init(service: String = "com.acme.bank.session") {
    self.service = service
  }

  public func save(_ token: String) {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword,
      kSecAttrService as String: service,
      kSecAttrAccount as String: account,
    ]
    SecItemDelete(query as CFDictionary)
    var add = query
    add[kSecValueData as String] = Data(token.utf8)
    SecItemAdd(add as CFDictionary, nil)
  }

  public func load() -> String? {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword,
      kSecAttrService as String: service,
      kSecAttrAccount as String: account,
      kSecReturnData as String: true,
    ]
    var result: AnyObject?
    guard SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess,
      let data = result as? Data
    else { return nil }
    return String(decoding: data, as: UTF8.self)
  }

  public func delete() {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword,
      kSecAttrService as String: service,
      kSecAttrAccount as String: account,
    ]
    SecItemDelete(query as CFDictionary)
  }
}
