import Keychain

// iCloud Keychain sync in the transcript: what moved after a statement, and `show cloud`.
// The fleet decides what moves (Keychain/Sync); the session only words it.
extension ScenarioSession {
  /// After an acting statement: the current device uploads its changes if it syncs, and
  /// every sync event since the last statement becomes a `sync:` line under it.
  func syncLines() -> [String] {
    fleet.settleSync()
    return fleet.takeSyncEvents().map { TextWrap.labelled("sync: ", $0.description, indent: 2) }
  }

  /// `show cloud`: the records of the current device's account, by name; never their data.
  func cloudLines() -> [String] {
    guard let cloud = fleet.currentCloud else {
      return ["\(fleet.currentName) is not signed into an Apple Account: no iCloud Keychain"]
    }
    let records = cloud.allRecords
    let live = records.filter { !$0.isDeleted }.count
    var lines = [
      "iCloud Keychain of \(cloud.appleID): "
        + (live == 1 ? "1 item" : "\(live) items")
        + (records.count > live ? ", \(records.count - live) deleted" : "")
    ]
    for record in records {
      let state = record.isDeleted ? "deleted by" : "written by"
      lines.append(
        TextWrap.labelled(
          "",
          "\(record.itemName) · \(record.protection.appleName) · \(state) \(record.lastWriter)"
            + " · UUID \(record.uuid)",
          indent: 2))
    }
    return lines
  }
}
