import Foundation
import Testing

@testable import ItemStore

@Suite struct ItemStoreErrorTests {
  static let path = "/tmp/phone.device"

  /// Every message is a lowercase clause without a final period and names what is wrong.
  @Test(arguments: [
    (ItemStoreError.duplicateItem(.genp), "a genp item with the same primary key already exists"),
    (.unknownColumn("atag", in: .genp), "class genp has no column 'atag'"),
    (
      .misplacedColumn("data", in: .genp),
      "column 'data' of class genp is sealed, so it cannot be searched"
    ),
    (
      .misplacedColumn("acct", in: .genp),
      "column 'acct' of class genp is searchable, not sealed"
    ),
    (.rowNotFound(3, in: .keys), "no keys row with rowid 3"),
    (
      .notADatabase(path: path),
      "'/tmp/phone.device' is not a keychain-sim device file: it is not an SQLite database"
        + " (random bytes or a damaged header)"
    ),
    (
      .notADeviceFile(path: path, applicationID: 0),
      "'/tmp/phone.device' is an SQLite database but not a keychain-sim device file"
        + " (application_id 0, expected 1263749453)"
    ),
    (
      .newerSchema(path: path, version: 4, supported: 1),
      "'/tmp/phone.device' was written by a newer keychain-sim (schema version 4;"
        + " this build reads up to 1)"
    ),
    (
      .corruptDatabase(path: path, detail: "page 3 is never used"),
      "'/tmp/phone.device' is a damaged device file (truncated or corrupt): page 3 is never used"
    ),
  ])
  func descriptions(error: ItemStoreError, expected: String) {
    #expect(error.description == expected)
    #expect(!expected.hasSuffix("."))
  }

  @Test func userVersionZeroWithOurIDIsCorrupt() throws {
    try withTemporaryPath { path in
      _ = try ItemDatabase(path: path)
      do {
        let raw = try Connection(path: path, mode: .existingOnly)
        try raw.executeScript("PRAGMA user_version = 0")
      }
      let error = try #require(throws: ItemStoreError.self) { try ItemDatabase(path: path) }
      guard case .corruptDatabase(_, let detail) = error else {
        Issue.record("expected corruptDatabase, got \(error)")
        return
      }
      #expect(detail.contains("schema version 0"))
    }
  }

  @Test func statementCacheStaysBoundedAcrossManyQueryShapes() throws {
    let database = try ItemDatabase(path: nil)
    try database.insert(genericPassword(group: "g0"))
    for length in 1...300 {
      let groups = (0..<length).map { StoredValue.text("g\($0)") }
      #expect(try database.rows(in: .genp, oneOf: ("agrp", groups)).count == 1)
    }
    #expect(database.connection.preparedStatementCount > 300)
    #expect(try database.count(in: .genp) == 1, "still usable after evictions")
  }
}
