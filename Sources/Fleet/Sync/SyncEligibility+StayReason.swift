import DeviceState
import ItemStore
import KeychainEngine

/// Why an item stays behind when the account's devices sync: the fleet's words for the
/// engine's eligibility rules.
extension SyncEligibility {
  /// Why `content` stays on the device, or `nil` when it may be uploaded.
  static func reasonToStay(_ content: SyncedContent) -> SyncEvent.StayReason? {
    let protection = content.protection
    if case .text(let token)? = content.attributes[AttributeName.tokenID.rawValue], !token.isEmpty {
      return .secureEnclaveKey
    }
    guard travels(protection) else { return .deviceBound(protection) }
    // Made synchronizable by an update that did not name the access control: the client
    // check of fact 5 did not see it, and the item stays (docs/fidelity.md, "iCloud Keychain
    // sync").
    guard !content.hasAccessControl else { return .accessControl }
    let size =
      (content.data?.count ?? 0)
      + StoredValueCodec.encode(
        attributes: content.attributes
      ).count
    guard size < maximumRecordBytes else { return .tooLarge(bytes: size) }
    return nil
  }
}
