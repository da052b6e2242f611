import DeviceState
import Foundation

extension Keybag {
  /// The keybag as it is saved in the device file (see ``PersistedKeybag`` for the layout).
  public var persisted: PersistedKeybag {
    var writer = ByteWriter()
    writer.write(PersistedKeybag.magic)
    writer.write(PersistedKeybag.currentVersion)
    writer.write(kdfParameters.opsLimit)
    writer.write(kdfParameters.memLimit)
    uid.withUnsafeBytes { writer.write(Array($0)) }
    if let salt {
      writer.write(UInt8(1))
      writer.write(salt)
    } else {
      writer.write(UInt8(0))
    }
    let classes = ProtectionClass.allCases.filter { wrapped[$0] != nil }
    writer.write(UInt8(classes.count))
    for protectionClass in classes {
      guard let stored = wrapped[protectionClass] else { continue }
      let name = Array(protectionClass.rawValue.utf8)
      writer.write(UInt8(name.count))
      writer.write(name)
      writer.write(stored.keyID.bytes)
      writer.write(stored.sealedKey)
    }
    let destroyed = destroyedKeyIDs.map(\.bytes).sorted { $0.lexicographicallyPrecedes($1) }
    writer.write(UInt16(clamping: destroyed.count))
    for id in destroyed.prefix(Int(UInt16.max)) { writer.write(id) }
    writer.write(Sodium.checksum(writer.bytes))
    return PersistedKeybag(bytes: Data(writer.bytes))
  }

  /// Reopens a saved keybag as a rebooted device: before first unlock, only class D keys are
  /// loaded — or every class but `akpu` when no passcode is set.
  ///
  /// The saved KDF parameters keep deriving the current passcode's key; `profile` applies to
  /// the next passcode set or change.
  ///
  /// A damaged blob is reported as such, never left to look like a wrong passcode later:
  /// version 2 blobs end with a checksum of everything before it (version 1 blobs, written
  /// before the checksum existed, are still read).
  ///
  /// - Throws: ``KeybagError/corrupt(_:)`` saying what is wrong and where.
  public convenience init(restoring saved: PersistedKeybag, profile: KDFProfile)
    throws(KeybagError)
  {
    var reader = ByteReader(Array(saved.bytes))
    guard try reader.read(4, "magic") == PersistedKeybag.magic else {
      throw .corrupt("not a keybag: the blob does not start with \"KSKB\"")
    }
    let version = try reader.readUInt8("version")
    guard PersistedKeybag.readableVersions.contains(version) else {
      throw .corrupt(
        "unsupported version \(version); this build reads version \(PersistedKeybag.currentVersion)"
      )
    }
    let parameters = KDFParameters(
      opsLimit: try reader.readUInt64("KDF opsLimit"),
      memLimit: try reader.readUInt64("KDF memLimit"))
    guard KDFParameters.acceptedOpsLimits.contains(parameters.opsLimit),
      KDFParameters.acceptedMemLimits.contains(parameters.memLimit)
    else {
      throw .corrupt(
        "KDF parameters out of range (opsLimit \(parameters.opsLimit), "
          + "memLimit \(parameters.memLimit))")
    }
    let uid = SecretBytes(copying: try reader.read(Sodium.keyByteCount, "UID"))
    let salt: [UInt8]?
    switch try reader.readUInt8("passcode flag") {
    case 0: salt = nil
    case 1: salt = try reader.read(Sodium.saltByteCount, "salt")
    case let flag: throw .corrupt("passcode flag is \(flag), expected 0 or 1")
    }
    let wrapped = try Self.readClassKeys(&reader, hasPasscode: salt != nil)
    var destroyed: Set<KeyID> = []
    for index in 0..<Int(try reader.readUInt16("destroyed key count")) {
      destroyed.insert(KeyID(bytes: try reader.read(KeyID.byteCount, "destroyed key id \(index)")))
    }
    let checksummed = reader.offset
    let checksum =
      version >= 2 ? try reader.read(Sodium.checksumByteCount, "checksum") : nil
    guard reader.isAtEnd else {
      throw .corrupt("\(reader.remaining) unexpected bytes after the end, at byte \(reader.offset)")
    }

    self.init(
      profile: profile, uid: uid, kdfParameters: parameters, salt: salt, wrapped: wrapped,
      destroyedKeyIDs: destroyed)
    let uidKey = Self.uidWrappingKey(uid: uid)
    let loadable = salt == nil ? Array(wrapped.keys) : ProtectionTier.d.classes.map { $0 }
    for protectionClass in loadable {
      guard let stored = wrapped[protectionClass] else { continue }
      do {
        loaded[protectionClass] = try stored.unwrap(as: protectionClass, with: uidKey)
      } catch {
        throw .corrupt("the \(protectionClass.rawValue) class key does not unwrap under the UID")
      }
    }
    // An initializer's own assignments run no observer.
    makeItemKeys()
    if let checksum, checksum != Sodium.checksum(saved.bytes.prefix(checksummed)) {
      throw .corrupt("the checksum does not match: the blob is damaged")
    }
  }

  /// Reads the class-key table and checks it is complete: every class but `akpu`, and `akpu`
  /// exactly when a passcode is set.
  private static func readClassKeys(_ reader: inout ByteReader, hasPasscode: Bool)
    throws(KeybagError) -> [ProtectionClass: WrappedClassKey]
  {
    var wrapped: [ProtectionClass: WrappedClassKey] = [:]
    let count = try reader.readUInt8("class key count")
    for index in 0..<Int(count) {
      let nameLength = Int(try reader.readUInt8("class name length of entry \(index)"))
      let nameBytes = try reader.read(nameLength, "class name of entry \(index)")
      guard let name = String(validating: nameBytes, as: UTF8.self),
        let protectionClass = ProtectionClass(rawValue: name)
      else { throw .corrupt("unknown protection class in class key entry \(index)") }
      guard wrapped[protectionClass] == nil else {
        throw .corrupt("the \(name) class key appears twice")
      }
      let keyID = KeyID(bytes: try reader.read(KeyID.byteCount, "key id of \(name)"))
      let sealed = try reader.read(WrappedClassKey.sealedByteCount, "wrapped key of \(name)")
      wrapped[protectionClass] = WrappedClassKey(keyID: keyID, sealedKey: sealed)
    }
    for protectionClass in ProtectionClass.allCases {
      let expected = protectionClass != .akpu || hasPasscode
      if expected, wrapped[protectionClass] == nil {
        throw .corrupt("the \(protectionClass.rawValue) class key is missing")
      }
      if !expected, wrapped[protectionClass] != nil {
        throw .corrupt("an akpu class key is stored but no passcode is set")
      }
    }
    return wrapped
  }
}
