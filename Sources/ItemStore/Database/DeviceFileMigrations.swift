import Foundation

/// The ordered steps that bring an older device file to ``DeviceFileFormat/currentVersion``.
///
/// To change the schema: change the tables (``TableLayout``, the catalog), raise
/// ``currentVersion`` below, and add a step from the old version here — SQL when the new layout
/// follows from the old one alone (`ALTER TABLE … ADD COLUMN` with the default an item
/// without the attribute has, `CREATE INDEX`), a ``ItemTableRewrite`` when the engine must
/// recompute rows. A step is frozen once released: it must keep producing the layout it
/// produced, so SQL steps spell their statements out rather than derive them from the
/// current catalog. docs/architecture.md, "Schema evolution", says how to add an attribute.
enum DeviceFileMigrations {
  /// The schema version this build writes (``DeviceFileFormat/currentVersion`` reads it): kept
  /// beside the steps that reach it, so a schema change is one edit here.
  static let currentVersion = 2

  /// Every step, by the version it starts from.
  ///
  /// Version 1 (main up to commit a6406d9) kept primary-key values, `pdmn` and
  /// `tomb` in plaintext columns and sealed every other attribute in a column of its own,
  /// with associated data made of those plaintext values; version 2 keeps a keyed hash of
  /// every attribute and seals the attributes as one. Nothing of that follows from the old
  /// columns by SQL: the engine opens each item with its class key and seals it again, so
  /// the step needs the device's keys (a device with a passcode: the passcode). The rewrite
  /// writes tables of the current layout (``TableLayout``), so it goes straight to
  /// `currentVersion`: a later SQL step never runs after it (it would add a column the
  /// rewritten table already has).
  static let steps: [SchemaMigration] = [
    SchemaMigration(
      fromVersion: 1, toVersion: currentVersion,
      summary: "every item re-sealed: keyed-hash searchable columns, attributes sealed as one",
      body: .rewrite { context throws(MigrationFailure) in
        try ItemTableRewrite.run(context, fromVersion: 1)
      })
  ]

  /// The oldest version a step starts from: an older file is refused
  /// (``ItemStoreError/olderSchema(path:version:supported:)``).
  static var oldestVersion: Int {
    steps.map(\.fromVersion).min() ?? currentVersion
  }

  /// The step that starts from `version`, if any.
  static func step(from version: Int) -> SchemaMigration? {
    steps.first { $0.fromVersion == version }
  }
}
