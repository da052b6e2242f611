import Foundation
import KeychainEngine

/// What the client side of SecItem does with a key row when the query asked for
/// `kSecReturnRef` (`SecItem.m` `SecItemResultCopyPrepared`): builds the `SecKeyRef` from the
/// row (`SecKeyCreateFromAttributeDictionary`: a software key from its external representation,
/// a token key from its token object), and shapes what is returned beside it.
public enum KeyItemReference {
  /// The key a row stands for. `context` and `prompt` are the query's
  /// kSecUseAuthenticationContext and kSecUseOperationPrompt, which a Secure Enclave key keeps
  /// for its operations.
  public static func key(
    fromRow row: SecQuery, enclave: (any SecureEnclaveAccess)?, context: LAContext?,
    prompt: String?
  ) throws(KeyFailure) -> SimulatedKey {
    guard case .data(let data)? = row["v_Data"] else {
      throw KeyFailure(.errSecDecode, "the key item has no key data")
    }
    if row["tkid"] == .string(SimulatedKey.secureEnclaveTokenID) {
      guard let enclave else {
        throw KeyFailure(
          .errSecUnimplemented, "a Secure Enclave key item on a device without a Secure Enclave")
      }
      let token = try enclave.describe(tokenObject: data)
      return SimulatedKey(
        enclave: EnclaveKeyReference(
          tokenObject: data, accessControl: token.accessControl, authenticationContext: context,
          operationPrompt: prompt),
        publicKey: token.publicKey)
    }
    return try KeyImport.key(data: data, attributes: row)
  }

  /// What is returned beside the ref when other return keys were asked: the row less its data
  /// (unless kSecReturnData), less its attributes (unless kSecReturnAttributes), `class` kept
  /// only with attributes; `nil` when the ref was asked alone.
  public static func companion(
    of row: SecQuery, returnsData: Bool, returnsAttributes: Bool, returnsPersistentRef: Bool
  ) -> SecQuery? {
    guard returnsData || returnsAttributes || returnsPersistentRef else { return nil }
    var shaped: SecQuery = [:]
    if returnsAttributes {
      shaped = row
      shaped["v_Data"] = nil
      shaped["v_PersistentRef"] = nil
    }
    if returnsData, let data = row["v_Data"] { shaped["v_Data"] = data }
    if returnsPersistentRef, let reference = row["v_PersistentRef"] {
      shaped["v_PersistentRef"] = reference
    }
    return shaped
  }
}
