import DeviceState
import Foundation

/// Which synchronizable items may leave the device, and why one may not.
///
/// CKKS uploads only `sync = 1` items whose protection is `ak`, `ck` or `dk`; a ThisDeviceOnly
/// or `akpu` item is added (status 0) but skipped as "device-bound" (docs/evidence.md §11,
/// fact 3 and fact 4), and an item whose encrypted form reaches 1 MiB is never uploaded
/// (fact 6).
package enum SyncEligibility {
  /// CloudKit's limit on one record: "Object size too large" from 1 MiB.
  package static let maximumRecordBytes = 1 << 20

  /// Whether an item of `protection` may travel to the account's other devices.
  package static func travels(_ protection: ProtectionClass) -> Bool {
    [.ak, .ck, .dk].contains(protection)
  }
}
