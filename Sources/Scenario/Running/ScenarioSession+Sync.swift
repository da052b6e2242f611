import Keychain
import ScenarioLanguage

// iCloud Keychain sync in the transcript: what moved after a statement, and `show cloud`.
// The fleet decides what moves (Keychain/Sync); the session only words it.
extension ScenarioSession {
  /// After an acting statement: the current device uploads its changes if it syncs, and
  /// every sync event since the last statement becomes a `sync:` line under it.
  func syncLines() -> [String] {
    fleet.settleSync()
    return fleet.takeSyncEvents().map { TextWrap.labelled("sync: ", $0.description, indent: 2) }
  }

  /// The fleet of `options.devicePath`: its first device opened or created, and the devices
  /// and iCloud state its manifest names reopened (docs/cli.md, "Several devices in files").
  static func makeFleet(_ options: Options) throws(ScenarioRuntimeError) -> DeviceFleet {
    let first = try makeDevice(options)
    do {
      return try DeviceFleet.reopen(first: first, kdfProfile: options.kdfProfile)
    } catch {
      throw ScenarioRuntimeError("cannot set up the devices: \(error.description)")
    }
  }

  /// Keeps the fleet's manifest in the device file after an acting statement; a failure
  /// fails the statement, as a device's own save does.
  func saveFleet(line: Int) throws(ScenarioRuntimeError) {
    do {
      try fleet.save()
    } catch {
      throw ScenarioRuntimeError("\(error.description) (line \(line))")
    }
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
