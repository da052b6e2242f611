import Foundation
import Testing

@testable import ItemStore

@Suite struct TransactionTests {
  let database: ItemDatabase

  init() throws { database = try ItemDatabase(path: nil) }

  @Test func committedTransactionKeepsItsWrites() throws {
    let count = try database.inTransaction {
      try database.insert(genericPassword(account: "a"))
      try database.insert(genericPassword(account: "b"))
      return try database.count(in: .genp)
    }
    #expect(count == 2)
    #expect(try database.count(in: .genp) == 2)
    #expect(!database.connection.isInTransaction)
  }

  @Test func throwingBodyRollsEverythingBackAndRethrows() throws {
    let kept = try database.insert(genericPassword(account: "kept"))
    #expect(throws: AbortTransaction()) {
      try database.inTransaction {
        try database.insert(genericPassword(account: "new"))
        try database.replace(rowID: kept, with: genericPassword(account: "changed"))
        try database.saveDeviceBlob(Data([9]), forKey: "clock")
        throw AbortTransaction()
      }
    }
    #expect(try database.allRows(in: .genp).map { $0.searchColumns["acct"] } == [.text("kept")])
    #expect(try database.deviceBlob(forKey: "clock") == nil)
    #expect(!database.connection.isInTransaction)
  }

  /// The engine's multi-row update: the second row collides, so the first is undone too.
  @Test func multiRowUpdateIsAllOrNothing() throws {
    let a = try database.insert(genericPassword(account: "a", service: "old"))
    let b = try database.insert(genericPassword(account: "b", service: "old"))
    try database.insert(genericPassword(account: "b", service: "new"))
    #expect(throws: ItemStoreError.duplicateItem(.genp)) {
      try database.inTransaction {
        try database.replace(rowID: a, with: genericPassword(account: "a", service: "new"))
        try database.replace(rowID: b, with: genericPassword(account: "b", service: "new"))
      }
    }
    #expect(try database.row(id: a, in: .genp)?.searchColumns["svce"] == .text("old"))
    #expect(try database.row(id: b, in: .genp)?.searchColumns["svce"] == .text("old"))
  }

  @Test func innerRollbackKeepsOuterWrites() throws {
    try database.inTransaction {
      try database.insert(genericPassword(account: "outer"))
      _ = try? database.inTransaction {
        try database.insert(genericPassword(account: "inner"))
        throw AbortTransaction()
      }
    }
    #expect(try database.allRows(in: .genp).map { $0.searchColumns["acct"] } == [.text("outer")])
  }

  @Test func outerRollbackUndoesReleasedInnerWrites() throws {
    _ = try? database.inTransaction {
      try database.inTransaction { try database.insert(genericPassword(account: "inner")) }
      throw AbortTransaction()
    }
    #expect(try database.count(in: .genp) == 0)
  }

  @Test func failedInsertInsideTransactionLeavesEarlierWrites() throws {
    try database.inTransaction {
      try database.insert(genericPassword(account: "a"))
      #expect(throws: ItemStoreError.duplicateItem(.genp)) {
        try database.insert(genericPassword(account: "a"))
      }
      try database.insert(genericPassword(account: "b"))
    }
    #expect(try database.count(in: .genp) == 2)
  }

  @Test func deleteOfManyRowsIsAtomicAndCounted() throws {
    let ids = try (0..<50).map { try database.insert(genericPassword(account: "a\($0)")) }
    #expect(try database.delete(rowIDs: ids, in: .genp) == 50)
    #expect(try database.count(in: .genp) == 0)
  }

  /// A one-row delete runs without its own savepoint, but still joins the caller's.
  @Test func singleRowDeleteRollsBackWithTheOuterTransaction() throws {
    let id = try database.insert(genericPassword(account: "a"))
    _ = try? database.inTransaction {
      #expect(try database.delete(rowIDs: [id], in: .genp) == 1)
      throw AbortTransaction()
    }
    #expect(try database.count(in: .genp) == 1)
    #expect(!database.connection.isInTransaction)
  }

  @Test(arguments: [[Int64](), [999]])
  func deleteOfMissingRowsDeletesNothing(_ ids: [Int64]) throws {
    try database.insert(genericPassword(account: "a"))
    #expect(try database.delete(rowIDs: ids, in: .genp) == 0)
    #expect(try database.count(in: .genp) == 1)
  }
}
