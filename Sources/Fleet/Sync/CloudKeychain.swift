import DeviceState
import Devices
import Foundation
import KeychainEngine

/// One item's record in an account's iCloud Keychain, as CKKS keeps it in CloudKit: the
/// item's class, attributes and secret under its UUID, with a change tag and a deleted flag
/// (a record delete that the account's devices have still to apply).
///
/// Sealed on disk in the fleet's manifest; the transcript names it by ``itemName``, never its secret.
public struct CloudRecord: Sendable, Equatable, Codable {
  /// The item's UUID, the one identity it has on every device (docs/evidence.md §11,
  /// fact 14). Kept by the sync layer: SecItem calls never return it.
  public let uuid: String
  var content: SyncedContent
  /// CloudKit's change tag: each commit to the record raises it.
  public package(set) var changeTag: Int
  /// Deleted from iCloud: a device's tombstone became a record delete (fact 12).
  public package(set) var isDeleted: Bool
  /// The device whose commit the record holds.
  public package(set) var lastWriter: String

  /// "item `alice` (genp, service com.example.app) in ABCDE12345.com.example.app".
  public var itemName: String { content.name }
  public var protection: ProtectionClass { content.protection }
  public var accessGroup: String? { content.accessGroup }
}

/// An Apple Account's iCloud Keychain: its records by UUID.
///
/// UUIDs are handed out in order (`00000000-0000-4000-8000-000000000001`, ...), so "the lower
/// UUID wins" (fact 19) gives the same answer on every run: the record made first wins
/// (docs/fidelity.md, "Several devices").
public struct CloudKeychain: Sendable, Codable {
  public let appleID: String
  private(set) var records: [String: CloudRecord] = [:]
  private var lastChangeTag = 0
  private var lastUUID = 0

  init(appleID: String) { self.appleID = appleID }

  /// Every record, deleted ones included, in UUID order.
  public var allRecords: [CloudRecord] { records.values.sorted { $0.uuid < $1.uuid } }
  /// The records still holding an item.
  public var liveRecords: [CloudRecord] { allRecords.filter { !$0.isDeleted } }

  subscript(uuid: String) -> CloudRecord? { records[uuid] }

  /// A UUID no record of this account has used.
  mutating func newUUID() -> String {
    lastUUID += 1
    let hex = String(lastUUID, radix: 16, uppercase: true)
    return "00000000-0000-4000-8000-" + String(repeating: "0", count: max(0, 12 - hex.count)) + hex
  }

  /// Writes `content` (or a delete) to record `uuid` for `writer`; returns the new tag.
  @discardableResult
  mutating func commit(
    _ uuid: String, content: SyncedContent, deleted: Bool = false, by writer: String
  ) -> Int {
    lastChangeTag += 1
    records[uuid] = CloudRecord(
      uuid: uuid, content: content, changeTag: lastChangeTag, isDeleted: deleted,
      lastWriter: writer)
    return lastChangeTag
  }
}
