import Foundation
import Testing

@testable import ItemStore

@Suite struct DeviceFileTests {
  // MARK: - Creating and reopening

  @Test func itemsAndDeviceBlobsSurviveReopening() throws {
    try withTemporaryPath { path in
      var expected: [ItemRow] = []
      do {
        let database = try ItemDatabase(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        try database.inTransaction {
          for index in 0..<20 {
            let id = try database.insert(genericPassword(account: "a\(index)"))
            expected.append(try #require(try database.row(id: id, in: .genp)))
          }
        }
        try database.saveDeviceBlob(Data([7, 7]), forKey: "keybag")
      }
      let reopened = try ItemDatabase(path: path)
      #expect(reopened.path == path)
      #expect(try reopened.allRows(in: .genp) == expected)
      #expect(try reopened.deviceBlob(forKey: "keybag") == Data([7, 7]))
      #expect(throws: ItemStoreError.duplicateItem(.genp)) {
        try reopened.insert(genericPassword(account: "a0"))
      }
      let next = try reopened.insert(genericPassword(account: "new"))
      #expect(next > (expected.last?.rowID ?? .max))
    }
  }

  @Test func newFileIsMarkedAsADeviceFile() throws {
    try withTemporaryPath { path in
      _ = try ItemDatabase(path: path)
      let raw = try Connection(path: path, mode: .existingOnly)
      #expect(try raw.scalar("PRAGMA application_id") == .integer(0x4B53_494D))
      #expect(
        try raw.scalar("PRAGMA user_version") == .integer(Int64(DeviceFileFormat.currentVersion)))
    }
  }

  /// An empty file (mktemp) has nothing to lose, so it becomes a new device file.
  @Test func emptyFileBecomesANewDeviceFile() throws {
    try withTemporaryPath { path in
      #expect(FileManager.default.createFile(atPath: path, contents: Data()))
      let database = try ItemDatabase(path: path)
      try database.insert(genericPassword())
      #expect(try ItemDatabase(path: path).count(in: .genp) == 1)
    }
  }

