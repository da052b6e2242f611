import DeviceState

/// The device's class keys: one random key per protection class, wrapped for storage and held
/// in memory only while the class is available.
///
/// A per-device random UID secret stands in for the hardware UID. Class D keys are wrapped
/// under a key derived from the UID alone; class A and C keys (and `akpu`) under a key derived
/// from the passcode with Argon2id and mixed with the UID — or under the UID-only key while no
/// passcode is set. No passcode or verifier is stored anywhere: a wrong passcode is detected
/// because the derived key fails to unwrap the class keys.
///
/// "Locked means undecryptable" (docs/architecture.md): ``apply(_:)`` with
/// `.discardClassKeys` wipes the keys, and ``open(_:in:context:)`` then throws
/// ``KeybagError/classUnavailable(_:)``.
///
/// ```swift
/// let keybag = Keybag(profile: .fast)
/// try keybag.setPasscode("123456")
/// let sealed = try keybag.seal(secret, in: .ak, context: identity)
/// keybag.apply(.discardClassKeys([.ak, .aku, .akpu]))
/// try keybag.open(sealed, in: .ak, context: identity)   // throws .classUnavailable(.ak)
/// ```
public final class Keybag {
  /// The KDF cost for the next passcode set or change.
  public let profile: KDFProfile
  /// The simulated hardware UID.
  let uid: SecretBytes
  /// The key of the item store's search hashes, derived from the UID (``searchHash(_:)``).
  let searchKey: SecretBytes
  /// The Argon2id limits that derived the current passcode key.
  public internal(set) var kdfParameters: KDFParameters
  /// The Argon2id salt of the current passcode; `nil` while no passcode is set.
  var salt: [UInt8]?
  /// Every class key that exists, wrapped.
  var wrapped: [ProtectionClass: WrappedClassKey] {
    willSet { keysWillChange() }
    didSet { makeItemKeys() }
  }
  /// The unwrapped keys of the classes that are available right now.
  var loaded: [ProtectionClass: SecretBytes] = [:] {
    willSet { keysWillChange() }
    didSet { makeItemKeys() }
  }
  /// What sealing and opening an item reads of its class, by ``itemKeySlot(_:)``: the class
  /// key's id when the key exists (``wrapped``), and the key when it is loaded (``loaded``).
  /// Made again whenever either changes (by their observers, and by each initializer, whose
  /// own assignments run no observer), so that opening only reads it, as it read the two
  /// dictionaries: every seal and open looked its class up in both, each look-up hashing the
  /// class under an exclusivity check (issue 29).
  private(set) var itemKeys: [ItemKey?] = []
  /// Ids of destroyed keys, so items sealed with them fail as ``KeybagError/keyDestroyed``.
  var destroyedKeyIDs: Set<KeyID> { willSet { keysWillChange() } }
  /// Told before what ``open(_:in:context:)`` can open changes (``beforeKeysChange(_:)``).
  private var keyChangeObservers: [() -> Void] = []
  /// Class A and C keys wrapped under a random key made at the last passcode entry, so a
  /// biometric unlock can load them without the passcode. Memory only: never persisted,
  /// dropped at reboot (see ``Keybag+UnlockEscrow``).
  var unlockEscrow: UnlockEscrow?

  /// A new device's keybag: a random UID and a key for every class but `akpu`, all loaded.
  public convenience init(profile: KDFProfile) {
    let uid = Sodium.randomKey()
    var wrapped: [ProtectionClass: WrappedClassKey] = [:]
    var loaded: [ProtectionClass: SecretBytes] = [:]
    let uidKey = Self.uidWrappingKey(uid: uid)
    for protectionClass in ProtectionClass.allCases where protectionClass != .akpu {
      let key = Sodium.randomKey()
      wrapped[protectionClass] = .wrap(key, id: .random(), as: protectionClass, under: uidKey)
      loaded[protectionClass] = key
    }
    self.init(
      profile: profile, uid: uid, kdfParameters: profile.parameters, salt: nil,
      wrapped: wrapped, destroyedKeyIDs: [])
    self.loaded = loaded
    makeItemKeys()
  }

  init(
    profile: KDFProfile, uid: SecretBytes, kdfParameters: KDFParameters, salt: [UInt8]?,
    wrapped: [ProtectionClass: WrappedClassKey], destroyedKeyIDs: Set<KeyID>
  ) {
    self.profile = profile
    self.uid = uid
    self.searchKey = Self.searchKey(uid: uid)
    self.kdfParameters = kdfParameters
    self.salt = salt
    self.wrapped = wrapped
    self.destroyedKeyIDs = destroyedKeyIDs
    makeItemKeys()
  }

