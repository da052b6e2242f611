import Foundation

/// The bytes of a Secure Enclave key's token object, as the keychain row's `v_Data` and the
/// `SecKeyRef` hold them: which object, its access control, the Face ID / Touch ID enrolment a
/// `biometryCurrentSet` key is bound to, the public key, and the private key sealed by the
/// enclave. Opaque to apps (Apple's is an undocumented DER blob); versioned JSON here.
struct SecureEnclaveTokenObject: Codable, Equatable {
  static let currentVersion = 1

  var version: Int
  /// 16 random bytes naming the object; bound into the sealing.
  var objectID: Data
  /// The access control's `kSecAttrAccessible` raw value.
  var protection: String
  /// The access control's `SecAccessControlCreateFlags` bits.
  var flags: UInt32
  /// The biometry enrolment generation at creation, for `biometryCurrentSet`.
  var boundBiometryGeneration: Int?
  /// X9.63 public point.
  var publicKey: Data
  /// The X9.63 private key, sealed by ``Keybag/sealInSecureEnclave(_:protection:context:)``.
  var sealedPrivateKey: Data

  /// What the sealing binds: the object and its public key, so a sealed key cannot be moved
  /// into another token object.
  var sealingContext: Data { Data("keychain-sim/se-object/v1".utf8) + objectID + publicKey }

  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return try encoder.encode(self)
  }

  static func decode(_ data: Data) -> SecureEnclaveTokenObject? {
    guard let object = try? JSONDecoder().decode(Self.self, from: data),
      object.version == currentVersion
    else { return nil }
    return object
  }
}
