import Foundation
import Testing

@testable import ItemStore

/// `replace(rowID:with:previous:changing:)`: a writer names the columns it may have changed;
/// the row stored afterwards is the one a whole replacement stores, with the same errors.
@Suite struct ChangedColumnsReplaceTests {
  let database: ItemDatabase

  init() throws { database = try ItemDatabase(path: nil) }

  /// Named columns that changed, named columns that did not, a search column cleared to its
  /// default and a sealed column removed: every case stores what a whole replacement of the
  /// same row stores.
  @Test(arguments: [
    ["labl"], ["labl", "desc", "data"], ["mdat", "attrs", "accc", "data"], ["acct", "pdmn"],
  ])
  func storesWhatAWholeReplacementStores(columns: [String]) throws {
    let start = genericPassword(account: "a", secret: "one")
    let id = try database.insert(start)
    let previous = try #require(try database.row(id: id, in: .genp))
    var row = previous
    for name in columns {
      switch name {
      case "attrs": break  // named, left as it was
      case "data": row.sealedColumns[name] = Data("two".utf8)
      case "accc": row.sealedColumns[name] = nil
      case "pdmn": row.searchColumns[name] = .text("dk")
      case "mdat": row.searchColumns[name] = nil
      default: row.searchColumns[name] = .text("new-\(name)")
      }
    }
    try database.replace(rowID: id, with: row, previous: previous, changing: columns)
    let whole = try ItemDatabase(path: nil)
    let wholeID = try whole.insert(start)
    try whole.replace(rowID: wholeID, with: row)
    #expect(wholeID == id)
    #expect(try database.row(id: id, in: .genp) == whole.row(id: wholeID, in: .genp))
    #expect(try database.row(id: id, in: .genp) != previous)
  }

  /// Nothing named changed: the row is still written whole, and must exist.
  @Test func nothingChangedStillNeedsTheRow() throws {
    let id = try database.insert(genericPassword(account: "a"))
    let stored = try #require(try database.row(id: id, in: .genp))
    try database.replace(rowID: id, with: stored, previous: stored, changing: ["labl", "data"])
    #expect(try database.row(id: id, in: .genp) == stored)
    try database.delete(rowIDs: [id], in: .genp)
    #expect(throws: ItemStoreError.rowNotFound(id, in: .genp)) {
      try database.replace(rowID: id, with: stored, previous: stored, changing: ["labl"])
    }
  }

  @Test func aMissingRowIsNotFound() throws {
    let id = try database.insert(genericPassword(account: "a"))
    let previous = try #require(try database.row(id: id, in: .genp))
    var row = previous
    row.searchColumns["labl"] = .text("label")
    #expect(throws: ItemStoreError.rowNotFound(99, in: .genp)) {
      try database.replace(rowID: 99, with: row, previous: previous, changing: ["labl"])
    }
  }

  @Test func aNewKeyOfAnotherRowIsADuplicate() throws {
    try database.insert(genericPassword(account: "a"))
    let id = try database.insert(genericPassword(account: "b"))
    let previous = try #require(try database.row(id: id, in: .genp))
    var row = previous
    row.searchColumns["acct"] = .text("a")
    #expect(throws: ItemStoreError.duplicateItem(.genp)) {
      try database.replace(rowID: id, with: row, previous: previous, changing: ["acct"])
    }
    #expect(try database.row(id: id, in: .genp) == previous)
  }

  @Test func aNameThatIsNoColumnIsRejected() throws {
    let id = try database.insert(genericPassword(account: "a"))
    let previous = try #require(try database.row(id: id, in: .genp))
    #expect(throws: ItemStoreError.unknownColumn("nope", in: .genp)) {
      try database.replace(rowID: id, with: previous, previous: previous, changing: ["nope"])
    }
  }

  /// Sets of columns written one after another each run their own `UPDATE`.
  @Test func changesOfDifferentColumnsEachWriteTheirOwn() throws {
    let id = try database.insert(genericPassword(account: "a", secret: "one"))
    var expected = try #require(try database.row(id: id, in: .genp))
    for change in 0..<6 {
      let previous = expected
      let columns: [String]
      switch change % 3 {
      case 0:
        expected.searchColumns["labl"] = .text("label-\(change)")
        columns = ["labl"]
      case 1:
        expected.sealedColumns["data"] = Data("secret-\(change)".utf8)
        columns = ["data", "labl"]
      default:
        expected.searchColumns["desc"] = .text("description-\(change)")
        expected.sealedColumns["data"] = Data("secret-\(change)".utf8)
        columns = ["data", "desc"]
      }
      try database.replace(rowID: id, with: expected, previous: previous, changing: columns)
      #expect(try database.row(id: id, in: .genp) == expected)
    }
  }

  /// `replace(rowID:in:sealedColumn:with:)`, an update of the secret alone, stores what a
  /// whole replacement stores; a row that is gone and a name that is no sealed column fail.
  @Test func aSealedColumnAloneStoresWhatAWholeReplacementStores() throws {
    let start = genericPassword(account: "a", secret: "one")
    let id = try database.insert(start)
    var row = try #require(try database.row(id: id, in: .genp))
    row.sealedColumns["data"] = Data("two".utf8)
    try database.replace(rowID: id, in: .genp, sealedColumn: "data", with: Data("two".utf8))
    let whole = try ItemDatabase(path: nil)
    let wholeID = try whole.insert(start)
    try whole.replace(rowID: wholeID, with: row)
    #expect(try database.row(id: id, in: .genp) == whole.row(id: wholeID, in: .genp))
    #expect(try database.row(id: id, in: .genp) == row)
    #expect(throws: ItemStoreError.rowNotFound(99, in: .genp)) {
      try database.replace(rowID: 99, in: .genp, sealedColumn: "data", with: Data())
    }
    #expect(throws: ItemStoreError.misplacedColumn("labl", in: .genp)) {
      try database.replace(rowID: id, in: .genp, sealedColumn: "labl", with: Data())
    }
    #expect(throws: ItemStoreError.unknownColumn("nope", in: .genp)) {
      try database.replace(rowID: id, in: .genp, sealedColumn: "nope", with: Data())
    }
  }

  /// `confirmRow(_:in:)` writes nothing and fails once the row is gone.
  @Test func confirmingARowWritesNothing() throws {
    let id = try database.insert(genericPassword(account: "a", secret: "one"))
    let stored = try #require(try database.row(id: id, in: .genp))
    try database.confirmRow(id, in: .genp)
    #expect(try database.row(id: id, in: .genp) == stored)
    try database.delete(rowIDs: [id], in: .genp)
    #expect(throws: ItemStoreError.rowNotFound(id, in: .genp)) {
      try database.confirmRow(id, in: .genp)
    }
  }
}
