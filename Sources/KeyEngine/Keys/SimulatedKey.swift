import Foundation
import KeyCrypto
import KeychainEngine

/// A `SecKeyRef` of the simulated device: a software key held by libcrypto, private or public,
/// or a Secure Enclave private key, whose private half only the device's enclave can use.
///
/// Immutable. A software key's private bytes leave only through ``externalRepresentation()``
/// (what `SecKeyCopyExternalRepresentation` returns) and the keychain row an app asks to store;
/// an enclave key's never do. `description` never shows key bytes.
public final class SimulatedKey: Sendable, CustomStringConvertible {
  /// The key libcrypto holds here: the key itself for a software key, the public key for a
  /// Secure Enclave private key (its private half is in ``enclave``'s token object).
  public let material: AsymmetricKey
  public let keyType: KeyType
  public let keyClass: KeyClass
  /// Set for a Secure Enclave private key.
  public let enclave: EnclaveKeyReference?

  public init(material: AsymmetricKey) {
    self.material = material
    switch material.family {
    case .ellipticCurve: keyType = .ellipticCurve
    case .rsa: keyType = .rsa
    }
    keyClass = material.isPrivate ? .private : .public
    enclave = nil
  }

  /// A Secure Enclave private key (always EC P-256) with its public key.
  public init(enclave: EnclaveKeyReference, publicKey: AsymmetricKey) {
    material = publicKey
    keyType = .ellipticCurve
    keyClass = .private
    self.enclave = enclave
  }

  /// `kSecAttrKeySizeInBits`.
  public var sizeInBits: Int { material.family.bits }

  /// `SecKeyGetBlockSize`: the RSA modulus in bytes; for EC keys Apple's value, the largest
  /// DER signature.
  public var blockSize: Int { material.blockByteCount }

  /// As `SecKeyCopyDescription` shows a key, without its bytes.
  public var description: String {
    let kind =
      switch (keyType, keyClass) {
      case (.ellipticCurve, .private): "ECPrivateKey"
      case (.ellipticCurve, .public): "ECPublicKey"
      case (.rsa, .private): "RSAPrivateKey"
      case (.rsa, .public): "RSAPublicKey"
      }
    let token = enclave == nil ? "" : ", token: com.apple.setoken"
    return "<SecKeyRef key type: \(kind), block size: \(sizeInBits) bits\(token)>"
  }

  /// The public half (`SecKeyCopyPublicKey`); itself for a public key.
  public func publicKey() throws(KeyFailure) -> SimulatedKey {
    guard keyClass == .private else { return self }
    if enclave != nil { return SimulatedKey(material: material) }
    do {
      return SimulatedKey(material: try material.publicKey())
    } catch {
      throw KeyFailure(.errSecInternal, "Unable to get public key: \(error.reason)")
    }
  }

  /// Apple's external representation (X9.63 for EC, PKCS#1 for RSA). For a private key these
  /// bytes are the key itself.
  public func externalRepresentation() throws(KeyFailure) -> Data {
    if enclave != nil {
      // The token key class implements no export (SecKey.m l.1600; SecKey.h: "may fail if the
      // key is not exportable (e.g., bound to a smart card or Secure Enclave)").
      throw KeyFailure(.errSecUnimplemented, "export not implemented for key \(self)")
    }
    do {
      return Data(try material.externalRepresentation())
    } catch {
      throw KeyFailure(.errSecInternal, "export failed for key \(self): \(error.reason)")
    }
  }

  /// `kSecAttrApplicationLabel`: SHA-1 of the public key's bytes (the X9.63 point, or the
  /// PKCS#1 `RSAPublicKey`), as `SecKeyCopyAttributeDictionaryWithLocalKey` computes it; the
  /// same 20 bytes as a certificate's `kSecAttrPublicKeyHash` for this key.
  public func applicationLabel() throws(KeyFailure) -> Data {
    do {
      return Data(try DigestAlgorithm.sha1.digest(material.publicKeyBytes()))
    } catch {
      throw KeyFailure(.errSecInternal, "Unable to hash the public key: \(error.reason)")
    }
  }
}
