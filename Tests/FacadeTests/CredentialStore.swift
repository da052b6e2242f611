import Foundation
import Security

/// A keychain wrapper written the way iOS apps and wrapper libraries write theirs: `[String:
/// Any]` queries keyed by `kSec... as String`, `as CFDictionary`, `var result: AnyObject?`,
/// `as? Data`. The tests drive it on the simulated phone, unchanged from what would compile on
/// iOS.
struct CredentialStore {
  struct KeychainError: Error, Equatable {
    let status: OSStatus
  }

  var service: String
  var accessible: CFString = kSecAttrAccessibleWhenUnlocked
  var accessGroup: String?

  private func baseQuery(_ account: String) -> [String: Any] {
    var query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword,
      kSecAttrService as String: service,
      kSecAttrAccount as String: account,
    ]
    if let accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
    return query
  }

  func set(_ value: String, for account: String) throws {
    let data = Data(value.utf8)
    var query = baseQuery(account)
    let status = SecItemCopyMatching(query as CFDictionary, nil)
    switch status {
    case errSecSuccess:
      let update = [kSecValueData as String: data]
      let updateStatus = SecItemUpdate(query as CFDictionary, update as CFDictionary)
      guard updateStatus == errSecSuccess else { throw KeychainError(status: updateStatus) }
    case errSecItemNotFound:
      query[kSecValueData as String] = data
      query[kSecAttrAccessible as String] = accessible
      let addStatus = SecItemAdd(query as CFDictionary, nil)
      guard addStatus == errSecSuccess else { throw KeychainError(status: addStatus) }
    default:
      throw KeychainError(status: status)
    }
  }

  func get(_ account: String, prompt: String? = nil, context: AnyObject? = nil) throws
    -> String?
  {
    var query = baseQuery(account)
    query[kSecReturnData as String] = kCFBooleanTrue!
    query[kSecMatchLimit as String] = kSecMatchLimitOne
    if let prompt { query[kSecUseOperationPrompt as String] = prompt }
    if let context { query[kSecUseAuthenticationContext as String] = context }
    var result: AnyObject?
    let status = SecItemCopyMatching(query as CFDictionary, &result)
    if status == errSecItemNotFound { return nil }
    guard status == errSecSuccess else { throw KeychainError(status: status) }
    guard let data = result as? Data else { throw KeychainError(status: errSecDecode) }
    return String(data: data, encoding: .utf8)
  }

  func remove(_ account: String) throws {
    let status = SecItemDelete(baseQuery(account) as CFDictionary)
    guard status == errSecSuccess || status == errSecItemNotFound else {
      throw KeychainError(status: status)
    }
  }

  /// Every item of the service, attributes only.
  func allAttributes() throws -> [[String: Any]] {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword,
      kSecAttrService as String: service,
      kSecReturnAttributes as String: true,
      kSecMatchLimit as String: kSecMatchLimitAll,
    ]
    var result: AnyObject?
    let status = SecItemCopyMatching(query as CFDictionary, &result)
    if status == errSecItemNotFound { return [] }
    guard status == errSecSuccess else { throw KeychainError(status: status) }
    return result as? [[String: Any]] ?? []
  }
}
