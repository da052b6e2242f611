import Foundation
import KeyCrypto
import KeychainEngine

extension SimulatedKey {
  /// `SecKeyIsAlgorithmSupported`: the algorithm is of this key's type and `operation` is the
  /// side of it this key's class performs (a private key signs, decrypts and exchanges; a
  /// public key verifies and encrypts).
  public func supports(_ operation: KeyOperation, _ algorithm: KeyAlgorithm) -> Bool {
    guard algorithm.keyType == keyType else { return false }
    let sides = algorithm.operations
    return keyClass == .private ? operation == sides.privateKey : operation == sides.publicKey
  }

  /// `SecKeyCreateSignature`. A Secure Enclave key signs through `enclave`, which authenticates.
  public func signature(
    _ algorithm: KeyAlgorithm, of data: Data, enclave access: (any SecureEnclaveAccess)? = nil
  ) throws(KeyFailure) -> Data {
    let (scheme, digest) = try signatureInput(.sign, algorithm, data)
    let privateKey = try privateMaterial(for: .sign, access)
    do {
      return Data(try privateKey.sign(digest: digest, scheme: scheme))
    } catch {
      throw KeyFailure.param("\(algorithm): signing failed (\(error.reason))")
    }
  }

  /// `SecKeyVerifySignature`: returns when `signature` is this key's signature of `data`;
  /// errSecVerifyFailed (-67808) when it is not.
  public func verify(_ algorithm: KeyAlgorithm, signature: Data, of data: Data)
    throws(KeyFailure)
  {
    let (scheme, digest) = try signatureInput(.verify, algorithm, data)
    do {
      try material.verify(signature: [UInt8](signature), digest: digest, scheme: scheme)
    } catch {
      throw KeyFailure(.errSecVerifyFailed, error.reason)
    }
  }

  /// `SecKeyCreateEncryptedData`.
  public func encrypt(_ algorithm: KeyAlgorithm, _ plaintext: Data) throws(KeyFailure) -> Data {
    try requireSupport(.encrypt, algorithm)
    let input = [UInt8](plaintext)
    do {
      switch algorithm.meaning {
      case .rsaEncryption(let padding):
        return Data(try material.rsaEncrypt(input, padding: padding))
      case .rsaEncryptionWithAESGCM(let digest):
        return Data(try RSAKeyWrap(digest: digest).encrypt(input, to: material))
      case .ecies(let scheme):
        return Data(try scheme.encrypt(input, to: material))
      case .signature, .ecdh:
        throw notSupported(algorithm)
      }
    } catch let failure as KeyFailure {
      throw failure
    } catch let error as KeyCryptoError {
      throw KeyFailure.param("RSAencrypt wrong input size (\(error.reason))")
    } catch {
      throw KeyFailure.param("\(algorithm): \(error)")
    }
  }

  /// `SecKeyCreateDecryptedData`. Ciphertext that does not open under this key is errSecParam,
  /// as in Apple's adaptors (not errSecDecode, not errSecVerifyFailed).
  public func decrypt(
    _ algorithm: KeyAlgorithm, _ ciphertext: Data, enclave access: (any SecureEnclaveAccess)? = nil
  ) throws(KeyFailure) -> Data {
    try requireSupport(.decrypt, algorithm)
    let privateKey = try privateMaterial(for: .decrypt, access)
    let input = [UInt8](ciphertext)
    do {
      switch algorithm.meaning {
      case .rsaEncryption(let padding):
        return Data(try privateKey.rsaDecrypt(input, padding: padding))
      case .rsaEncryptionWithAESGCM(let digest):
        return Data(try RSAKeyWrap(digest: digest).decrypt(input, with: privateKey))
      case .ecies(let scheme):
        return Data(try scheme.decrypt(input, with: privateKey))
      case .signature, .ecdh:
        throw notSupported(algorithm)
      }
    } catch let failure as KeyFailure {
      throw failure
    } catch let error as KeyCryptoError {
      throw KeyFailure.param(error.reason)
    } catch {
      throw KeyFailure.param("\(algorithm): \(error)")
    }
  }

