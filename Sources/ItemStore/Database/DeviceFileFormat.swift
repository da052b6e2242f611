import Foundation

/// The on-disk format of a device file: how it is marked, versioned, created and checked.
///
/// A device file is an SQLite database whose header carries our `application_id` and whose
/// `user_version` is the schema version. Opening an existing file only reads it until it
/// has passed every check: a file that is not ours is reported, never "repaired".
/// Related SQLite documentation: <https://www.sqlite.org/pragma.html#pragma_application_id>
enum DeviceFileFormat {
  /// `application_id` of a keychain-sim device file: "KSIM" in ASCII.
  static let applicationID: Int32 = 0x4B53_494D
  /// The schema version this build writes (`PRAGMA user_version`). An older file is
  /// upgraded when it is opened, in one transaction (``DeviceFileMigrator``, the steps in
  /// ``DeviceFileMigrations``); a newer one is refused
  /// (``ItemStoreError/newerSchema(path:version:supported:)``): this build cannot know what
  /// its columns mean, and writing to it would lose them.
  ///
  /// What each version changed is told beside its step (``DeviceFileMigrations``); a step
  /// that re-seals items needs the device's keys: ``ItemDatabase/init(path:upgrader:)`` takes
  /// the engine's upgrader. Version 0 was never written (a new file gets its id and version in the transaction that
  /// creates its tables), so a file of ours at version 0 is damaged, not old.
  static var currentVersion: Int { DeviceFileMigrations.currentVersion }
  /// The table of opaque device blobs (keybag, device state, clock, caller).
  static let deviceTable = "device"

  /// Every table a current file must have.
  static var requiredTables: [String] { ItemClass.allCases.map(\.tableName) + [deviceTable] }

  // MARK: - Opening

  /// Opens the store: in memory for `nil`, else the device file at `path`, created if it is
  /// missing or empty, validated if it has content.
  static func open(path: String?) throws(ItemStoreError) -> Connection {
    guard let path else {
      let connection = try connect(":memory:", mode: .createIfMissing, path: ":memory:")
      try createSchema(on: connection)
      return connection
    }
    guard let size = try existingFileSize(path), size > 0 else {
      // Missing, or empty (e.g. made by mktemp): nothing in it to lose.
      try checkFolderExists(of: path)
      let connection = try connect(path, mode: .createIfMissing, path: path)
      try refuseReadOnly(connection, path: path)
      try createSchema(on: connection)
      return connection
    }
    try DeviceFileHeader.check(path: path, fileSize: size)
    let connection = try connect(path, mode: .existingOnly, path: path)
    try validate(connection, path: path)
    try refuseReadOnly(connection, path: path)
    try refuseReadOnlyFolder(of: path)
    return connection
  }

