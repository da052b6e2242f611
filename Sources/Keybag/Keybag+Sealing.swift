import DeviceState
import Foundation

extension Keybag {
  /// Seals item data with a class key: `key id ‖ nonce ‖ ciphertext ‖ tag`.
  ///
  /// XChaCha20-Poly1305-IETF with a random nonce; the associated data binds the class, the key
  /// id and the caller's `context` (the item's identity), so a sealed value cannot be moved to
  /// another item, column or class.
  ///
  /// Every SecItem call seals or opens a few columns, so this writes straight into the result
  /// instead of building intermediate arrays (docs/benchmarks-history.md).
  ///
  /// - Throws: ``KeybagError/classUnavailable(_:)`` while the class is locked,
  ///   ``KeybagError/noClassKey(_:)`` for `akpu` with no passcode.
  public func seal(_ plaintext: Data, in protectionClass: ProtectionClass, context: Data)
    throws(KeybagError) -> Data
  {
    guard let stored = wrapped[protectionClass] else { throw .noClassKey(protectionClass) }
    guard let key = loaded[protectionClass] else { throw .classUnavailable(protectionClass) }
    let ad = Self.itemAssociatedData(protectionClass, keyID: stored.keyID, context: context)
    let idCount = KeyID.byteCount
    var sealed = Data(count: idCount + Sodium.sealedOverhead + plaintext.count)
    sealed.withUnsafeMutableBytes { out in
      out.copyBytes(from: stored.keyID.bytes)
      plaintext.withUnsafeBytes { plain in
        Sodium.seal(
          plain, key: key, associatedData: ad,
          into: UnsafeMutableRawBufferPointer(rebasing: out[idCount...]))
      }
    }
    return sealed
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
    let idCount = KeyID.byteCount
    guard sealed.count >= idCount + Sodium.sealedOverhead else { throw .authenticationFailed }
    // Read in place: no copy of the ciphertext, and the plaintext is decrypted straight
    // into the returned Data.
    let opened = sealed.withUnsafeBytes { bytes -> Result<Data, KeybagError> in
      let idBytes = UnsafeRawBufferPointer(rebasing: bytes[..<idCount])
      if !destroyedKeyIDs.isEmpty, destroyedKeyIDs.contains(KeyID(bytes: Array(idBytes))) {
        return .failure(.keyDestroyed)
      }
      guard let stored = wrapped[protectionClass], stored.keyID.bytes.elementsEqual(idBytes)
      else { return .failure(.authenticationFailed) }
      guard let key = loaded[protectionClass] else {
        return .failure(.classUnavailable(protectionClass))
      }
      let ad = Self.itemAssociatedData(protectionClass, keyID: stored.keyID, context: context)
      let body = UnsafeRawBufferPointer(rebasing: bytes[idCount...])
      var plaintext = Data(count: body.count - Sodium.sealedOverhead)
      let status = plaintext.withUnsafeMutableBytes { out in
        Sodium.open(body, key: key, associatedData: ad, into: out)
      }
      return status == 0 ? .success(plaintext) : .failure(.authenticationFailed)
    }
    return try opened.get()
  }

  /// `label ‖ class ‖ 0 ‖ key id ‖ context`: the class is NUL-terminated and the key id fixed
  /// size, so the context can be any bytes without ambiguity.
  private static func itemAssociatedData(
    _ protectionClass: ProtectionClass, keyID: KeyID, context: Data
  ) -> [UInt8] {
    let prefix = itemLabels[protectionClass] ?? itemLabel(protectionClass)
    var ad: [UInt8] = []
    ad.reserveCapacity(prefix.count + keyID.bytes.count + context.count)
    ad.append(contentsOf: prefix)
    ad.append(contentsOf: keyID.bytes)
    context.withUnsafeBytes { ad.append(contentsOf: $0) }
    return ad
  }

  private static func itemLabel(_ protectionClass: ProtectionClass) -> [UInt8] {
    Array("keychain-sim/item/v1\u{0}\(protectionClass.rawValue)\u{0}".utf8)
  }

  /// The label part of the associated data, built once per class.
  private static let itemLabels: [ProtectionClass: [UInt8]] = Dictionary(
    uniqueKeysWithValues: ProtectionClass.allCases.map { ($0, itemLabel($0)) })
}
