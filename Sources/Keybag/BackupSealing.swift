import Foundation

/// The two locks a device backup's contents can be under: the device's UID (what makes a
/// backup "same device only") and a backup password (what lets an encrypted backup move to
/// another device).
///
/// A UID-sealed value opens only with the keybag of the device that sealed it, as Apple's
/// ThisDeviceOnly items in a backup stay wrapped with a UID-derived key (docs/evidence.md §11,
/// fact 27). A password-sealed value opens with the password on any device.
extension Keybag {
  /// A name for this device's UID that is safe to show and store: a keyed hash of the UID,
  /// 16 hex digits, the same for the device's whole life. A backup records it as its origin.
  public var deviceIdentity: String {
    let label = Array("keychain-sim/device-identity/v1".utf8)
    return Sodium.shortKeyedHash(key: uid, message: label, count: 8)
      .map { String(format: "%02x", $0) }.joined()
  }

  /// Seals `plaintext` under a key derived from this device's UID; `context` is bound as
  /// associated data (which backup, which entry).
  public func sealToThisDevice(_ plaintext: Data, context: Data) -> Data {
    Data(Sodium.seal(Array(plaintext), key: uidBackupKey, associatedData: Array(context)))
  }

  /// Opens what ``sealToThisDevice(_:context:)`` sealed on this same device.
  ///
  /// - Throws: ``KeybagError/authenticationFailed`` on any other device (another UID), or for
  ///   tampered bytes or the wrong context.
  public func openOnThisDevice(_ sealed: Data, context: Data) throws(KeybagError) -> Data {
    Data(try Sodium.open(Array(sealed), key: uidBackupKey, associatedData: Array(context)))
  }

  private var uidBackupKey: SecretBytes {
    Sodium.keyedHash(
      key: uid, message: SecretBytes(copying: "keychain-sim/uid-backup-key/v1".utf8))
  }
}

/// A key derived from a backup password with Argon2id; it seals and opens the entries of one
/// encrypted backup. The password itself is never kept.
public final class BackupPasswordKey {
  /// The Argon2id salt, kept with the backup (not secret).
  public let salt: [UInt8]
  /// The Argon2id limits, kept with the backup.
  public let parameters: KDFParameters
  private let key: SecretBytes

  /// Derives a key for a new backup, with a fresh random salt.
  ///
  /// - Throws: ``KeybagError/emptyPasscode`` for an empty password,
  ///   ``KeybagError/keyDerivationFailed`` when Argon2id cannot run.
  public convenience init(newPassword password: String, profile: KDFProfile)
    throws(KeybagError)
  {
    try self.init(
      password: password, salt: Sodium.randomBytes(Sodium.saltByteCount),
      parameters: profile.parameters)
  }

  /// Derives the key of an existing backup from the password given at restore time.
  public init(password: String, salt: [UInt8], parameters: KDFParameters) throws(KeybagError) {
    guard !password.isEmpty else { throw .emptyPasscode }
    guard salt.count == Sodium.saltByteCount else { throw .corrupt("backup salt length") }
    self.salt = salt
    self.parameters = parameters
    self.key = try Sodium.argon2id(
      password: SecretBytes(copying: password.utf8), salt: salt, parameters: parameters)
  }

  /// Seals `plaintext` under the password key, `context` bound as associated data.
  public func seal(_ plaintext: Data, context: Data) -> Data {
    Data(Sodium.seal(Array(plaintext), key: key, associatedData: Array(context)))
  }

  /// Opens what ``seal(_:context:)`` sealed.
  ///
  /// - Throws: ``KeybagError/authenticationFailed`` for a wrong password, tampered bytes or
  ///   the wrong context.
  public func open(_ sealed: Data, context: Data) throws(KeybagError) -> Data {
    Data(try Sodium.open(Array(sealed), key: key, associatedData: Array(context)))
  }
}
