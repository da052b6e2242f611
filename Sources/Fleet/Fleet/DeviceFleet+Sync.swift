import DeviceState
import Devices
import Foundation
import ItemStore
import KeychainEngine

/// iCloud Keychain sync between the fleet's devices (docs/evidence.md §11, facts 1-24).
///
/// A device that syncs with an account uploads its changes to synchronizable items after each
/// statement (``settleSync()``); every syncing device downloads what changed when the clock
/// advances (``advanceClock(by:)``) or on ``syncNow()``. Uploads and downloads name what moved
/// and what did not, and why, as ``SyncEvent``s that ``takeSyncEvents()`` hands to the
/// transcript.
extension DeviceFleet {
  /// The events since the last call.
  public func takeSyncEvents() -> [SyncEvent] {
    defer { iCloud.events = [] }
    return iCloud.events
  }

  /// The current device's account's iCloud Keychain, if it is signed in.
  public var currentCloud: CloudKeychain? {
    currentAccount.appleID.map { iCloud.cloud($0) }
  }

  /// `icloud sync`: every device of the current device's account syncs now.
  public func syncNow() -> DeviceOutcome {
    let summary = "iCloud Keychain not synced"
    guard current.platform.hasAppleKeychain else {
      return .refused(summary, .noICloud(current.platform))
    }
    guard let appleID = currentAccount.appleID else { return .refused(summary, .notSignedIn) }
    guard currentAccount.iCloudKeychain else {
      return .refused(summary, .iCloudKeychainOff(appleID: appleID))
    }
    let before = iCloud.events.count
    syncPass(appleID)
    let moved = iCloud.events[before...].filter(\.moved).count
    return .done(
      "\(appleID)'s devices synced: \(moved == 1 ? "1 change" : "\(moved) changes") moved")
  }

  /// After a statement on the current device: uploads what changed on it, if it syncs, and
  /// applies the items that waited for its unlock (docs/evidence.md §11, fact 22).
  public func settleSync() {
    guard let member = members.first(where: { $0.name == currentName }),
      let appleID = member.account.appleID, member.account.syncs(with: appleID)
    else {
      return
    }
    upload(member, appleID, full: false)
    if !iCloud.mirror(member.name, appleID).waiting.isEmpty {
      _ = download(member, appleID, onlyWaiting: true)
    }
  }

  /// The sync the clock's advance brings: every account with a syncing device.
  func syncAfterClockAdvance() {
    let accounts = Set(
      members.compactMap { member in
        member.account.appleID.flatMap { member.account.syncs(with: $0) ? $0 : nil }
      })
    for appleID in accounts.sorted() { syncPass(appleID) }
  }

  // MARK: - A pass

  /// Every syncing device uploads, then downloads until iCloud stops changing (a conflict
  /// deletes a record, which the devices that already downloaded must apply too).
  private func syncPass(_ appleID: String) {
    let syncing = syncingMembers(of: appleID)
    for member in syncing { upload(member, appleID, full: true) }
    for _ in 0..<4 {
      var changed = false
      for member in syncing where download(member, appleID, onlyWaiting: false) {
        changed = true
      }
      if !changed { break }
    }
    guard !iCloud.cloud(appleID).liveRecords.isEmpty else { return }
    for member in members where !member.account.syncs(with: appleID) {
      iCloud.events.append(
        .absent(device: member.name, appleID: appleID, reason: absence(member, appleID)))
    }
  }

  private func absence(_ member: Member, _ appleID: String) -> SyncEvent.AbsenceReason {
    guard member.device.platform.hasAppleKeychain else {
      return .noICloud(member.device.platform)
    }
    guard let signedIn = member.account.appleID else { return .signedOut }
    return signedIn == appleID ? .keychainOff : .otherAccount(signedIn)
  }

  // MARK: - Upload