  /// `SecKeyCopyKeyExchangeResult`: ECDH with `peer`, raw or through the X9.63 KDF, which
  /// needs `requestedSize` (kSecKeyKeyExchangeParameterRequestedSize) and may take
  /// `sharedInfo`.
  public func keyExchange(
    _ algorithm: KeyAlgorithm, with peer: SimulatedKey, requestedSize: Int?, sharedInfo: Data?,
    enclave access: (any SecureEnclaveAccess)? = nil
  ) throws(KeyFailure) -> Data {
    try requireSupport(.keyExchange, algorithm)
    guard case .ecdh(let kdfDigest) = algorithm.meaning else { throw notSupported(algorithm) }
    guard peer.keyType == .ellipticCurve else {
      throw KeyFailure.param("ECDHKeyExchange wrong input: the peer key is not an EC public key")
    }
    let privateKey = try privateMaterial(for: .keyExchange, access)
    do {
      var secret = try privateKey.sharedSecret(with: peer.material.publicKey())
      guard let kdfDigest else { return Data(secret) }
      defer { KeyRandom.wipe(&secret) }
      guard let requestedSize else {
        throw KeyFailure.param("kSecKeyKeyExchangeParameterRequestedSize is missing")
      }
      return Data(
        try X963KeyDerivation.derive(
          secret: secret, sharedInfo: sharedInfo.map { [UInt8]($0) } ?? [],
          byteCount: requestedSize, digest: kdfDigest))
    } catch let failure as KeyFailure {
      throw failure
    } catch let error as KeyCryptoError {
      throw KeyFailure.param("ECDHKeyExchange wrong input (\(error.reason))")
    } catch {
      throw KeyFailure.param("ECDHKeyExchange wrong input")
    }
  }

  // MARK: - Checks shared by the operations

  /// The private key an operation runs with: this key, or for a Secure Enclave key the one
  /// the enclave lends once the key's access control and the user allow it.
  private func privateMaterial(for operation: KeyOperation, _ access: (any SecureEnclaveAccess)?)
    throws(KeyFailure) -> AsymmetricKey
  {
    guard let enclave else { return material }
    guard let access else {
      throw KeyFailure(
        .errSecNotAvailable, "\(self): no Secure Enclave to run the operation on")
    }
    return try access.privateKey(for: enclave, operation: operation)
  }

  private func signatureInput(_ operation: KeyOperation, _ algorithm: KeyAlgorithm, _ data: Data)
    throws(KeyFailure) -> (SignatureScheme, [UInt8])
  {
    try requireSupport(operation, algorithm)
    guard case .signature(let scheme, let digest, let hashesMessage) = algorithm.meaning else {
      throw notSupported(algorithm)
    }
    let input = [UInt8](data)
    guard let digest else { return (scheme, input) }
    if hashesMessage {
      do {
        return (scheme, try digest.digest(input))
      } catch {
        throw KeyFailure(.errSecInternal, error.reason)
      }
    }
    guard input.count == digest.byteCount else {
      throw KeyFailure.param("bad digest size for signing with algorithm \(algorithm)")
    }
    return (scheme, input)
  }

  private func requireSupport(_ operation: KeyOperation, _ algorithm: KeyAlgorithm)
    throws(KeyFailure)
  {
    guard supports(operation, algorithm) else { throw notSupported(algorithm) }
  }

  /// Apple's words when a key cannot run an algorithm: the wrong key type, or the wrong side
  /// (signing with a public key, verifying with a private one).
  private func notSupported(_ algorithm: KeyAlgorithm) -> KeyFailure {
    KeyFailure.param("\(algorithm): algorithm not supported by the key \(self)")
  }
}
