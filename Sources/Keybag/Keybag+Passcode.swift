import DeviceState

/// A class key in the clear, with its id, while it is being rewrapped.
typealias ClassKeyMaterial = (id: KeyID, key: SecretBytes)

extension Keybag {
  /// Classes whose keys the passcode protects: tiers A and C (`akpu` included).
  static let passcodeProtectedClasses = ProtectionClass.allCases.filter { $0.tier != .d }

  /// Turns the passcode on: creates the `akpu` key and rewraps classes A and C under a key
  /// derived from `new`.
  ///
  /// The device must be unlocked (DeviceState refuses otherwise); `akpu` is loaded along with
  /// the other class A keys.
  ///
  /// - Throws: ``KeybagError/passcodeAlreadySet``, ``KeybagError/emptyPasscode``,
  ///   ``KeybagError/keyDerivationFailed``.
  public func setPasscode(_ new: String) throws(KeybagError) {
    guard !hasPasscode else { throw .passcodeAlreadySet }
    guard !new.isEmpty else { throw .emptyPasscode }
    var keys = try unwrapProtectedKeys(with: Self.uidWrappingKey(uid: uid), passcode: nil)
    let akpu: ClassKeyMaterial = (id: .random(), key: Sodium.randomKey())
    keys[.akpu] = akpu
    try rewrap(keys, under: new)
    makeUnlockEscrow(keys)
    if isLoaded(.ak) { loaded[.akpu] = akpu.key }
  }

  /// Changes the passcode: verifies `old` and rewraps classes A and C under `new`.
  ///
  /// Which keys are in memory does not change.
  ///
  /// - Throws: ``KeybagError/noPasscode``, ``KeybagError/wrongPasscode``,
  ///   ``KeybagError/emptyPasscode``, ``KeybagError/keyDerivationFailed``.
  public func changePasscode(from old: String, to new: String) throws(KeybagError) {
    guard hasPasscode else { throw .noPasscode }
    guard !new.isEmpty else { throw .emptyPasscode }
    let keys = try unwrapProtectedKeys(with: passcodeKey(old), passcode: old)
    try rewrap(keys, under: new)
    makeUnlockEscrow(keys)
  }

  /// Turns the passcode off: verifies `current`, rewraps classes A and C under the UID-only
  /// key, and destroys the `akpu` key (its items can never be opened again).
  ///
  /// With no passcode every class but `akpu` is always available, so all of them are loaded.
  ///
  /// - Throws: ``KeybagError/noPasscode``, ``KeybagError/wrongPasscode``.
  public func removePasscode(current: String) throws(KeybagError) {
    guard hasPasscode else { throw .noPasscode }
    let keys = try unwrapProtectedKeys(with: passcodeKey(current), passcode: current)
    let uidKey = Self.uidWrappingKey(uid: uid)
    for (protectionClass, material) in keys where protectionClass != .akpu {
      wrapped[protectionClass] = .wrap(
        material.key, id: material.id, as: protectionClass, under: uidKey)
      loaded[protectionClass]?.wipe()
      loaded[protectionClass] = material.key
    }
    salt = nil
    unlockEscrow = nil
    destroy(.akpu)
  }

  /// Unlocks: derives the passcode key and loads every class A and C key.
  ///
  /// This is the passcode check: nothing is stored to compare against; a wrong passcode is a
  /// key that fails to open the wrapped class keys.
  ///
  /// - Throws: ``KeybagError/noPasscode`` (nothing to unlock: all keys are loaded already),
  ///   ``KeybagError/wrongPasscode``.
  public func unlock(passcode: String) throws(KeybagError) {
    guard hasPasscode else { throw .noPasscode }
    let keys = try unwrapProtectedKeys(with: passcodeKey(passcode), passcode: passcode)
    makeUnlockEscrow(keys)
    for (protectionClass, material) in keys {
      loaded[protectionClass]?.wipe()
      loaded[protectionClass] = material.key
    }
  }

  /// Checks a passcode without loading anything (a passcode sheet for a `.devicePasscode`
  /// access-control item, or the current passcode asked for before a change).
  ///
  /// - Throws: ``KeybagError/noPasscode``, ``KeybagError/wrongPasscode``.
  public func verifyPasscode(_ passcode: String) throws(KeybagError) {
    guard hasPasscode else { throw .noPasscode }
    let keys = try unwrapProtectedKeys(with: passcodeKey(passcode), passcode: passcode)
    for material in keys.values { material.key.wipe() }
  }

  // MARK: - Helpers

  /// The wrapping key for `passcode` under the stored salt and KDF parameters.
  private func passcodeKey(_ passcode: String) throws(KeybagError) -> SecretBytes {
    guard let salt else { throw .noPasscode }
    guard !passcode.isEmpty else { throw .wrongPasscode }
    return try Self.passcodeWrappingKey(
      passcode: passcode, salt: salt, parameters: kdfParameters, uid: uid)
  }

  /// Unwraps every class A and C key that exists.
  ///
  /// A failure under a passcode-derived key means a wrong passcode; under the UID-only key it
  /// means the keybag itself is damaged.
  private func unwrapProtectedKeys(with wrappingKey: SecretBytes, passcode: String?)
    throws(KeybagError) -> [ProtectionClass: ClassKeyMaterial]
  {
    var keys: [ProtectionClass: ClassKeyMaterial] = [:]
    for protectionClass in Self.passcodeProtectedClasses {
      guard let stored = wrapped[protectionClass] else { continue }
      do {
        keys[protectionClass] = (
          stored.keyID, try stored.unwrap(as: protectionClass, with: wrappingKey)
        )
      } catch {
        for material in keys.values { material.key.wipe() }
        // One passcode-derived key opens all the class keys or none: a key that fails when
        // others opened is damage, not a wrong passcode (and must not count an attempt).
        if passcode != nil, !keys.isEmpty {
          throw .corrupt(
            "the \(protectionClass.rawValue) class key does not unwrap although the others do")
        }
        if passcode != nil { throw .wrongPasscode }
        throw .corrupt("the \(protectionClass.rawValue) class key does not unwrap under the UID")
      }
    }
    return keys
  }

  /// Wraps `keys` under a key derived from `passcode` with a fresh salt and the profile's KDF
  /// parameters, then commits the new salt, parameters and wrapped keys together.
  private func rewrap(_ keys: [ProtectionClass: ClassKeyMaterial], under passcode: String)
    throws(KeybagError)
  {
    let newSalt = Sodium.randomBytes(Sodium.saltByteCount)
    let parameters = profile.parameters
    let wrappingKey = try Self.passcodeWrappingKey(
      passcode: passcode, salt: newSalt, parameters: parameters, uid: uid)
    for (protectionClass, material) in keys {
      wrapped[protectionClass] = .wrap(
        material.key, id: material.id, as: protectionClass, under: wrappingKey)
    }
    salt = newSalt
    kdfParameters = parameters
  }
}
