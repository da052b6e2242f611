import Foundation
import Security

/// Where the app keeps its OAuth refresh token: the keychain, written the way iOS apps write
/// it. This is the fixed version; ``LegacyTokenStore`` is what version 1.0 shipped.
public struct TokenStore: Sendable {
  public enum Failure: Error, Equatable {
    /// The keychain cannot be read right now (the phone is locked): try again later.
    case unavailableWhileLocked
    case keychain(OSStatus)
  }

  public let service: String
  public let account = "refresh-token"

  public init(service: String = "com.acme.bank.session") {
    self.service = service
  }

  private var baseQuery: [String: Any] {
    [
      kSecClass as String: kSecClassGenericPassword,
      kSecAttrService as String: service,
      kSecAttrAccount as String: account,
    ]
  }

  /// Saves the token so that a background refresh can read it while the phone is locked:
  /// after the first unlock since boot, this device only.
  public func save(_ token: String) throws(Failure) {
    let data = Data(token.utf8)
    let update: [String: Any] = [
      kSecValueData as String: data,
      kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly,
    ]
    var status = SecItemUpdate(baseQuery as CFDictionary, update as CFDictionary)
    if status == errSecItemNotFound {
      var add = baseQuery
      add.merge(update) { _, new in new }
      status = SecItemAdd(add as CFDictionary, nil)
    }
    try check(status)
  }

  /// The token, `nil` when there is none. A locked phone is not "no token".
  public func load() throws(Failure) -> String? {
    var query = baseQuery
    query[kSecReturnData as String] = kCFBooleanTrue!
    query[kSecMatchLimit as String] = kSecMatchLimitOne
    var result: AnyObject?
    let status = SecItemCopyMatching(query as CFDictionary, &result)
    if status == errSecItemNotFound { return nil }
    try check(status)
    guard let data = result as? Data else { throw .keychain(errSecDecode) }
    return String(decoding: data, as: UTF8.self)
  }

  /// Moves a token saved by version 1.0 (kSecAttrAccessibleWhenUnlocked) to the
  /// accessibility background refresh needs. Call it while the app is in the foreground.
  public func migrateAccessibility() throws(Failure) {
    let update: [String: Any] = [
      kSecAttrAccessible as String: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
    ]
    let status = SecItemUpdate(baseQuery as CFDictionary, update as CFDictionary)
    if status == errSecItemNotFound { return }
    try check(status)
  }

  public func delete() throws(Failure) {
    let status = SecItemDelete(baseQuery as CFDictionary)
    if status == errSecItemNotFound { return }
    try check(status)
  }

  private func check(_ status: OSStatus) throws(Failure) {
    switch status {
    case errSecSuccess: return
    case errSecInteractionNotAllowed: throw .unavailableWhileLocked
    default: throw .keychain(status)
    }
  }
}
