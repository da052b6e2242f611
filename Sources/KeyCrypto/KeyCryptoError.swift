/// Why a libcrypto operation failed, in words a caller can pass on. Never carries key bytes.
public enum KeyCryptoError: Error, Equatable, Sendable {
  /// Bytes that are not a key of the expected kind and format (what was expected, and why).
  case invalidKeyData(String)
  /// A signature that does not match the data, or that is not well formed.
  case verificationFailed(String)
  /// Ciphertext that does not decrypt under this key (wrong key, tampered, wrong length).
  case decryptionFailed(String)
  /// Input the algorithm cannot take (a digest of the wrong size, a message too long for RSA).
  case invalidInput(String)
  /// libcrypto refused an operation it should have done: the step and OpenSSL's reason.
  case libraryFailure(String)

  /// The reason, without the case name.
  public var reason: String {
    switch self {
    case .invalidKeyData(let reason), .verificationFailed(let reason),
      .decryptionFailed(let reason), .invalidInput(let reason), .libraryFailure(let reason):
      reason
    }
  }
}
