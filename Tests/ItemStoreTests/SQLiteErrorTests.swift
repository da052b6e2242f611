import Foundation
import Testing

@testable import ItemStore

@Suite struct SQLiteErrorTests {
  @Test func errorCarriesCodeMessageAndSQLButNotBoundValues() throws {
    let connection = try Connection(path: ":memory:")
    try connection.executeScript("CREATE TABLE t (x TEXT CHECK (length(x) < 4))")
    let sql = "INSERT INTO t (x) VALUES (?)"
    let error = try #require(throws: SQLiteError.self) {
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        try statement.bind(.text("hunter2-password"), at: 1)
        try statement.run()
      }
    }
    #expect(error.code.primary == .constraint)
    #expect(error.sql == sql)
    #expect(error.message.contains("CHECK constraint failed"))
    #expect(error.description.contains(sql))
    #expect(error.description.contains("SQLite error 275"))
    #expect(!error.description.contains("hunter2"))
    #expect(!"\(error)".contains("hunter2"))
  }

  @Test func prepareErrorNamesTheSQL() throws {
    let connection = try Connection(path: ":memory:")
    let error = try #require(throws: SQLiteError.self) {
      try connection.cachedStatement("SELECT * FROM nowhere")
    }
    #expect(error.code == .error)
    #expect(error.message == "no such table: nowhere")
    #expect(
      error.description == "SQLite error 1 (SQL logic error): no such table: nowhere"
        + " — in SELECT * FROM nowhere")
  }

  @Test func duplicateItemErrorShowsNoValues() throws {
    let database = try ItemDatabase(path: nil)
    try database.insert(genericPassword(account: "alice@example.com", secret: "pw-1"))
    let error = try #require(throws: ItemStoreError.self) {
      try database.insert(genericPassword(account: "alice@example.com", secret: "pw-1"))
    }
    #expect(error == .duplicateItem(.genp))
    #expect(!error.description.contains("alice"))
    #expect(!error.description.contains("pw-1"))
  }

  @Test func storedValueDescriptionHidesBlobBytes() {
    #expect(StoredValue.blob(Data("secret".utf8)).description == "blob(6 bytes)")
  }

  @Test func resultCodePrimaryStripsExtendedBits() {
    #expect(ResultCode.uniqueConstraint.primary == .constraint)
    #expect(ResultCode.constraint.description == "19 (constraint failed)")
  }
}
