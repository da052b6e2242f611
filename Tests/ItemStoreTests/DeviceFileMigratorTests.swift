import Foundation
import Testing

@testable import ItemStore

/// The upgrade mechanism on the schema-version-1 fixture (Tests/Fixtures/DeviceFiles), with
/// an upgrader standing in for the engine: rows keep their rowids, the AUTOINCREMENT mark and
/// the device blobs survive, and a failure anywhere leaves the file byte for byte as it was.
@Suite struct DeviceFileMigratorTests {
  static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Fixtures/DeviceFiles/schema-v1.device")

  /// Copies every plaintext column of a version-1 row into the new searchable columns, and
  /// one sealed column into `data`; fails on the row `failOn` names.
  final class CopyingUpgrader: ItemRowUpgrader {
    var blobs: [String: Data] = [:]
    var seen: [(ItemClass, Int64)] = []
    let failOn: (ItemClass, Int64)?

    init(failOn: (ItemClass, Int64)? = nil) { self.failOn = failOn }

    func begin(deviceBlobs: [String: Data]) throws(ItemRowUpgradeError) { blobs = deviceBlobs }

    func upgrade(_ row: LegacyItemRow) throws(ItemRowUpgradeError) -> ItemRow {
      seen.append((row.itemClass, row.rowID))
      if let failOn, failOn == (row.itemClass, row.rowID) {
        throw ItemRowUpgradeError("stand-in failure")
      }
      let searchable = Set(row.itemClass.searchColumns)
      var data = Data()
      if case .blob(let sealed)? = row.columns["data"] { data = sealed }
      return ItemRow(
        rowID: 999, itemClass: row.itemClass,
        searchColumns: row.columns.filter { searchable.contains($0.key) && $0.key != "data" },
        sealedColumns: ["data": data])
    }
  }

  private func withFixtureCopy(_ body: (String) throws -> Void) throws {
    try withTemporaryPath { path in
      try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
      try body(path)
    }
  }

  private func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
  }

  @Test func theUpgradeKeepsRowidsTheSequenceAndTheDeviceBlobs() throws {
    try withFixtureCopy { path in
      let upgrader = CopyingUpgrader()
      let database = try ItemDatabase(path: path, upgrader: upgrader)
      #expect(
        try database.connection.scalar("PRAGMA user_version")
          == .integer(Int64(DeviceFileFormat.currentVersion)))
      #expect(upgrader.seen.map(\.1) == [1, 2, 3, 4, 1])
      #expect(upgrader.seen.map(\.0) == [.genp, .genp, .genp, .genp, .inet])
      #expect(Set(upgrader.blobs.keys).isSuperset(of: ["device", "keybag", "caller"]))
      #expect(try database.deviceBlob(forKey: "keybag") == upgrader.blobs["keybag"])
      let rowIDs = try database.connection.withStatement("SELECT rowid FROM genp ORDER BY rowid") {
        statement throws(SQLiteError) in
        var ids: [Int64] = []
        while try statement.step() { ids.append(statement.int64(at: 0)) }
        return ids
      }
      #expect(rowIDs == [1, 2, 3, 4])
      // Row 5 was deleted under version 1: its rowid is still never reused.
      let added = try database.insert(
        ItemRow(itemClass: .genp, searchColumns: ["acct": .blob(Data([1]))]))
      #expect(added == 6)
      // The new layout: the sealed attributes column exists, the old per-attribute one not.
      let columns = try database.connection.withStatement("PRAGMA table_info(genp)") {
        statement throws(SQLiteError) in
        var names: [String] = []
        while try statement.step() {
          if case .text(let name) = statement.column(at: 1) { names.append(name) }
        }
        return names
      }
      #expect(columns == ["rowid"] + TableLayout.of(.genp).columns)
    }
  }

  /// The internet password is upgraded after every generic one has been rewritten: its
  /// failure must take the rewritten genp table back with it.
  @Test func aFailureInALaterTableLeavesTheFileByteForByte() throws {
    try withFixtureCopy { path in
      let before = try bytes(path)
      let error = try #require(throws: ItemStoreError.self) {
        try ItemDatabase(path: path, upgrader: CopyingUpgrader(failOn: (.inet, 1)))
      }
      #expect(
        error
          == .migrationFailed(
            path: path, step: DeviceFileMigrations.steps[0].name,
            reason: "inet row 1: stand-in failure"))
      #expect(error.description.contains(path))
      #expect(try bytes(path) == before)
      // Still a version-1 file a second attempt can upgrade.
      let database = try ItemDatabase(path: path, upgrader: CopyingUpgrader())
      #expect(
        try database.connection.scalar("PRAGMA user_version")
          == .integer(Int64(DeviceFileFormat.currentVersion)))
    }
  }

  @Test func anUpgradedRowWithAnUnknownColumnIsRefusedNotDropped() throws {
    final class Stray: ItemRowUpgrader {
      func begin(deviceBlobs: [String: Data]) throws(ItemRowUpgradeError) {}
      func upgrade(_ row: LegacyItemRow) throws(ItemRowUpgradeError) -> ItemRow {
        ItemRow(itemClass: row.itemClass, sealedColumns: ["labl": Data()])
      }
    }
    try withFixtureCopy { path in
      let before = try bytes(path)
      let error = try #require(throws: ItemStoreError.self) {
        try ItemDatabase(path: path, upgrader: Stray())
      }
      #expect(error.description.contains("unknown sealed column 'labl'"), "\(error)")
      #expect(try bytes(path) == before)
    }
  }

  /// Every step starts where an earlier one ends (or at the oldest version), and ends at a
  /// later version, so the chain from the oldest version reaches the current one.
  @Test func theStepsChainToTheCurrentVersion() {
    var version = DeviceFileMigrations.oldestVersion
    var steps = 0
    while version < DeviceFileFormat.currentVersion,
      let step = DeviceFileMigrations.step(from: version)
    {
      #expect(step.toVersion > step.fromVersion)
      version = step.toVersion
      steps += 1
    }
    #expect(version == DeviceFileFormat.currentVersion)
    #expect(steps >= 1)
  }
}
