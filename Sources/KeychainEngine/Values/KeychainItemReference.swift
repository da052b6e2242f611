import Foundation

/// A `SecKeychainItemRef`: what a Mac's file-based keychain returns for each item a
/// SecItemCopyMatching asks no kSecReturn key of, since kSecReturnRef is its default there
/// (`SecItemCopyMatching_osx` in Security's `OSX/libsecurity_keychain/lib/SecItem.cpp`), where
/// iOS returns nothing. Only the keychain and the item are kept: it is an opaque object to an
/// app, which hands it back to `SecKeychainItem…` calls the simulator does not model.
///
/// A class, as Apple's ref is a CF object; ``SecValue``'s payloads stay at most two words.
public final class KeychainItemReference: Sendable, Hashable {
  /// "login keychain", "System keychain".
  public let keychain: String
  /// The item's persistent reference in that keychain (what kSecReturnPersistentRef returns).
  public let persistentReference: Data

  public init(keychain: String, persistentReference: Data) {
    self.keychain = keychain
    self.persistentReference = persistentReference
  }

  /// Two references are equal when they name the same item of the same keychain.
  public static func == (lhs: KeychainItemReference, rhs: KeychainItemReference) -> Bool {
    lhs.keychain == rhs.keychain && lhs.persistentReference == rhs.persistentReference
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(keychain)
    hasher.combine(persistentReference)
  }
}
