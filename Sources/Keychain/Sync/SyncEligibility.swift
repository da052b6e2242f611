import DeviceState
import Foundation

/// Which synchronizable items may leave the device, and why one may not.
///
/// CKKS uploads only `sync = 1` items whose protection is `ak`, `ck` or `dk`; a ThisDeviceOnly
/// or `akpu` item is added (status 0) but skipped as "device-bound" (docs/evidence.md §11,
/// fact 3 and fact 4), and an item whose encrypted form reaches 1 MiB is never uploaded
/// (fact 6).
enum SyncEligibility {
  /// CloudKit's limit on one record: "Object size too large" from 1 MiB.
  static let maximumRecordBytes = 1 << 20

  /// Whether an item of `protection` may travel to the account's other devices.
  static func travels(_ protection: ProtectionClass) -> Bool {
    [.ak, .ck, .dk].contains(protection)
  }

  /// Why `content` stays on the device, or `nil` when it may be uploaded.
  static func reasonToStay(_ content: SyncedContent) -> SyncEvent.StayReason? {
    let protection = content.protection
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