  /// The size of the file at `path`, or `nil` when there is none.
  /// - Throws: ``ItemStoreError/cannotOpen(path:reason:)`` for a directory or a file whose
  ///   attributes cannot be read.
  static func existingFileSize(_ path: String) throws(ItemStoreError) -> Int? {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      return nil
    }
    if isDirectory.boolValue { throw .cannotOpen(path: path, reason: "it is a directory") }
    do {
      let attributes = try FileManager.default.attributesOfItem(atPath: path)
      return (attributes[.size] as? NSNumber)?.intValue ?? 0
    } catch {
      throw .cannotOpen(
        path: path, reason: "its size cannot be read (\(error.localizedDescription))")
    }
  }

  /// A device file in a folder that does not exist cannot be created: say so, rather than
  /// SQLite's "unable to open database file".
  private static func checkFolderExists(of path: String) throws(ItemStoreError) {
    let folder = (path as NSString).deletingLastPathComponent
    guard !folder.isEmpty else { return }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
      throw .missingFolder(path: path, folder: folder)
    }
    if !isDirectory.boolValue {
      throw .cannotOpen(path: path, reason: "'\(folder)' is not a folder")
    }
  }

  /// SQLite quietly opens a file it may not write read-only; every later change would then
  /// fail or be lost. Refuse such a file up front, naming it.
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/db_readonly.html>
  private static func refuseReadOnly(
    _ connection: Connection, path: String
  ) throws(ItemStoreError) {
    if connection.isReadOnly { throw .readOnly(path: path) }
  }

  /// A writable file in a folder it may not write in opens read-write, but SQLite cannot
  /// create the journal beside it, so the first change fails with "attempt to write a
  /// readonly database". Refuse it up front, as a read-only file is.
  private static func refuseReadOnlyFolder(of path: String) throws(ItemStoreError) {
    let folder = (path as NSString).deletingLastPathComponent
    let checked = folder.isEmpty ? "." : folder
    if access(checked, W_OK) != 0, errno == EACCES || errno == EROFS {
      throw .readOnlyFolder(path: path, folder: checked)
    }
  }

  private static func connect(
    _ location: String, mode: Connection.OpenMode, path: String
  ) throws(ItemStoreError) -> Connection {
    do {
      return try Connection(path: location, mode: mode)
    } catch {
      throw ItemStoreError.cannotOpen(path: path, reason: error.message)
    }
  }

  // MARK: - Creating

  /// Creates the tables and marks the file, in one transaction so that a half-made file
  /// cannot exist: either it has our id and every table, or neither.
  static func createSchema(on connection: Connection) throws(ItemStoreError) {
    var script = "BEGIN IMMEDIATE;\n"
    script += "PRAGMA application_id = \(applicationID);\n"
    script += "PRAGMA user_version = \(currentVersion);\n"
    for itemClass in ItemClass.allCases {
      script += TableLayout.of(itemClass).createSQL + ";\n"
    }
    script +=
      "CREATE TABLE \(quoted(deviceTable)) (key TEXT PRIMARY KEY NOT NULL,"
      + " value BLOB NOT NULL);\n"
    script += "COMMIT;"
    do {
      try connection.executeScript(script)
    } catch {
      // Best effort: the script's own error is the one reported, and a failed ROLLBACK
      // leaves nothing committed either (the transaction never reached COMMIT).
      try? connection.executeScript("ROLLBACK")
      throw ItemStoreError.sqlite(error)
    }
  }

  // MARK: - Validating

  /// Checks, reading only, that the file is an intact keychain-sim device file this build
  /// understands: of the current version, or of an older one a migration step upgrades.
  static func validate(_ connection: Connection, path: String) throws(ItemStoreError) {
    do {
      let id = try connection.scalar("PRAGMA application_id").int64 ?? 0
      guard id == Int64(applicationID) else {
        throw ItemStoreError.notADeviceFile(
          path: path, applicationID: Int32(truncatingIfNeeded: id))
      }
      let problems = try quickCheck(connection)
      guard problems.isEmpty else {
        throw ItemStoreError.corruptDatabase(
          path: path, detail: problems.prefix(3).joined(separator: "; "))
      }
      let version = Int(try connection.scalar("PRAGMA user_version").int64 ?? 0)
      guard version <= currentVersion else {
        throw ItemStoreError.newerSchema(path: path, version: version, supported: currentVersion)
      }
      guard version == 0 || version >= DeviceFileMigrations.oldestVersion else {
        throw ItemStoreError.olderSchema(
          path: path, version: version, supported: DeviceFileMigrations.oldestVersion)
      }
      // Every version so far has had the same tables; an older one is upgraded afterwards.
      let missing = try missingTables(connection)
      guard version != 0, missing.isEmpty else {
        var problems: [String] = []
        if version == 0 {
          problems.append("schema version 0, expected \(currentVersion)")
        }
        if !missing.isEmpty {
          problems.append("missing tables: " + missing.joined(separator: ", "))
        }
        throw ItemStoreError.corruptDatabase(
          path: path, detail: problems.joined(separator: "; "))
      }
    } catch let error as ItemStoreError {
      throw error
    } catch let error as SQLiteError {
      throw classify(error, path: path)
    } catch {
      throw ItemStoreError.cannotOpen(path: path, reason: "\(error)")
    }
  }

  /// `PRAGMA quick_check`: the rows it reports, or none when it says "ok".
  /// Related SQLite documentation: <https://www.sqlite.org/pragma.html#pragma_quick_check>
  static func quickCheck(_ connection: Connection) throws(SQLiteError) -> [String] {
    try connection.withStatement("PRAGMA quick_check") { statement throws(SQLiteError) in
      var rows: [String] = []
      while try statement.step() {
        if case .text(let text) = statement.column(at: 0), text != "ok" { rows.append(text) }
      }
      return rows
    }
  }

  static func missingTables(_ connection: Connection) throws(SQLiteError) -> [String] {
    let sql = "SELECT name FROM sqlite_master WHERE type = 'table'"
    let present = try connection.withStatement(sql) { statement throws(SQLiteError) in
      var names: Set<String> = []
      while try statement.step() {
        if case .text(let name) = statement.column(at: 0) { names.insert(name) }
      }
      return names
    }
    return requiredTables.filter { !present.contains($0) }
  }

  /// Turns an SQLite failure while reading an existing file into the matching store error.
  private static func classify(_ error: SQLiteError, path: String) -> ItemStoreError {
    switch error.code.primary {
    case .notADatabase: .notADatabase(path: path)
    case .corrupt: .corruptDatabase(path: path, detail: error.message)
    case .ioError: .corruptDatabase(path: path, detail: error.message)
    default: .cannotOpen(path: path, reason: error.message)
    }
  }
}

extension StoredValue {
  var int64: Int64? {
    if case .integer(let value) = self { value } else { nil }
  }
}
