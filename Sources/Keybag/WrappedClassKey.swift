import DeviceState

/// A random identifier for one class key, written in front of everything sealed with it.
///
/// It lets `open` tell an item whose key was destroyed from a tampered one, and it costs
/// nothing secret: the id is random, not derived from the key.
struct KeyID: Hashable, Sendable {
  static let byteCount = 16

  let bytes: [UInt8]

  static func random() -> KeyID { KeyID(bytes: Sodium.randomBytes(byteCount)) }
}

/// A class key as stored: its id and the key sealed under a wrapping key.
///
/// `sealedKey` is `nonce ‖ ciphertext ‖ tag` of the 32 key bytes, with the class and key id as
/// associated data, so a wrapped key cannot be moved to another class.
struct WrappedClassKey: Equatable, Sendable {
  static let sealedByteCount = Sodium.nonceByteCount + Sodium.keyByteCount + Sodium.tagByteCount

  let keyID: KeyID
  let sealedKey: [UInt8]

  /// The associated data that binds a wrapped key to its class and id.
  static func associatedData(for protectionClass: ProtectionClass, keyID: KeyID) -> [UInt8] {
    Array("keychain-sim/class-key/v1\u{0}\(protectionClass.rawValue)\u{0}".utf8) + keyID.bytes
  }

  /// Seals `key` under `wrappingKey`.
  static func wrap(
    _ key: SecretBytes, id keyID: KeyID, as protectionClass: ProtectionClass,
    under wrappingKey: SecretBytes
  ) -> WrappedClassKey {
    let ad = associatedData(for: protectionClass, keyID: keyID)
    return WrappedClassKey(
      keyID: keyID, sealedKey: Sodium.seal(key, key: wrappingKey, associatedData: ad))
  }

  /// Opens the key with `wrappingKey`.
  ///
  /// - Throws: ``KeybagError/authenticationFailed`` if `wrappingKey` is not the one it was
  ///   wrapped under (for a passcode-derived key: a wrong passcode).
  func unwrap(as protectionClass: ProtectionClass, with wrappingKey: SecretBytes)
    throws(KeybagError) -> SecretBytes
  {
    let ad = Self.associatedData(for: protectionClass, keyID: keyID)
    return try Sodium.openSecret(sealedKey, key: wrappingKey, associatedData: ad)
  }
}
