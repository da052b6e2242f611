/// A SecKey call (*extension*, docs/scenario-language.md §6, "Keys"), in Apple's Swift call
/// form: `SecKeyCreateRandomKey([...], &error)`, `SecKeyCreateSignature(key, .ecdsa..., "x", &error)`.
///
/// The `&error` argument is not kept: the runner always records the call's CFError, so
/// `expect errSec...` and `expect LAError...` can check it.
package enum KeyCall: Hashable, Sendable {
  /// `SecKeyCreateRandomKey(<parameters>, &error)`.
  case createRandomKey(parameters: Expr)
  /// `SecKeyCopyPublicKey(key)`.
  case copyPublicKey(KeyOperand)
  /// `SecKeyCopyExternalRepresentation(key, &error)`.
  case copyExternalRepresentation(KeyOperand)
  /// `SecKeyCopyAttributes(key)`.
  case copyAttributes(KeyOperand)
  /// `SecKeyCreateSignature(key, .algorithm, data, &error)`.
  case createSignature(KeyOperand, algorithm: KeyAlgorithmName, data: Expr)
  /// `SecKeyVerifySignature(key, .algorithm, data, signature, &error)`.
  case verifySignature(KeyOperand, algorithm: KeyAlgorithmName, data: Expr, signature: Expr)
  /// `SecKeyCreateEncryptedData(key, .algorithm, plaintext, &error)`.
  case createEncryptedData(KeyOperand, algorithm: KeyAlgorithmName, plaintext: Expr)
  /// `SecKeyCreateDecryptedData(key, .algorithm, ciphertext, &error)`.
  case createDecryptedData(KeyOperand, algorithm: KeyAlgorithmName, ciphertext: Expr)

  /// Apple's function name.
  package var functionName: String {
    switch self {
    case .createRandomKey: "SecKeyCreateRandomKey"
    case .copyPublicKey: "SecKeyCopyPublicKey"
    case .copyExternalRepresentation: "SecKeyCopyExternalRepresentation"
    case .copyAttributes: "SecKeyCopyAttributes"
    case .createSignature: "SecKeyCreateSignature"
    case .verifySignature: "SecKeyVerifySignature"
    case .createEncryptedData: "SecKeyCreateEncryptedData"
    case .createDecryptedData: "SecKeyCreateDecryptedData"
    }
  }

  /// What a `let` binds the call's return value as.
  package var returnsKey: Bool {
    switch self {
    case .createRandomKey, .copyPublicKey: true
    default: false
    }
  }
}

/// The key a SecKey call acts on: a name bound to a key (`let key = SecKeyCreateRandomKey(...)`,
/// `let key = result as! SecKey`), or the public key of one (`SecKeyCopyPublicKey(key)!`).
package enum KeyOperand: Hashable, Sendable, CustomStringConvertible {
  case name(String)
  case publicKey(of: String)

  package var name: String {
    switch self {
    case .name(let name), .publicKey(of: let name): name
    }
  }

  package var description: String {
    switch self {
    case .name(let name): name
    case .publicKey(let name): "SecKeyCopyPublicKey(\(name))"
    }
  }
}

/// A `SecKeyAlgorithm` as written: its Swift member name (`ecdsaSignatureMessageX962SHA256`)
/// and the raw string Security defines for it (`algid:sign:ECDSA:message-X962:SHA256`).
package struct KeyAlgorithmName: Hashable, Sendable, CustomStringConvertible {
  package var swiftName: String
  package var rawValue: String

  package var description: String { "." + swiftName }
}
