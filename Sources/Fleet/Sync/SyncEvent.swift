import DeviceState
import Devices
import KeychainEngine

/// One thing iCloud Keychain sync did, or did not do and why, as the transcript of `wait` and
/// `icloud sync` lists it: items by name and primary key, never their data
/// (docs/evidence.md §11).
public enum SyncEvent: Sendable, Hashable, CustomStringConvertible {
  public enum Change: String, Sendable, Hashable {
    case added, updated, deleted
  }

  /// Why an item stays on its device.
  public enum StayReason: Sendable, Hashable, Codable {
    /// `kSecAttrSynchronizable` is not true (fact 1).
    case notSynchronizable
    /// A ThisDeviceOnly protection or `akpu`: CKKS skips "device-bound" items (facts 3-4).
    case deviceBound(ProtectionClass)
    /// Its encrypted form reaches 1 MiB: "Object size too large" (fact 6).
    case tooLarge(bytes: Int)
    /// It has a `kSecAttrAccessControl` (fact 5).
    case accessControl
    /// A Secure Enclave key (`tkid`): sync queries leave token items out
    /// (SecItemDataSource.c).
    case secureEnclaveKey
  }

  /// Why a device takes no part in an account's sync.
  public enum AbsenceReason: Sendable, Hashable {
    case signedOut
    case keychainOff
    case otherAccount(String)
    case noICloud(DevicePlatform)
  }

  /// A device sent a change to iCloud.
  case uploaded(device: String, item: String, change: Change)
  /// A device applied a change from iCloud, written by `from`.
  case downloaded(device: String, item: String, change: Change, from: String)
  /// An item that never leaves `device`.
  case stays(device: String, item: String, reason: StayReason)
  /// An incoming class A item waits for `device`'s next unlock (fact 22).
  case waitsForUnlock(device: String, item: String, protection: ProtectionClass)
  /// A synchronizable item `device` cannot read while locked, so it cannot tell whether it
  /// changed; it is scanned again once unlocked.
  case notScannedWhileLocked(device: String, protection: ProtectionClass)
  /// `device`'s change lost: `winner` committed to the record first (fact 18).
  case overwritten(device: String, item: String, winner: String)
  /// `device` holds another item with the same primary key; the lower UUID won (fact 19).
  case collision(device: String, item: String, kept: String, dropped: String)
  /// `device` received an item with the primary key of one iCloud does not know yet; the
  /// incoming item replaced it (fact 19).
  case replacedUnknownLocal(device: String, item: String)
  /// Deleted with `kSecUseTombstones: false`: the delete does not propagate (fact 12).
  case deletionNotPropagated(device: String, item: String)
  /// `device` takes no part in this account's sync.
  case absent(device: String, appleID: String, reason: AbsenceReason)
  /// A row of `device` that can never be opened, or a store failure: sync skipped it.
  case failed(device: String, detail: String)

  public var description: String {
    switch self {
    case .uploaded(let device, let item, let change):
      return "\(device) → iCloud: \(item) \(change.rawValue)"
    case .downloaded(let device, let item, let change, let from):
      return "iCloud → \(device): \(item) \(change.rawValue) (written by \(from))"
    case .stays(let device, let item, let reason):
      return "\(item) stays on \(device): \(Self.words(reason))"
    case .waitsForUnlock(let device, let item, let protection):
      return "\(item) waits on \(device) for its next unlock: \(protection.appleName) is a "
        + "class A protection, and an incoming item needs its class key"
    case .notScannedWhileLocked(let device, let protection):
      return "\(device) is locked: its synchronizable \(protection.appleName) items cannot be "
        + "read, so their changes upload after the next unlock"
    case .overwritten(let device, let item, let winner):
      return "\(device)'s change to \(item) was not uploaded: \(winner) wrote it to iCloud "
        + "first, and iCloud's copy wins"
    case .collision(let device, let item, let kept, let dropped):
      return "\(device) holds two items with the primary key of \(item): the lower UUID "
        + "\(kept) wins, \(dropped) is deleted from iCloud"
    case .replacedUnknownLocal(let device, let item):
      return "\(device)'s own \(item), which iCloud did not know, is replaced by the "
        + "incoming one with the same primary key"
    case .deletionNotPropagated(let device, let item):
      return "\(device) deleted \(item) with kSecUseTombstones false: no tombstone, so the "
        + "delete does not reach iCloud and the other devices keep it"
    case .absent(let device, let appleID, let reason):
      return "\(device) gets nothing from \(appleID)'s iCloud Keychain: \(Self.words(reason))"
    case .failed(let device, let detail):
      return "\(device): sync skipped an item: \(detail)"
    }
  }

  /// Whether an item moved (for the count `icloud sync` reports).
  public var moved: Bool {
    switch self {
    case .uploaded, .downloaded: true
    default: false
    }
  }

  private static func words(_ reason: StayReason) -> String {
    switch reason {
    case .notSynchronizable:
      return "kSecAttrSynchronizable is not true, and only synchronizable items leave the "
        + "device"
    case .deviceBound(let protection) where protection == .akpu:
      return "\(protection.appleName) items never leave the device, even with "
        + "kSecAttrSynchronizable true"
    case .deviceBound(let protection):
      return "\(protection.appleName) items never leave the device, even with "
        + "kSecAttrSynchronizable true; use \(Self.travelling(protection))"
    case .accessControl:
      return "it has a kSecAttrAccessControl, and an item with one is not synchronizable"
    case .secureEnclaveKey:
      return "it is a Secure Enclave key, whose private key never leaves this device"
    case .tooLarge(let bytes):
      return "its encrypted form is \(bytes) bytes, and iCloud Keychain uploads nothing of "
        + "1 MiB or more"
    }
  }

  /// The protection of the same tier that syncs.
  private static func travelling(_ protection: ProtectionClass) -> String {
    switch protection.tier {
    case .a: ProtectionClass.ak.appleName
    case .c: ProtectionClass.ck.appleName
    case .d: ProtectionClass.dk.appleName
    }
  }

  private static func words(_ reason: AbsenceReason) -> String {
    switch reason {
    case .signedOut: "it is not signed into an Apple Account"
    case .keychainOff: "iCloud Keychain is off on it"
    case .otherAccount(let other): "it is signed into \(other)"
    case .noICloud(let platform): "an \(platform.displayName) has no iCloud Keychain"
    }
  }
}
