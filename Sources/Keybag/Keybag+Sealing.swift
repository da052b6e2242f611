import DeviceState
import Foundation

extension Keybag {
  /// Seals item data with a class key: `key id ‖ nonce ‖ ciphertext ‖ tag`.
  ///
  /// XChaCha20-Poly1305-IETF with a random nonce; the associated data binds the class, the key
  /// id and the caller's `context` (the item's identity), so a sealed value cannot be moved to
  /// another item, column or class.
  ///
  /// - Throws: ``KeybagError/classUnavailable(_:)`` while the class is locked,
  ///   ``KeybagError/noClassKey(_:)`` for `akpu` with no passcode.
  public func seal(_ plaintext: Data, in protectionClass: ProtectionClass, context: Data)
    throws(KeybagError) -> Data
  {
    guard let stored = wrapped[protectionClass] else { throw .noClassKey(protectionClass) }
    guard let key = loaded[protectionClass] else { throw .classUnavailable(protectionClass) }
    let ad = Self.itemAssociatedData(protectionClass, keyID: stored.keyID, context: context)
    let sealed = Sodium.seal(Array(plaintext), key: key, associatedData: ad)
    return Data(stored.keyID.bytes + sealed)
  }

  /// Opens what ``seal(_:in:context:)`` produced.
  ///
  /// Checked in this order, so each failure names its real cause:
  /// 1. the key id is one of a destroyed key → ``KeybagError/keyDestroyed``;
  /// 2. the key id is not the class's current key (wrong class, garbled) →
  ///    ``KeybagError/authenticationFailed``;
  /// 3. the class key is not in memory → ``KeybagError/classUnavailable(_:)``;
  /// 4. the AEAD does not verify (tampered, wrong context) →
  ///    ``KeybagError/authenticationFailed``.
  public func open(_ sealed: Data, in protectionClass: ProtectionClass, context: Data)
    throws(KeybagError) -> Data
  {
    let bytes = Array(sealed)
    guard bytes.count >= KeyID.byteCount + Sodium.nonceByteCount + Sodium.tagByteCount else {
      throw .authenticationFailed
    }
    let keyID = KeyID(bytes: Array(bytes[..<KeyID.byteCount]))
    if destroyedKeyIDs.contains(keyID) { throw .keyDestroyed }
    guard let stored = wrapped[protectionClass], stored.keyID == keyID else {
      throw .authenticationFailed
    }
    guard let key = loaded[protectionClass] else { throw .classUnavailable(protectionClass) }
    let ad = Self.itemAssociatedData(protectionClass, keyID: keyID, context: context)
    return Data(
      try Sodium.open(Array(bytes[KeyID.byteCount...]), key: key, associatedData: ad))
  }

  /// `label ‖ class ‖ 0 ‖ key id ‖ context`: the class is NUL-terminated and the key id fixed
  /// size, so the context can be any bytes without ambiguity.
  private static func itemAssociatedData(
    _ protectionClass: ProtectionClass, keyID: KeyID, context: Data
  ) -> [UInt8] {
    Array("keychain-sim/item/v1\u{0}\(protectionClass.rawValue)\u{0}".utf8) + keyID.bytes
      + Array(context)
  }
}