  /// Makes ``itemKeys`` of the current keys.
  func makeItemKeys() {
    itemKeys = Self.itemKeys(wrapped: wrapped, loaded: loaded)
  }

  /// One class's entry of ``itemKeys``.
  struct ItemKey {
    let keyID: KeyID
    /// `nil` while the class is locked.
    let key: SecretBytes?
  }

  /// ``itemKeys`` of these keys.
  private static func itemKeys(
    wrapped: [ProtectionClass: WrappedClassKey], loaded: [ProtectionClass: SecretBytes]
  ) -> [ItemKey?] {
    var keys = [ItemKey?](repeating: nil, count: ProtectionClass.allCases.count)
    for (protectionClass, stored) in wrapped {
      keys[itemKeySlot(protectionClass)] = ItemKey(
        keyID: stored.keyID, key: loaded[protectionClass])
    }
    return keys
  }

  /// `protectionClass`'s position in ``itemKeys``: its place in `ProtectionClass.allCases`.
  static func itemKeySlot(_ protectionClass: ProtectionClass) -> Int {
    Int(protectionClass.ordinal)
  }

  // MARK: - State

  /// Calls `observer` before any change to what ``open(_:in:context:)`` can open: a class
  /// key loaded or discarded (a lock, an unlock), wrapped anew or destroyed. A reader that
  /// deferred work which opens items (the engine's near-miss explanations) does it first, so
  /// the work sees the keys as they were when it was asked for.
  public func beforeKeysChange(_ observer: @escaping () -> Void) {
    keyChangeObservers.append(observer)
  }

  private func keysWillChange() {
    for observer in keyChangeObservers { observer() }
  }

  /// Whether a passcode protects classes A and C.
  public var hasPasscode: Bool { salt != nil }

  /// Whether `protectionClass`'s key is in memory (sealing and opening will work).
  public func isLoaded(_ protectionClass: ProtectionClass) -> Bool {
    loaded[protectionClass] != nil
  }

  /// The classes whose keys are in memory.
  public var loadedClasses: Set<ProtectionClass> { Set(loaded.keys) }

  // MARK: - Commands

  /// Carries out keybag work returned by `SecurityState.handle(_:)`. Idempotent.
  public func apply(_ command: KeybagCommand) {
    switch command {
    case .discardClassKeys(let classes):
      for protectionClass in classes { discard(protectionClass) }
    case .destroyClassKey(let protectionClass):
      destroy(protectionClass)
    case .restoreClassKeysFromUnlockEscrow:
      restoreFromUnlockEscrow()
    case .discardUnlockEscrow:
      unlockEscrow = nil
    }
  }

  /// Wipes and drops a class key from memory; its wrapped copy remains.
  func discard(_ protectionClass: ProtectionClass) {
    loaded.removeValue(forKey: protectionClass)?.wipe()
  }

  /// Wipes a class key and forgets its wrapped copy, remembering only its id.
  func destroy(_ protectionClass: ProtectionClass) {
    discard(protectionClass)
    if let gone = wrapped.removeValue(forKey: protectionClass) {
      destroyedKeyIDs.insert(gone.keyID)
    }
  }

  // MARK: - Wrapping keys

  /// The key that wraps class D keys, and every class while no passcode is set.
  static func uidWrappingKey(uid: SecretBytes) -> SecretBytes {
    Sodium.keyedHash(
      key: uid, message: SecretBytes(copying: "keychain-sim/uid-wrapping-key/v1".utf8))
  }

  /// The key that wraps class A and C keys while a passcode is set: Argon2id of the passcode,
  /// tangled with the UID so the derivation cannot be run off the device.
  static func passcodeWrappingKey(
    passcode: String, salt: [UInt8], parameters: KDFParameters, uid: SecretBytes
  ) throws(KeybagError) -> SecretBytes {
    guard !passcode.isEmpty else { throw .emptyPasscode }
    let password = SecretBytes(copying: passcode.utf8)
    let stretched = try Sodium.argon2id(password: password, salt: salt, parameters: parameters)
    let label = Array("keychain-sim/passcode-wrapping-key/v1\u{0}".utf8)
    let message = SecretBytes(count: label.count + stretched.count)
    message.withUnsafeMutableBytes { out in
      out.copyBytes(from: label)
      stretched.withUnsafeBytes {
        UnsafeMutableRawBufferPointer(rebasing: out[label.count...]).copyBytes(from: $0)
      }
    }
    return Sodium.keyedHash(key: uid, message: message)
  }
}
