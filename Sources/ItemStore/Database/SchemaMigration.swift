import Foundation

/// One step of the device file's schema, from version ``fromVersion`` to ``toVersion``.
///
/// A step of SQL alone goes to the next version. A step that rewrites rows through the
/// engine (``ItemRowUpgrader``) writes the *current* layout — the engine seals only that —
/// so it goes straight to the current version, and the steps it skips are never run on its
/// output. Steps are listed in order in ``DeviceFileMigrations/steps`` and run by
/// ``DeviceFileMigrator`` inside the one transaction that upgrades a file, so a step may
/// leave the tables in any state its successor expects: nobody sees them until every step
/// has run and the result has been checked. A step that fails throws; the whole upgrade is
/// rolled back and the file is left as it was.
struct SchemaMigration: Sendable {
  /// The version this step upgrades from.
  let fromVersion: Int
  /// The version the file is at once the step has run.
  let toVersion: Int
  /// What the step does, in a few words: errors name the step by it.
  let summary: String
  let body: Body

  /// What a step runs: SQL alone when the change needs no values (a column added with its
  /// default, an index), else Swift that reads and rewrites rows.
  enum Body: Sendable {
    case sql(String)
    case rewrite(@Sendable (MigrationContext) throws(MigrationFailure) -> Void)
  }

  /// `"1 → 2 (summary)"`, as errors name a step.
  var name: String { "\(fromVersion) → \(toVersion) (\(summary))" }
}

/// What a Swift step works with: the connection inside the upgrade's transaction, and the
/// engine's row upgrader when the file's owner gave one.
struct MigrationContext {
  let connection: Connection
  let upgrader: (any ItemRowUpgrader)?
}

/// Why a step failed, in words that name no stored value.
struct MigrationFailure: Error {
  let reason: String

  init(_ reason: String) { self.reason = reason }

  init(_ error: SQLiteError) { self.reason = "SQLite: \(error.description)" }
}
