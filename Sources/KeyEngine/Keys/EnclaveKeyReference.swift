import Foundation
import KeyCrypto
import KeychainEngine

/// What a Secure Enclave key's `SecKeyRef` holds: the token object (the private key sealed by
/// the device's Secure Enclave, with its access control inside, as CryptoTokenKit keeps it:
/// `SecCTKKey.m`), and the LAContext and prompt its operations authenticate with
/// (`kSecUseAuthenticationContext`, `kSecUseOperationPrompt` of the call that made or found it).
public struct EnclaveKeyReference: Sendable {
  /// Opaque to apps: only the Secure Enclave of the device that made it opens it.
  public let tokenObject: Data
  /// The access control given at generation (its protection and flags).
  public let accessControl: SecAccessControl?
  public var authenticationContext: LAContext?
  public var operationPrompt: String?

  public init(
    tokenObject: Data, accessControl: SecAccessControl?, authenticationContext: LAContext? = nil,
    operationPrompt: String? = nil
  ) {
    self.tokenObject = tokenObject
    self.accessControl = accessControl
    self.authenticationContext = authenticationContext
    self.operationPrompt = operationPrompt
  }
}

/// The device's Secure Enclave, as a key operation needs it: the private key of a token object
/// for one operation, once the key's access control, the device's lock state and the user
/// allow it. Implemented by the device (`Devices`), which owns prompts and the UID.
public protocol SecureEnclaveAccess {
  /// A new P-256 key pair made inside the enclave under `accessControl` (nil: no constraint):
  /// the token object and the public key.
  func createKey(accessControl: SecAccessControl?) throws(KeyFailure)
    -> (tokenObject: Data, publicKey: KeyCrypto.AsymmetricKey)


  /// The public key and access control of a token object (a keychain row's `v_Data`), as the
  /// token reports them when the client builds a `SecKeyRef` from the row.
  func describe(tokenObject: Data) throws(KeyFailure)
    -> (publicKey: KeyCrypto.AsymmetricKey, accessControl: SecAccessControl)

  func privateKey(for reference: EnclaveKeyReference, operation: KeyOperation)
    throws(KeyFailure) -> KeyCrypto.AsymmetricKey
}
