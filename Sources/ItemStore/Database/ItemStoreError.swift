/// What can go wrong in the item store. Messages name the file and the problem, never a
/// stored value: values can be secrets.
///
/// `description` is a lowercase clause without a final period, stable for transcripts.
public enum ItemStoreError: Error, Equatable, Sendable, CustomStringConvertible {
  /// An insert or replace would give two live rows the same primary key (SQLite's `UNIQUE`
  /// constraint); the engine reports errSecDuplicateItem.
  case duplicateItem(ItemClass)
  /// A column name that the class does not have.
  case unknownColumn(String, in: ItemClass)
  /// A column given on the wrong side of the split: a sealed column among the searchable
  /// ones or in a filter, or a searchable column among the sealed ones.
  case misplacedColumn(String, in: ItemClass)
  /// No row with this rowid in the class's table.
  case rowNotFound(Int64, in: ItemClass)
  /// The file could not be opened at all (missing directory, permissions …).
  case cannotOpen(path: String, reason: String)
  /// The folder the device file should be in does not exist.
  case missingFolder(path: String, folder: String)
  /// The file can be read but not written (permissions, read-only file system): changes
  /// could not be saved, so it is refused before any.
  case readOnly(path: String)
  /// The file may be written but its folder may not: SQLite could not create the journal it
  /// writes beside the file, so every change would fail; refused before any.
  case readOnlyFolder(path: String, folder: String)
  /// The file is not an SQLite database: random bytes or a damaged header.
  case notADatabase(path: String)
  /// The file is an SQLite database that fails its integrity check (e.g. truncated).
  case corruptDatabase(path: String, detail: String)
  /// An SQLite database that is not a keychain-sim device file (wrong `application_id`).
  case notADeviceFile(path: String, applicationID: Int32)
  /// A device file written by a newer keychain-sim than this one understands.
  case newerSchema(path: String, version: Int, supported: Int)
  /// A device file written by a keychain-sim older than any version this build can upgrade
  /// (`supported` is the oldest it can).
  case olderSchema(path: String, version: Int, supported: Int)
  /// An older device file whose upgrade to the current schema failed at `step`; the file
  /// was left as it was.
  case migrationFailed(path: String, step: String, reason: String)
  /// Any other SQLite failure.
  case sqlite(SQLiteError)

  public var description: String {
    switch self {
    case .duplicateItem(let itemClass):
      "a \(itemClass.rawValue) item with the same primary key already exists"
    case .unknownColumn(let name, let itemClass):
      "class \(itemClass.rawValue) has no column '\(name)'"
    case .misplacedColumn(let name, let itemClass):
      "column '\(name)' of class \(itemClass.rawValue) is "
        + (itemClass.searchColumns.contains(name)
          ? "searchable, not sealed"
          : "sealed, so it cannot be searched")
    case .rowNotFound(let rowID, let itemClass):
      "no \(itemClass.rawValue) row with rowid \(rowID)"
    case .cannotOpen(let path, let reason):
      "cannot open '\(path)': \(reason)"
    case .missingFolder(let path, let folder):
      "cannot create '\(path)': the folder '\(folder)' does not exist"
    case .readOnly(let path):
      "'\(path)' is read-only: changes to the device could not be saved"
        + " (make the file and its folder writable)"
    case .readOnlyFolder(let path, let folder):
      "'\(path)' is in a read-only folder '\(folder)': changes to the device could not be saved"
        + " (SQLite writes a journal beside the file: make the folder writable)"
    case .notADatabase(let path):
      "'\(path)' is not a keychain-sim device file: it is not an SQLite database"
        + " (random bytes or a damaged header)"
    case .corruptDatabase(let path, let detail):
      "'\(path)' is a damaged device file (truncated or corrupt): \(detail)"
    case .notADeviceFile(let path, let applicationID):
      "'\(path)' is an SQLite database but not a keychain-sim device file"
        + " (application_id \(applicationID), expected \(DeviceFileFormat.applicationID))"
    case .newerSchema(let path, let version, let supported):
      "'\(path)' was written by a newer keychain-sim (schema version \(version);"
        + " this build reads up to \(supported))"
    case .olderSchema(let path, let version, let supported):
      "'\(path)' was written by an older keychain-sim (schema version \(version)); this build"
        + " upgrades files from version \(supported) on:"
        + " recreate the device (delete the file and run the scenario again)"
    case .migrationFailed(let path, let step, let reason):
      "'\(path)' (an older device file) could not be upgraded to schema version"
        + " \(DeviceFileFormat.currentVersion): step \(step) failed: \(reason);"
        + " the file was left as it was"
    case .sqlite(let error):
      error.description
    }
  }
}
