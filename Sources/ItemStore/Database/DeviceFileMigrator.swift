import Foundation

/// Brings an older device file to ``DeviceFileFormat/currentVersion`` by running
/// ``DeviceFileMigrations/steps`` in order, all inside one `BEGIN IMMEDIATE` transaction
/// that also sets `user_version` and checks the result (the tables, `PRAGMA quick_check`)
/// before `COMMIT`.
///
/// The file is therefore either fully upgraded or exactly as it was: a failing step, a
/// failed check or a failed `COMMIT` rolls everything back, and a process killed midway
/// leaves SQLite's journal, which the next open rolls back. Either failure is
/// ``ItemStoreError/migrationFailed(path:step:reason:)``, naming the file and the step.
enum DeviceFileMigrator {
  /// Upgrades the file behind `connection` when its version is older than the current one;
  /// does nothing for a current file. ``DeviceFileFormat/validate(_:path:)`` has already
  /// checked that a step starts from its version.
  static func upgrade(
    _ connection: Connection, path: String, upgrader: (any ItemRowUpgrader)?
  ) throws(ItemStoreError) {
    let version: Int
    do {
      version = Int(try connection.scalar("PRAGMA user_version").int64 ?? 0)
    } catch {
      throw .migrationFailed(path: path, step: "reading the schema version", reason: "\(error)")
    }
    guard version < DeviceFileFormat.currentVersion else { return }
    do {
      try connection.executeScript("BEGIN IMMEDIATE")
    } catch {
      throw .migrationFailed(
        path: path, step: "starting the upgrade", reason: "SQLite: \(error.description)")
    }
    var stage = "starting the upgrade"
    do throws(MigrationFailure) {
      var at = version
      while at < DeviceFileFormat.currentVersion {
        guard let step = DeviceFileMigrations.step(from: at) else {
          throw MigrationFailure("no step upgrades schema version \(at)")
        }
        stage = step.name
        switch step.body {
        case .sql(let script):
          do { try connection.executeScript(script) } catch { throw MigrationFailure(error) }
        case .rewrite(let body):
          try body(MigrationContext(connection: connection, upgrader: upgrader))
        }
        at = step.toVersion
        do {
          try connection.executeScript("PRAGMA user_version = \(at)")
        } catch {
          throw MigrationFailure(error)
        }
      }
      stage = "checking the upgraded file"
      try check(connection)
      stage = "committing the upgrade"
      do { try connection.executeScript("COMMIT") } catch { throw MigrationFailure(error) }
    } catch {
      throw .migrationFailed(
        path: path, step: stage, reason: error.reason + rollBack(connection))
    }
  }

  /// Rolls the upgrade's transaction back; what to add to the reason if even that failed.
  /// The connection is then dropped by the failed open, and SQLite discards an uncommitted
  /// transaction when it closes, so the file keeps its old content either way.
  private static func rollBack(_ connection: Connection) -> String {
    guard connection.isInTransaction else { return "" }
    do {
      try connection.executeScript("ROLLBACK")
      return ""
    } catch {
      return " (and rolling back failed too: \(error.description); closing the file discards"
        + " the unfinished upgrade)"
    }
  }

  /// What every upgrade must end with: every table, an intact file.
  private static func check(_ connection: Connection) throws(MigrationFailure) {
    do {
      let missing = try DeviceFileFormat.missingTables(connection)
      guard missing.isEmpty else {
        throw MigrationFailure("tables missing afterwards: " + missing.joined(separator: ", "))
      }
      let problems = try DeviceFileFormat.quickCheck(connection)
      guard problems.isEmpty else {
        throw MigrationFailure(
          "the integrity check failed afterwards: " + problems.prefix(3).joined(separator: "; "))
      }
    } catch let failure as MigrationFailure {
      throw failure
    } catch let error as SQLiteError {
      throw MigrationFailure(error)
    } catch {
      throw MigrationFailure("\(error)")
    }
  }
}
