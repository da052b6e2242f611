import Foundation
import Testing

@testable import ItemStore

@Suite struct ItemDatabaseTests {
  let database: ItemDatabase

  init() throws { database = try ItemDatabase(path: nil) }

  // MARK: - Insert and read back

  @Test func insertedRowReadsBackWithAllPlainColumnsAndItsSealedOnes() throws {
    let id = try database.insert(genericPassword())
    let row = try #require(try database.row(id: id, in: .genp))
    #expect(row.rowID == id)
    #expect(row.searchColumns["acct"] == .text("alice"))
    #expect(row.searchColumns["pdmn"] == .text("ak"))
    #expect(row.searchColumns["tomb"] == .integer(0))
    #expect(Set(row.searchColumns.keys) == Set(ItemClass.genp.searchColumns))
    #expect(
      row.sealedColumns == [
        "data": Data("s3cret".utf8), "attrs": Data("attributes-ciphertext".utf8),
      ])
  }

  /// The engine gives every key hash; a column left out is empty bytes (a hashed key column),
  /// NULL (another hashed column: the item lacks the attribute) or its kind's default
  /// (`pdmn`, `tomb`).
  @Test func missingSearchColumnsGetDefaults() throws {
    let id = try database.insert(ItemRow(itemClass: .inet, searchColumns: ["srvr": .text("x")]))
    let row = try #require(try database.row(id: id, in: .inet))
    for attribute in ItemClass.inet.attributes
    where attribute.isSearchable && attribute.name != "srvr" {
      let expected: StoredValue =
        attribute.storage == .plain
        ? attribute.defaultValue : attribute.isPrimaryKey ? .blob(Data()) : .null
      #expect(row.searchColumns[attribute.name] == expected, "\(attribute.name)")
    }
    #expect(row.searchColumns["tomb"] == .integer(0))
  }

  @Test func explicitNullInASearchColumnBecomesItsDefault() throws {
    let id = try database.insert(ItemRow(itemClass: .genp, searchColumns: ["acct": .null]))
    #expect(try database.row(id: id, in: .genp)?.searchColumns["acct"] == .blob(Data()))
  }

  @Test(arguments: ["", "a\u{0}b", "ünïcødé 🔑", String(repeating: "x", count: 10_000)])
  func textRoundTripsExactly(account: String) throws {
    let id = try database.insert(genericPassword(account: account))
    #expect(try database.row(id: id, in: .genp)?.searchColumns["acct"] == .text(account))
    #expect(try database.rows(in: .genp, matching: ["acct": .text(account)]).count == 1)
  }

  /// "a\0b" is not "a": the NUL and what follows are part of the value.
  @Test func textWithNULIsNotCutShort() throws {
    try database.insert(genericPassword(account: "a\u{0}b"))
    try database.insert(genericPassword(account: "a"))
    #expect(try database.count(in: .genp) == 2)
  }

  @Test func emptySealedBlobStaysEmptyNotNull() throws {
    var row = genericPassword()
    row.sealedColumns["data"] = Data()
    let id = try database.insert(row)
    #expect(try database.row(id: id, in: .genp)?.sealedColumns["data"] == Data())
  }

  @Test(arguments: ItemClass.allCases)
  func everyClassRoundTripsEveryColumn(itemClass: ItemClass) throws {
    var row = ItemRow(itemClass: itemClass)
    for attribute in itemClass.attributes where attribute.isSearchable {
      row.searchColumns[attribute.name] =
        switch attribute.kind {
        case .blob: .blob(Data("b-\(attribute.name)".utf8))
        case .string: .text("s-\(attribute.name)")
        case .data: .blob(Data([1, 2, 3]))
        case .number, .bool: .integer(1)
        case .date: .real(12.5)
        }
    }
    for name in itemClass.sealedColumns { row.sealedColumns[name] = Data("c-\(name)".utf8) }
    let id = try database.insert(row)
    row.rowID = id
    #expect(try database.row(id: id, in: itemClass) == row)
    #expect(try database.count(in: itemClass) == 1)
  }

  @Test func rowOfUnknownIDIsNil() throws {
    #expect(try database.row(id: 42, in: .genp) == nil)
  }

  // MARK: - Uniqueness

  @Test func samePrimaryKeyIsADuplicate() throws {
    try database.insert(genericPassword(secret: "one"))
    #expect(throws: ItemStoreError.duplicateItem(.genp)) {
      try database.insert(genericPassword(secret: "two"))
    }
    #expect(try database.count(in: .genp) == 1)
  }

  /// pdmn is not in the primary key: a different accessibility is still a duplicate (§3).
  @Test func differentProtectionIsStillADuplicate() throws {
    try database.insert(genericPassword(protection: "ak"))
    #expect(throws: ItemStoreError.duplicateItem(.genp)) {
      try database.insert(genericPassword(protection: "dk"))
    }
  }

  /// sync is in the primary key: a sync and a non-sync copy coexist (§3).
  @Test func syncAndNonSyncCopiesCoexist() throws {
    try database.insert(genericPassword(sync: 0))
    try database.insert(genericPassword(sync: 1))
    #expect(try database.count(in: .genp) == 2)
    #expect(try database.rows(in: .genp, matching: ["sync": .integer(1)]).count == 1)
  }

  @Test(arguments: ["acct", "svce", "agrp", "vwht", "tkid", "ggrp"])
  func changingAnyKeyColumnAvoidsTheDuplicate(column: String) throws {
    try database.insert(genericPassword())
    var other = genericPassword()
    other.searchColumns[column] = .text("different")
    try database.insert(other)
    #expect(try database.count(in: .genp) == 2)
  }

  /// Two adds with neither account nor service collide on the defaults (§3).
  @Test func twoItemsWithAllDefaultsCollide() throws {
    try database.insert(ItemRow(itemClass: .genp))
    #expect(throws: ItemStoreError.duplicateItem(.genp)) {
      try database.insert(ItemRow(itemClass: .genp))
    }
  }

  @Test func sameKeyInDifferentClassesIsNoDuplicate() throws {
    try database.insert(ItemRow(itemClass: .genp, searchColumns: ["acct": .text("a")]))
    try database.insert(ItemRow(itemClass: .inet, searchColumns: ["acct": .text("a")]))
    #expect(try database.count(in: .genp) == 1)
    #expect(try database.count(in: .inet) == 1)
  }

  /// A blob attribute given as a string and as data are different keys, as in securityd.
  @Test func textAndBlobOfTheSameBytesAreDifferentKeys() throws {
    try database.insert(ItemRow(itemClass: .genp, searchColumns: ["acct": .text("a")]))
    try database.insert(ItemRow(itemClass: .genp, searchColumns: ["acct": .blob(Data("a".utf8))]))
    #expect(try database.rows(in: .genp, matching: ["acct": .text("a")]).count == 1)
    #expect(try database.rows(in: .genp, matching: ["acct": .blob(Data("a".utf8))]).count == 1)
  }

  // MARK: - Queries

  @Test func rowsComeBackInInsertionOrder() throws {
    for account in ["c", "a", "b"] { try database.insert(genericPassword(account: account)) }
    let accounts = try database.rows(in: .genp).map { $0.searchColumns["acct"] }
    #expect(accounts == [.text("c"), .text("a"), .text("b")])
  }

  @Test func equalityFiltersAreAnded() throws {
    try database.insert(genericPassword(account: "a", service: "s1"))
    try database.insert(genericPassword(account: "a", service: "s2"))
    try database.insert(genericPassword(account: "b", service: "s1"))
    let found = try database.rows(
      in: .genp, matching: ["acct": .text("a"), "svce": .text("s1")])
    #expect(found.count == 1)
    #expect(try database.count(in: .genp, matching: ["acct": .text("a")]) == 2)
  }

  @Test func oneOfLimitsToTheGivenGroups() throws {
    try database.insert(genericPassword(group: "g1"))
    try database.insert(genericPassword(group: "g2"))
    try database.insert(genericPassword(group: "g3"))
    let found = try database.rows(
      in: .genp, matching: ["acct": .text("alice")], oneOf: ("agrp", [.text("g1"), .text("g3")]))
    #expect(found.map { $0.searchColumns["agrp"] } == [.text("g1"), .text("g3")])
  }

  @Test func emptyOneOfMatchesNothing() throws {
    try database.insert(genericPassword())
    #expect(try database.rows(in: .genp, oneOf: ("agrp", [])).isEmpty)
    #expect(try database.count(in: .genp, oneOf: ("agrp", [])) == 0)
  }

  @Test func integerAndRealCompareByValue() throws {
    let id = try database.insert(ItemRow(itemClass: .keys, searchColumns: ["sdat": .real(5)]))
    #expect(try database.rows(in: .keys, matching: ["sdat": .integer(5)]).map(\.rowID) == [id])
  }

  @Test func unknownColumnInFilterIsRejected() {
    #expect(throws: ItemStoreError.unknownColumn("atag", in: .genp)) {
      try database.rows(in: .genp, matching: ["atag": .text("x")])
    }
    #expect(throws: ItemStoreError.unknownColumn("nope", in: .genp)) {
      try database.rows(in: .genp, oneOf: ("nope", [.text("x")]))
    }
  }

  @Test func sealedColumnCannotBeMatched() {
    #expect(throws: ItemStoreError.misplacedColumn("attrs", in: .genp)) {
      try database.rows(in: .genp, matching: ["attrs": .text("x")])
    }
  }

  @Test func columnsOnTheWrongSideOfTheSplitAreRejected() {
    #expect(throws: ItemStoreError.misplacedColumn("data", in: .genp)) {
      try database.insert(ItemRow(itemClass: .genp, searchColumns: ["data": .text("x")]))
    }
    #expect(throws: ItemStoreError.misplacedColumn("acct", in: .genp)) {
      try database.insert(ItemRow(itemClass: .genp, sealedColumns: ["acct": Data()]))
    }
    #expect(throws: ItemStoreError.unknownColumn("gena", in: .inet)) {
      try database.insert(ItemRow(itemClass: .inet, sealedColumns: ["gena": Data()]))
    }
  }

  /// A row whose every other column is sound (some of them NULL) is still refused for its one
  /// stray column, by insert and replace alike, and nothing is written.
  @Test func oneStrayColumnAmongSoundOnesIsRejected() throws {
    let id = try database.insert(genericPassword(account: "kept"))
    var sound = genericPassword(account: "new")
    sound.searchColumns["labl"] = .null
    var misplaced = sound
    misplaced.searchColumns["data"] = .text("x")
    var unknown = sound
    unknown.sealedColumns["nope"] = Data()
    var sealedKey = sound
    sealedKey.sealedColumns["acct"] = Data()
    let cases: [(ItemRow, ItemStoreError)] = [
      (misplaced, .misplacedColumn("data", in: .genp)),
      (unknown, .unknownColumn("nope", in: .genp)),
      (sealedKey, .misplacedColumn("acct", in: .genp)),
    ]
    for (row, error) in cases {
      #expect(throws: error) { try database.insert(row) }
      #expect(throws: error) { try database.replace(rowID: id, with: row) }
    }
    #expect(try database.count(in: .genp) == 1)
    #expect(try database.row(id: id, in: .genp)?.searchColumns["acct"] == .text("kept"))
    try database.insert(sound)
    #expect(try database.count(in: .genp) == 2)
  }

  // MARK: - Replace and delete

  @Test func replaceRewritesTheWholeRow() throws {
    let id = try database.insert(genericPassword(account: "old", secret: "one"))
    var row = genericPassword(account: "new", secret: "two")
    row.sealedColumns["attrs"] = nil
    try database.replace(rowID: id, with: row)
    let stored = try #require(try database.row(id: id, in: .genp))
    #expect(stored.searchColumns["acct"] == .text("new"))
    #expect(stored.sealedColumns == ["data": Data("two".utf8)], "attrs is now NULL")
    #expect(try database.count(in: .genp) == 1)
  }

  /// Given the stored row, replace writes only the columns that differ (NULLing one that
  /// is gone), and the row ends up as a whole replacement leaves it.
  @Test func replaceGivenThePreviousRowStoresTheSameRow() throws {
    let id = try database.insert(genericPassword(account: "old", secret: "one"))
    let previous = try #require(try database.row(id: id, in: .genp))
    var row = previous
    row.searchColumns["labl"] = .text("label")
    row.sealedColumns["data"] = Data("two".utf8)
    row.sealedColumns["attrs"] = nil
    try database.replace(rowID: id, with: row, previous: previous)
    let stored = try #require(try database.row(id: id, in: .genp))
    #expect(stored == row)
    // Nothing changed: still a (whole) write, and the row must exist.
    try database.replace(rowID: id, with: stored, previous: stored)
    #expect(try database.row(id: id, in: .genp) == row)
    #expect(throws: ItemStoreError.rowNotFound(99, in: .genp)) {
      try database.replace(rowID: 99, with: row, previous: previous)
    }
    let other = try database.insert(genericPassword(account: "other"))
    let otherRow = try #require(try database.row(id: other, in: .genp))
    #expect(throws: ItemStoreError.duplicateItem(.genp)) {
      try database.replace(rowID: other, with: row, previous: otherRow)
    }
  }

  /// Updates of different sets of columns, one after another and then again, each write
  /// their own columns: the `UPDATE` kept per set of columns is never another set's.
  @Test func partialUpdatesOfDifferentColumnsEachWriteTheirOwn() throws {
    let id = try database.insert(genericPassword(account: "a", secret: "one"))
    let other = try database.insert(genericPassword(account: "b", secret: "two"))
    var expected = try #require(try database.row(id: id, in: .genp))
    for change in 0..<6 {
      let previous = expected
      switch change % 3 {
      case 0: expected.searchColumns["labl"] = .text("label-\(change)")
      case 1: expected.sealedColumns["data"] = Data("secret-\(change)".utf8)
      default:
        expected.searchColumns["desc"] = .text("description-\(change)")
        expected.sealedColumns["data"] = Data("secret-\(change)".utf8)
      }
      try database.replace(rowID: id, with: expected, previous: previous)
      #expect(try database.row(id: id, in: .genp) == expected)
    }
    #expect(try database.row(id: other, in: .genp)?.sealedColumns["data"] == Data("two".utf8))
  }

  @Test func replaceIntoAnotherRowsKeyIsADuplicate() throws {
    try database.insert(genericPassword(account: "a"))
    let id = try database.insert(genericPassword(account: "b"))
    #expect(throws: ItemStoreError.duplicateItem(.genp)) {
      try database.replace(rowID: id, with: genericPassword(account: "a"))
    }
    #expect(try database.row(id: id, in: .genp)?.searchColumns["acct"] == .text("b"))
  }

  @Test func replaceOfMissingRowIsRowNotFound() {
    #expect(throws: ItemStoreError.rowNotFound(7, in: .genp)) {
      try database.replace(rowID: 7, with: genericPassword())
    }
  }

  @Test func deleteRemovesOnlyTheGivenRows() throws {
    let a = try database.insert(genericPassword(account: "a"))
    let b = try database.insert(genericPassword(account: "b"))
    let c = try database.insert(genericPassword(account: "c"))
    #expect(try database.delete(rowIDs: [a, c, 999], in: .genp) == 2)
    #expect(try database.allRows(in: .genp).map(\.rowID) == [b])
  }

  /// AUTOINCREMENT: a deleted item's rowid (behind its persistent ref) is never reused.
  @Test func rowIDsAreNotReusedAfterDelete() throws {
    let first = try database.insert(genericPassword(account: "a"))
    let second = try database.insert(genericPassword(account: "b"))
    try database.delete(rowIDs: [second], in: .genp)
    let third = try database.insert(genericPassword(account: "c"))
    #expect(third > second && second > first)
  }

  // MARK: - Device record

  @Test func deviceBlobsRoundTripAndReplace() throws {
    #expect(try database.deviceBlob(forKey: "keybag") == nil)
    try database.saveDeviceBlob(Data([1, 2]), forKey: "keybag")
    try database.saveDeviceBlob(Data([3]), forKey: "keybag")
    try database.saveDeviceBlob(Data(), forKey: "clock")
    #expect(try database.deviceBlob(forKey: "keybag") == Data([3]))
    #expect(try database.deviceBlob(forKey: "clock") == Data())
    #expect(try database.deviceBlobKeys() == ["clock", "keybag"])
    try database.removeDeviceBlob(forKey: "keybag")
    #expect(try database.deviceBlob(forKey: "keybag") == nil)
  }
}