  /// Sends `member`'s local changes to iCloud: deletes of rows it synced, changed and new
  /// synchronizable items; tells once of each item that stays. `full` also tells what a
  /// locked device could not read.
  private func upload(_ member: Member, _ appleID: String, full: Bool) {
    var mirror = iCloud.mirror(member.name, appleID)
    var cloud = iCloud.cloud(appleID)
    defer {
      iCloud.mirrors[member.name, default: [:]][appleID] = mirror
      iCloud.clouds[appleID] = cloud
    }
    let engine = member.device.engine
    let name = member.name
    for deleted in engine.takeDeletedWithoutTombstones() {
      let key = SyncMirror.RowKey(itemClass: deleted.itemClass, rowID: deleted.rowID)
      guard let uuid = mirror.uuid(of: key), var entry = mirror[uuid] else { continue }
      entry.rowID = nil
      entry.detached = true
      mirror.set(uuid, entry)
      event(.deletionNotPropagated(device: name, item: entry.content.name))
    }
    do throws(ItemStoreError) {
      try uploadDeletes(name, engine: engine, mirror: &mirror, cloud: &cloud)
      var lockedClasses: Set<ProtectionClass> = []
      for row in try engine.rowsForSync() {
        guard let rowID = row.rowID else { continue }
        let key = SyncMirror.RowKey(itemClass: row.itemClass, rowID: rowID)
        guard engine.isSynchronizable(row) else {
          tellStaying(row, key, name, engine: engine, mirror: &mirror)
          continue
        }
        switch engine.syncScan(of: row) {
        case .opened(_, let content):
          uploadChange(content, key, name, full: full, mirror: &mirror, cloud: &cloud)
        case .locked(_, _, let protection):
          lockedClasses.insert(protection)
        case .unreadable(_, _, let detail):
          if full { event(.failed(device: name, detail: detail)) }
        }
      }
      if full {
        for protection in lockedClasses.sorted(by: { $0.rawValue < $1.rawValue }) {
          event(.notScannedWhileLocked(device: name, protection: protection))
        }
      }
    } catch {
      event(.failed(device: name, detail: "the item store failed: \(error)"))
    }
  }

  /// Rows this device synced that are gone, or may no longer sync (their `sync` turned 0 or
  /// their protection ThisDeviceOnly), become record deletes (facts 12 and 15), unless
  /// another device changed the record first (fact 18).
  private func uploadDeletes(
    _ name: String, engine: SecItemEngine, mirror: inout SyncMirror, cloud: inout CloudKeychain
  ) throws(ItemStoreError) {
    for (uuid, entry) in mirror.entries.sorted(by: { $0.key < $1.key }) {
      guard let rowID = entry.rowID else { continue }
      guard try engine.syncState(ofRow: rowID, in: entry.itemClass) != .present(eligible: true)
      else { continue }
      var gone = entry
      gone.rowID = nil
      guard let record = cloud[uuid], !record.isDeleted, record.changeTag == entry.changeTag
      else {
        mirror.set(uuid, gone)
        if let record = cloud[uuid], !record.isDeleted {
          event(.overwritten(device: name, item: entry.content.name, winner: record.lastWriter))
        }
        continue
      }
      gone.changeTag = cloud.commit(uuid, content: entry.content, deleted: true, by: name)
      mirror.set(uuid, gone)
      event(.uploaded(device: name, item: entry.content.name, change: .deleted))
    }
  }

