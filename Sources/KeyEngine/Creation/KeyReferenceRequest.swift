import KeychainEngine

/// What a query on `kSecClassKey` asks of the client side when rows come back
/// (`SecItemResultCopyPrepared`): whether to build refs, what to return beside them, and the
/// LAContext and prompt a Secure Enclave ref keeps for its operations. Read once from the
/// query by every client (Security, the scenario runner).
public struct KeyReferenceRequest: Sendable {
  public let returnsRef: Bool
  public let returnsData: Bool
  public let returnsAttributes: Bool
  public let returnsPersistentRef: Bool
  /// kSecUseAuthenticationContext.
  public let context: LAContext?
  /// kSecUseOperationPrompt.
  public let prompt: String?

  /// `nil` for a query on another class.
  public init?(query: SecQuery) {
    guard query["class"] == .string("keys") else { return nil }
    returnsRef = query["r_Ref"] == .bool(true)
    returnsData = query["r_Data"] == .bool(true)
    returnsAttributes = query["r_Attributes"] == .bool(true)
    returnsPersistentRef = query["r_PersistentRef"] == .bool(true)
    if case .authenticationContext(let given)? = query["u_AuthCtx"] {
      context = given
    } else {
      context = nil
    }
    if case .string(let given)? = query["u_OpPrompt"] { prompt = given } else { prompt = nil }
  }

  /// The key `row` stands for (``KeyItemReference/key(fromRow:enclave:context:prompt:)``).
  public func key(fromRow row: SecQuery, enclave: (any SecureEnclaveAccess)?)
    throws(KeyFailure) -> SimulatedKey
  {
    try KeyItemReference.key(fromRow: row, enclave: enclave, context: context, prompt: prompt)
  }

  /// What is returned beside the ref (``KeyItemReference/companion(of:returnsData:returnsAttributes:returnsPersistentRef:)``).
  public func companion(of row: SecQuery) -> SecQuery? {
    KeyItemReference.companion(
      of: row, returnsData: returnsData, returnsAttributes: returnsAttributes,
      returnsPersistentRef: returnsPersistentRef)
  }
}
