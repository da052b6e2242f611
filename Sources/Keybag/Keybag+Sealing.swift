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
    try Self.withContext(context, []) { context, suffix in
      plaintext.withUnsafeBytes { seal($0, in: protectionClass, context: context, suffix: suffix) }
    }.get()
  }

  /// ``seal(_:in:context:)`` whose context is `context ‖ suffix`, for a caller that keeps the
  /// two parts apart (an item's identity and a column's name): the associated data is built
  /// from them in place, with no `Data` joining them first.
  public func seal(
    _ plaintext: Data, in protectionClass: ProtectionClass, context: [UInt8], suffix: [UInt8]
  ) throws(KeybagError) -> Data {
    try Self.withContext(context, suffix) { context, suffix in
      plaintext.withUnsafeBytes { seal($0, in: protectionClass, context: context, suffix: suffix) }
    }.get()
  }

  /// ``seal(_:in:context:suffix:)`` of bytes a caller built in an array (an item's encoded
  /// attributes), sealed from where they are: no `Data` is made of them first.
  public func seal(
    _ plaintext: [UInt8], in protectionClass: ProtectionClass, context: [UInt8], suffix: [UInt8]
  ) throws(KeybagError) -> Data {
    try Self.withContext(context, suffix) { context, suffix in
      plaintext.withUnsafeBytes { seal($0, in: protectionClass, context: context, suffix: suffix) }
    }.get()
  }

  private func seal(
    _ plaintext: UnsafeRawBufferPointer, in protectionClass: ProtectionClass,
    context: UnsafeRawBufferPointer, suffix: UnsafeRawBufferPointer
  ) -> Result<Data, KeybagError> {
    guard let stored = itemKeys[Self.itemKeySlot(protectionClass)] else {
      return .failure(.noClassKey(protectionClass))
    }
    guard let key = stored.key else {
      return .failure(.classUnavailable(protectionClass))
    }
    let idCount = KeyID.byteCount
    let count = idCount + Sodium.sealedOverhead + plaintext.count
    // Sealed in a buffer on the stack, then copied once into the `Data`: a zero-filled
    // `Data(count:)` written through `withUnsafeMutableBytes` cost a uniqueness check and
    // exclusivity-checked accesses on top of the same allocation (docs/benchmarks.md). The
    // buffer holds only ciphertext.
    let sealed = withUnsafeTemporaryAllocation(byteCount: count, alignment: 16) { out in
      Self.withItemAssociatedData(
        protectionClass, keyID: stored.keyID, context: context, suffix: suffix
      ) { ad in
        out.copyBytes(from: stored.keyID.bytes)
        Sodium.seal(
          plaintext, key: key, associatedData: ad,
          into: UnsafeMutableRawBufferPointer(rebasing: out[idCount...]))
      }
      return Data(bytes: out.baseAddress!, count: count)
    }
    return .success(sealed)
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
    var plaintext = Data()
    try sealed.withUnsafeBytes { bytes in
      Self.withContext(context, []) { context, suffix in
        open(bytes, in: protectionClass, context: context, suffix: suffix) {
          plaintext = Self.data($0)
        }
      }
    }.get()
    return plaintext
  }

  /// ``open(_:in:context:)`` of what ``seal(_:in:context:suffix:)`` produced, its bytes read
  /// where they are (a row's column in SQLite's memory), with no `Data` made of them first.
  public func open(
    _ sealed: UnsafeRawBufferPointer, in protectionClass: ProtectionClass, context: [UInt8],
    suffix: [UInt8]
  ) throws(KeybagError) -> Data {
    try withOpened(sealed, in: protectionClass, context: context, suffix: suffix, Self.data)
  }

  /// ``open(_:in:context:suffix:)`` for a caller that only reads the plaintext (decodes it):
  /// `body` gets it in a buffer on the stack, wiped (`sodium_memzero`) once `body` returns, so
  /// no `Data` is made and released per open (docs/benchmarks.md). `body` runs only when the
  /// bytes authenticate, and must not keep the buffer.
  ///
  /// - Throws: as ``open(_:in:context:)``.
  @inlinable
  public func withOpened<R>(
    _ sealed: UnsafeRawBufferPointer, in protectionClass: ProtectionClass, context: [UInt8],
    suffix: [UInt8], _ body: (UnsafeRawBufferPointer) -> R
  ) throws(KeybagError) -> R {
    var result: R?
    try open(sealed, in: protectionClass, context: context, suffix: suffix) { result = body($0) }
    // `open` returns only after calling `body` once.
    return result!
  }

  /// ``withOpened(_:in:context:suffix:_:)`` without a generic result, so the keybag's own code
  /// need not be specialised for each caller's.
  @usableFromInline
  func open(
    _ sealed: UnsafeRawBufferPointer, in protectionClass: ProtectionClass, context: [UInt8],
    suffix: [UInt8], reading body: (UnsafeRawBufferPointer) -> Void
  ) throws(KeybagError) {
    try Self.withContext(context, suffix) { context, suffix in
      open(sealed, in: protectionClass, context: context, suffix: suffix, reading: body)
    }.get()
  }

  private func open(
    _ bytes: UnsafeRawBufferPointer, in protectionClass: ProtectionClass,
    context: UnsafeRawBufferPointer, suffix: UnsafeRawBufferPointer,
    reading read: (UnsafeRawBufferPointer) -> Void
  ) -> Result<Void, KeybagError> {
    let idCount = KeyID.byteCount
    guard bytes.count >= idCount + Sodium.sealedOverhead else {
      return .failure(.authenticationFailed)
    }
    // Read in place: no copy of the ciphertext, and the plaintext is decrypted straight
    // into a buffer on the stack, wiped before it is given back.
    let idBytes = UnsafeRawBufferPointer(rebasing: bytes[..<idCount])
    if !destroyedKeyIDs.isEmpty, destroyedKeyIDs.contains(KeyID(bytes: Array(idBytes))) {
      return .failure(.keyDestroyed)
    }
    guard let stored = itemKeys[Self.itemKeySlot(protectionClass)],
      Self.sameBytes(stored.keyID.bytes, idBytes)
    else { return .failure(.authenticationFailed) }
    guard let key = stored.key else {
      return .failure(.classUnavailable(protectionClass))
    }
    let body = UnsafeRawBufferPointer(rebasing: bytes[idCount...])
    let count = body.count - Sodium.sealedOverhead
    return withUnsafeTemporaryAllocation(byteCount: max(count, 1), alignment: 16) { buffer in
      defer { Sodium.wipe(buffer) }
      let plaintext = UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
      let status = Self.withItemAssociatedData(
        protectionClass, keyID: stored.keyID, context: context, suffix: suffix
      ) { ad in
        Sodium.open(body, key: key, associatedData: ad, into: plaintext)
      }
      guard status == 0 else { return .failure(.authenticationFailed) }
      read(UnsafeRawBufferPointer(plaintext))
      return .success(())
    }
  }

  /// A `Data` copy of an opened plaintext, made in one allocation.
  private static func data(_ bytes: UnsafeRawBufferPointer) -> Data {
    bytes.isEmpty ? Data() : Data(bytes: bytes.baseAddress!, count: bytes.count)
  }

  /// Whether `bytes` and `other` hold the same bytes: one comparison of memory, where a
  /// generic byte-by-byte walk of the 16-byte key id cost about 450 instructions an open.
  private static func sameBytes(_ bytes: [UInt8], _ other: UnsafeRawBufferPointer) -> Bool {
    bytes.withUnsafeBytes { bytes in
      bytes.count == other.count
        && (bytes.isEmpty || memcmp(bytes.baseAddress!, other.baseAddress!, bytes.count) == 0)
    }
  }

  /// Calls `body` with the bytes of an item's context and of the suffix that follows it.
  private static func withContext<R>(
    _ context: some ContiguousBytes, _ suffix: [UInt8],
    _ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> R
  ) -> R {
    context.withUnsafeBytes { context in suffix.withUnsafeBytes { body(context, $0) } }
  }

  /// Calls `body` with `label ‖ class ‖ 0 ‖ key id ‖ context ‖ suffix`, built in a buffer on
  /// the stack: the class is NUL-terminated and the key id fixed size, so the context can be
  /// any bytes without ambiguity. Every item seal and open builds one, and an array per call
  /// was a heap allocation and its release each time (issue 29).
  private static func withItemAssociatedData<R>(
    _ protectionClass: ProtectionClass, keyID: KeyID, context: UnsafeRawBufferPointer,
    suffix: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> R
  ) -> R {
    let prefix = itemLabel(of: protectionClass)
    let count = prefix.count + keyID.bytes.count + context.count + suffix.count
    return withUnsafeTemporaryAllocation(byteCount: count, alignment: 1) { buffer in
      // Each part is copied at an offset passed along, not through a local function that
      // updates a captured offset: a captured variable is checked for exclusive access at
      // run time on every use (docs/benchmarks.md).
      let afterLabel = prefix.withUnsafeBytes { copy($0, into: buffer, at: 0) }
      let afterKeyID = keyID.bytes.withUnsafeBytes { copy($0, into: buffer, at: afterLabel) }
      _ = copy(suffix, into: buffer, at: copy(context, into: buffer, at: afterKeyID))
      return body(UnsafeRawBufferPointer(buffer))
    }
  }

  /// Copies `bytes` into `buffer` at `offset`; returns the offset after them.
  private static func copy(
    _ bytes: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer, at offset: Int
  ) -> Int {
    guard !bytes.isEmpty else { return offset }
    UnsafeMutableRawBufferPointer(rebasing: buffer[offset...]).copyMemory(from: bytes)
    return offset + bytes.count
  }

  private static func itemLabel(_ protectionClass: ProtectionClass) -> [UInt8] {
    Array("keychain-sim/item/v1\u{0}\(protectionClass.rawValue)\u{0}".utf8)
  }

  /// The label part of the associated data of `protectionClass`, built once per class and
  /// picked by a switch: a dictionary keyed by the class hashes its raw string.
  private static func itemLabel(of protectionClass: ProtectionClass) -> [UInt8] {
    switch protectionClass {
    case .ak: Labels.ak
    case .ck: Labels.ck
    case .dk: Labels.dk
    case .aku: Labels.aku
    case .cku: Labels.cku
    case .dku: Labels.dku
    case .akpu: Labels.akpu
    }
  }

  /// ``itemLabel(_:)`` of each class.
  private enum Labels {
    static let ak = itemLabel(.ak)
    static let ck = itemLabel(.ck)
    static let dk = itemLabel(.dk)
    static let aku = itemLabel(.aku)
    static let cku = itemLabel(.cku)
    static let dku = itemLabel(.dku)
    static let akpu = itemLabel(.akpu)
  }
}
