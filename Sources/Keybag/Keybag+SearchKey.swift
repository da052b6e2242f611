import Foundation

/// The per-device search key: what turns an attribute value into the keyed hash the item
/// store keeps in its searchable columns (docs/fidelity.md, "Searchable columns: a keyed hash
/// of every attribute (HIGH for the layout)").
///
/// securityd keeps a SHA-1 of most attribute values in a column it can search
/// (`kSecDbSHA1ValueInFlag` in `SecItemSchema.c`); an unkeyed hash of a short value (an
/// account name) is as good as the value to anyone holding the file, so the simulator keys
/// it. The key is derived from the UID alone, never from the passcode: searching must work
/// while the device is locked, like securityd's SQL look-ups, and it comes back with the
/// keybag when a device file is reopened.
extension Keybag {
  /// Bytes in a search hash: 128 bits, so a collision among a device's items is negligible.
  public static let searchHashByteCount = 16

  /// Writes the keyed BLAKE2b hash of `message` under this device's search key into `hash`
  /// (``searchHashByteCount`` bytes). It takes bytes the caller holds and writes where the
  /// caller says, so a message can be built on the stack and its hash land in the inline
  /// value the item store keeps (``SearchHasher``): no `Data` per hash (docs/benchmarks.md).
  public func searchHash(
    _ message: UnsafeRawBufferPointer, into hash: UnsafeMutableRawBufferPointer
  ) {
    precondition(hash.count == Self.searchHashByteCount, "a search hash is 16 bytes")
    Sodium.keyedHash(into: hash, key: searchKey, message: message)
  }

  /// The search key of a device with `uid`: a label hashed under the UID.
  static func searchKey(uid: SecretBytes) -> SecretBytes {
    Sodium.keyedHash(key: uid, message: SecretBytes(copying: "keychain-sim/search-key/v1".utf8))
  }
}