  /// A synchronizable row: uploaded when new or changed; if it stays, told when its reason is
  /// new, and at every `full` pass (`wait`, `icloud sync`).
  private func uploadChange(
    _ content: SyncedContent, _ key: SyncMirror.RowKey, _ name: String, full: Bool,
    mirror: inout SyncMirror, cloud: inout CloudKeychain
  ) {
    if let reason = SyncEligibility.reasonToStay(content) {
      guard mirror.uuid(of: key) == nil, full || mirror.told[key] != reason else { return }
      mirror.told[key] = reason
      event(.stays(device: name, item: content.name, reason: reason))
      return
    }
    if let uuid = mirror.uuid(of: key), var entry = mirror[uuid] {
      guard entry.content != content else { return }
      guard let record = cloud[uuid], !record.isDeleted, record.changeTag == entry.changeTag
      else {
        // Someone committed first: the download brings iCloud's copy over this one.
        let tag = cloud[uuid]?.changeTag ?? 0
        if mirror.toldOverwritten[uuid] != tag {
          mirror.toldOverwritten[uuid] = tag
          let winner = cloud[uuid]?.lastWriter ?? "another device"
          event(.overwritten(device: name, item: content.name, winner: winner))
        }
        return
      }
      entry.changeTag = cloud.commit(uuid, content: content, by: name)
      entry.content = content
      mirror.set(uuid, entry)
      event(.uploaded(device: name, item: content.name, change: .updated))
      return
    }
    // The very item of a record this device does not know yet (restored from a backup, or
    // moved by Quick Start, where Apple's item keeps its UUID): the device adopts the record
    // instead of uploading a twin (docs/fidelity.md, "iCloud Keychain sync").
    if let twin = cloud.liveRecords.first(where: { mirror[$0.uuid] == nil && $0.content == content }
    ) {
      mirror.set(
        twin.uuid,
        SyncMirror.Entry(
          itemClass: content.itemClass, rowID: key.rowID, changeTag: twin.changeTag,
          content: content))
      return
    }
    // A re-add over a deleted record reuses its UUID (docs/evidence.md §11, fact 14).
    let reused = mirror.deletedUUID(samePrimaryKeyAs: content).flatMap { uuid in
      cloud[uuid]?.isDeleted == true ? uuid : nil
    }
    let uuid = reused ?? cloud.newUUID()
    let tag = cloud.commit(uuid, content: content, by: name)
    mirror.set(
      uuid,
      SyncMirror.Entry(
        itemClass: content.itemClass, rowID: key.rowID, changeTag: tag, content: content))
    event(.uploaded(device: name, item: content.name, change: .added))
  }

  /// A row that is not synchronizable: told once, by name, on a syncing device (fact 1).
  private func tellStaying(
    _ row: ItemRow, _ key: SyncMirror.RowKey, _ name: String, engine: SecItemEngine,
    mirror: inout SyncMirror
  ) {
    guard mirror.told[key] != .notSynchronizable else { return }
    // A locked row is told once it can be named.
    guard case .opened(_, let content) = engine.syncScan(of: row) else { return }
    mirror.told[key] = .notSynchronizable
    event(.stays(device: name, item: content.name, reason: .notSynchronizable))
  }

  // MARK: - Download

  /// Applies to `member` every record it has not matched yet (only those that waited for
  /// an unlock when `onlyWaiting`). Returns whether iCloud changed (a conflict's delete).
  private func download(_ member: Member, _ appleID: String, onlyWaiting: Bool) -> Bool {
    var mirror = iCloud.mirror(member.name, appleID)
    var cloud = iCloud.cloud(appleID)
    let tagBefore = cloud.allRecords.map(\.changeTag).max() ?? 0
    defer {
      iCloud.mirrors[member.name, default: [:]][appleID] = mirror
      iCloud.clouds[appleID] = cloud
    }
    let engine = member.device.engine
    for record in cloud.allRecords {
      if onlyWaiting, !mirror.waiting.contains(record.uuid) { continue }
      let entry = mirror[record.uuid]
      if let entry, entry.changeTag >= record.changeTag { continue }
      do throws(ItemStoreError) {
        try apply(record, to: member.name, engine: engine, mirror: &mirror, cloud: &cloud)
      } catch {
        event(.failed(device: member.name, detail: "the item store failed: \(error)"))
      }
    }
    return (cloud.allRecords.map(\.changeTag).max() ?? 0) != tagBefore
  }