  /// The folder is named as missing, rather than SQLite's "unable to open database file".
  @Test func missingFolderIsNamed() throws {
    try withTemporaryPath { path in
      let inside = path + "/no/such/dir/device.sqlite"
      #expect(throws: ItemStoreError.missingFolder(path: inside, folder: path + "/no/such/dir")) {
        try ItemDatabase(path: inside)
      }
      #expect(!FileManager.default.fileExists(atPath: path))
    }
  }

  /// Schema version 0 with every table present names the version, not an empty table list.
  @Test func schemaVersionZeroSaysWhatIsWrong() throws {
    try withTemporaryPath { path in
      _ = try ItemDatabase(path: path)
      do {
        let raw = try Connection(path: path, mode: .existingOnly)
        try raw.run("PRAGMA user_version = 0")
      }
      #expect(
        throws: ItemStoreError.corruptDatabase(
          path: path, detail: "schema version 0, expected \(DeviceFileFormat.currentVersion)")
      ) { try ItemDatabase(path: path) }
    }
  }

  @Test func directoryCannotBeOpened() throws {
    try withTemporaryPath { path in
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
      #expect(throws: ItemStoreError.cannotOpen(path: path, reason: "it is a directory")) {
        try ItemDatabase(path: path)
      }
    }
  }

  // MARK: - Refusing files that are not ours

  @Test func randomBytesAreNotADatabase() throws {
    try withTemporaryPath { path in
      var generator = SystemRandomNumberGenerator()
      let bytes = Data((0..<8192).map { _ in UInt8.random(in: 0...255, using: &generator) })
      try bytes.write(to: URL(fileURLWithPath: path))
      #expect(throws: ItemStoreError.notADatabase(path: path)) { try ItemDatabase(path: path) }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == bytes, "file untouched")
    }
  }

  @Test func textFileIsNotADatabase() throws {
    try withTemporaryPath { path in
      let text = Data("scenario: unlock 1234\n".utf8)
      try text.write(to: URL(fileURLWithPath: path))
      let error = try #require(throws: ItemStoreError.self) { try ItemDatabase(path: path) }
      #expect(error == .notADatabase(path: path))
      #expect(error.description.contains(path))
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == text)
    }
  }

  @Test func foreignSQLiteDatabaseIsRefusedAndLeftAlone() throws {
    try withTemporaryPath { path in
      do {
        let foreign = try Connection(path: path)
        try foreign.executeScript("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi')")
      }
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let error = try #require(throws: ItemStoreError.self) { try ItemDatabase(path: path) }
      #expect(error == .notADeviceFile(path: path, applicationID: 0))
      #expect(error.description.contains("not a keychain-sim device file"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "no tables added")
    }
  }

  @Test func newerSchemaVersionIsRefused() throws {
    try withTemporaryPath { path in
      _ = try ItemDatabase(path: path)
      do {
        let raw = try Connection(path: path, mode: .existingOnly)
        try raw.executeScript("PRAGMA user_version = \(DeviceFileFormat.currentVersion + 1)")
      }
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      #expect(
        throws: ItemStoreError.newerSchema(
          path: path, version: DeviceFileFormat.currentVersion + 1,
          supported: DeviceFileFormat.currentVersion)
      ) {
        try ItemDatabase(path: path)
      }
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  /// A version-1 file must have its rows re-sealed by the engine: opened without an upgrader
  /// it is refused, naming the file and the step, and left exactly as it was.
  @Test func versionOneFileWithoutAnUpgraderIsRefusedNamingTheStep() throws {
    try withTemporaryPath { path in
      _ = try ItemDatabase(path: path)
      do {
        let raw = try Connection(path: path, mode: .existingOnly)
        try raw.executeScript("PRAGMA user_version = 1")
      }
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let error = try #require(throws: ItemStoreError.self) { try ItemDatabase(path: path) }
      guard case .migrationFailed(let failedPath, let step, let reason) = error else {
        Issue.record("unexpected error: \(error)")
        return
      }
      #expect(failedPath == path)
      #expect(step == DeviceFileMigrations.steps[0].name)
      #expect(reason.contains("keychain engine"))
      #expect(error.description.contains("the file was left as it was"))
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }
  }

  @Test func deviceFileMissingATableIsCorrupt() throws {
    try withTemporaryPath { path in
      _ = try ItemDatabase(path: path)
      do {
        let raw = try Connection(path: path, mode: .existingOnly)
        try raw.executeScript("DROP TABLE keys")
      }
      let error = try #require(throws: ItemStoreError.self) { try ItemDatabase(path: path) }
      guard case .corruptDatabase(let reported, let detail) = error else {
        Issue.record("expected corruptDatabase, got \(error)")
        return
      }
      #expect(reported == path)
      #expect(detail.contains("keys"))
    }
  }

  /// A device file cut short at various points: always a clear error, never a crash, and
  /// the remaining bytes are left exactly as they were.
  @Test(arguments: [0.9, 0.5, 0.25, 0.1])
  func truncatedDeviceFileIsReportedAndLeftAlone(fraction: Double) throws {
    try withTemporaryPath { path in
      do {
        let database = try ItemDatabase(path: path)
        try database.inTransaction {
          for index in 0..<400 {
            var row = genericPassword(account: "account-\(index)")
            row.sealedColumns["attrs"] = Data(repeating: UInt8(index % 256), count: 300)
            try database.insert(row)
          }
        }
      }
      let url = URL(fileURLWithPath: path)
      let full = try Data(contentsOf: url)
      let cut = full.prefix(Int(Double(full.count) * fraction))
      try cut.write(to: url)
      let error = try #require(throws: ItemStoreError.self) {
        let database = try ItemDatabase(path: path)
        _ = try database.allRows(in: .genp)
      }
      switch error {
      case .corruptDatabase(let reported, _), .notADatabase(let reported):
        #expect(reported == path)
      default:
        Issue.record("expected a corrupt-file error, got \(error)")
      }
      #expect(try Data(contentsOf: url) == cut, "file untouched")
    }
  }

  @Test func truncationAtAPageBoundaryIsNamed() throws {
    try withTemporaryPath { path in
      do {
        let database = try ItemDatabase(path: path)
        try database.inTransaction {
          for index in 0..<100 {
            var row = genericPassword(account: "account-\(index)")
            row.sealedColumns["attrs"] = Data(repeating: 1, count: 500)
            try database.insert(row)
          }
        }
      }
      let url = URL(fileURLWithPath: path)
      let full = try Data(contentsOf: url)
      let cut = full.prefix(4096 * 4)
      try cut.write(to: url)
      let error = try #require(throws: ItemStoreError.self) { try ItemDatabase(path: path) }
      guard case .corruptDatabase(_, let detail) = error else {
        Issue.record("expected corruptDatabase, got \(error)")
        return
      }
      #expect(detail == "the header promises \(full.count / 4096) pages but the file has 4")
    }
  }

  @Test func twoConnectionsToOneFileSeeEachOthersWrites() throws {
    try withTemporaryPath { path in
      let first = try ItemDatabase(path: path)
      let second = try ItemDatabase(path: path)
      try first.insert(genericPassword(account: "from-first"))
      #expect(try second.rows(in: .genp).map { $0.searchColumns["acct"] } == [.text("from-first")])
      #expect(throws: ItemStoreError.duplicateItem(.genp)) {
        try second.insert(genericPassword(account: "from-first"))
      }
    }
  }

  /// Same size, garbage in the middle: only SQLite's own check can see it.
  @Test(arguments: [1, 2, 5])
  func scribbledPageIsFoundByQuickCheck(page: Int) throws {
    try withTemporaryPath { path in
      do {
        let database = try ItemDatabase(path: path)
        try database.inTransaction {
          for index in 0..<200 {
            var row = genericPassword(account: "account-\(index)")
            row.sealedColumns["attrs"] = Data(repeating: 0xAB, count: 200)
            try database.insert(row)
          }
        }
      }
      let url = URL(fileURLWithPath: path)
      var bytes = try Data(contentsOf: url)
      let pageSize = 4096
      #expect(bytes.count > (page + 1) * pageSize)
      bytes.replaceSubrange(
        page * pageSize..<(page + 1) * pageSize, with: Data(repeating: 0x5A, count: pageSize))
      try bytes.write(to: url)
      let error = try #require(throws: ItemStoreError.self) { try ItemDatabase(path: path) }
      guard case .corruptDatabase(let reported, _) = error else {
        Issue.record("expected corruptDatabase, got \(error)")
        return
      }
      #expect(reported == path)
      #expect(try Data(contentsOf: url) == bytes, "file untouched")
    }
  }

  @Test func fileShorterThanTheHeaderIsReported() throws {
    try withTemporaryPath { path in
      _ = try ItemDatabase(path: path)
      let url = URL(fileURLWithPath: path)
      let cut = try Data(contentsOf: url).prefix(60)
      try cut.write(to: url)
      #expect(
        throws: ItemStoreError.corruptDatabase(
          path: path, detail: "only 60 bytes, shorter than the 100-byte SQLite header")
      ) { try ItemDatabase(path: path) }
      #expect(try Data(contentsOf: url) == cut)
    }
  }
}