  /// One record onto one device: a delete removes the row by UUID (fact 16); an item
  /// replaces the row of the same UUID, cloud wins (fact 17), or is added, colliding maybe
  /// with a local item of the same primary key (fact 19); a class A item on a locked device
  /// waits (fact 22).
  private func apply(
    _ record: CloudRecord, to name: String, engine: SecItemEngine,
    mirror: inout SyncMirror, cloud: inout CloudKeychain
  ) throws(ItemStoreError) {
    let entry = mirror[record.uuid]
    let item = record.content.name
    if record.isDeleted {
      if let rowID = entry?.rowID,
        try engine.deleteSynced(rowID: rowID, in: record.content.itemClass)
      {
        event(.downloaded(device: name, item: item, change: .deleted, from: record.lastWriter))
      }
      mirror.waiting.remove(record.uuid)
      mirror.set(
        record.uuid,
        SyncMirror.Entry(
          itemClass: record.content.itemClass, rowID: nil, changeTag: record.changeTag,
          content: entry?.content ?? record.content))
      return
    }
    let change: SyncEvent.Change = entry?.rowID == nil ? .added : .updated
    switch try engine.writeSynced(record.content, over: entry?.rowID) {
    case .written(let rowID):
      matched(record, rowID: rowID, mirror: &mirror)
      event(.downloaded(device: name, item: item, change: change, from: record.lastWriter))
    case .locked(let protection):
      if !mirror.waiting.contains(record.uuid) {
        event(.waitsForUnlock(device: name, item: item, protection: protection))
      }
      mirror.waiting.insert(record.uuid)
    case .collision(let holder):
      try collide(record, holder: holder, on: name, engine: engine, mirror: &mirror, cloud: &cloud)
    }
  }

  /// Two items with one primary key: when the local one is known to iCloud, the lower UUID
  /// wins and the loser's record is deleted; otherwise the incoming item wins
  /// (docs/evidence.md §11, fact 19).
  private func collide(
    _ record: CloudRecord, holder: Int64, on name: String, engine: SecItemEngine,
    mirror: inout SyncMirror, cloud: inout CloudKeychain
  ) throws(ItemStoreError) {
    let key = SyncMirror.RowKey(itemClass: record.content.itemClass, rowID: holder)
    let item = record.content.name
    if let local = mirror.uuid(of: key) {
      let localIsLive = cloud[local].map { !$0.isDeleted } ?? false
      if localIsLive, local < record.uuid {
        let tag = cloud.commit(record.uuid, content: record.content, deleted: true, by: name)
        mirror.set(
          record.uuid,
          SyncMirror.Entry(
            itemClass: record.content.itemClass, rowID: nil, changeTag: tag,
            content: record.content))
        event(.collision(device: name, item: item, kept: local, dropped: record.uuid))
        return
      }
      guard case .written(let rowID) = try engine.writeSynced(record.content, over: holder)
      else { return waitOrFail(record, on: name, mirror: &mirror) }
      let lost = mirror[local]
      mirror.remove(local)
      if localIsLive {
        cloud.commit(local, content: lost?.content ?? record.content, deleted: true, by: name)
      }
      matched(record, rowID: rowID, mirror: &mirror)
      event(.collision(device: name, item: item, kept: record.uuid, dropped: local))
      return
    }
    guard case .written(let rowID) = try engine.writeSynced(record.content, over: holder)
    else { return waitOrFail(record, on: name, mirror: &mirror) }
    matched(record, rowID: rowID, mirror: &mirror)
    event(.replacedUnknownLocal(device: name, item: item))
  }

  /// The local row holds `record` now.
  private func matched(_ record: CloudRecord, rowID: Int64, mirror: inout SyncMirror) {
    mirror.waiting.remove(record.uuid)
    mirror.set(
      record.uuid,
      SyncMirror.Entry(
        itemClass: record.content.itemClass, rowID: rowID, changeTag: record.changeTag,
        content: record.content))
  }

  /// A replacement that could not be written over a colliding row: it waits for an unlock.
  private func waitOrFail(_ record: CloudRecord, on name: String, mirror: inout SyncMirror) {
    if !mirror.waiting.contains(record.uuid) {
      event(
        .waitsForUnlock(device: name, item: record.content.name, protection: record.protection))
    }
    mirror.waiting.insert(record.uuid)
  }

  private func event(_ event: SyncEvent) { iCloud.events.append(event) }
}
