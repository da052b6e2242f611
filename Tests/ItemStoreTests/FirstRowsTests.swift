import Foundation
import Testing

@testable import ItemStore

/// `firstRows` reads a bounded number of rows without sorting the range first, so a search
/// that must not grow with the keychain (the near-miss diagnosis) stops early.
@Suite struct FirstRowsTests {
  let database: ItemDatabase

  init() throws { database = try ItemDatabase(path: nil) }

  @Test func readsAtMostTheBoundAndReturnsThemOldestFirst() throws {
    for index in 0..<40 {
      try database.insert(genericPassword(account: "a\(index)", service: "shared"))
    }
    try database.insert(genericPassword(account: "other", service: "elsewhere"))
    let bounded = try database.firstRows(
      in: .genp, matching: ["svce": .text("shared")], atMost: 7)
    #expect(bounded.count == 7)
    #expect(bounded.map(\.rowID) == bounded.map(\.rowID).sorted { ($0 ?? 0) < ($1 ?? 0) })
    #expect(bounded.allSatisfy { $0.searchColumns["svce"] == .text("shared") })
    let all = try database.firstRows(in: .genp, matching: ["svce": .text("shared")], atMost: 100)
    #expect(all == (try database.rows(in: .genp, matching: ["svce": .text("shared")])))
  }

  @Test func readsOnlyTheNamedColumns() throws {
    try database.insert(genericPassword(account: "alice"))
    let row = try #require(
      try database.firstRows(
        in: .genp, matching: ["acct": .text("alice")], atMost: 1,
        searchColumns: ["acct", "pdmn"], sealedColumns: ["attrs"]
      ).first)
    #expect(row.searchColumns == ["acct": .text("alice"), "pdmn": .text("ak")])
    #expect(row.sealedColumns == ["attrs": Data("attributes-ciphertext".utf8)])
  }

  /// `rows(…)` with named columns (a look-up that only opens its rows) reads the same rows in
  /// the same order as a whole read, with only those columns.
  @Test func aNarrowReadIsTheWholeReadCutToItsColumns() throws {
    for index in 0..<5 {
      try database.insert(genericPassword(account: "a\(index)", service: "shared"))
    }
    let matching: [String: StoredValue] = ["svce": .text("shared")]
    let whole = try database.rows(in: .genp, matching: matching)
    let narrow = try database.rows(
      in: .genp, matching: matching, searchColumns: ["acct", "tomb"])
    #expect(whole.count == 5)
    #expect(
      narrow
        == whole.map { row in
          var cut = row
          cut.searchColumns = row.searchColumns.filter { ["acct", "tomb"].contains($0.key) }
          return cut
        })
    #expect(throws: ItemStoreError.unknownColumn("nope", in: .genp)) {
      try database.rows(in: .genp, searchColumns: ["nope"])
    }
  }

  /// A read of no column (what a delete needs) gives the same rows, by rowid, and nothing else.
  @Test func aReadOfNoColumnGivesTheRowIDsAlone() throws {
    for index in 0..<3 {
      try database.insert(genericPassword(account: "a\(index)", service: "shared"))
    }
    try database.insert(genericPassword(account: "b", service: "other"))
    let matching: [String: StoredValue] = ["svce": .text("shared")]
    let whole = try database.rows(in: .genp, matching: matching)
    let bare = try database.rows(
      in: .genp, matching: matching, searchColumns: [], sealedColumns: [])
    #expect(whole.count == 3)
    #expect(bare.map(\.rowID) == whole.map(\.rowID))
    #expect(bare.allSatisfy { $0.searchColumns.isEmpty && $0.sealedColumns.isEmpty })
  }

  @Test func refusesAColumnTheClassLacks() {
    #expect(throws: ItemStoreError.unknownColumn("nope", in: .genp)) {
      try database.firstRows(in: .genp, atMost: 1, searchColumns: ["nope"])
    }
    #expect(throws: ItemStoreError.misplacedColumn("data", in: .genp)) {
      try database.firstRows(in: .genp, atMost: 1, searchColumns: ["data"])
    }
  }

  /// The near-miss probe that leaves the account out (service, `sync`, `tomb`, the caller's
  /// groups): with `ORDER BY rowid` SQLite sorts every row of the service in a temporary
  /// B-tree before the limit applies, which made a miss grow with the keychain; the bounded
  /// read walks the index and stops.
  @Test func theBoundedProbeSortsNothing() throws {
    let hash = StoredValue.blob(Data(repeating: 7, count: 16))
    let matching: [String: StoredValue] = ["svce": hash, "sync": hash, "tomb": .integer(0)]
    let groups: ItemDatabase.OneOf = ("agrp", [hash, .blob(Data(repeating: 8, count: 16))])
    let ordered = try database.queryPlan(in: .genp, matching: matching, oneOf: groups)
    let bounded = try database.queryPlan(
      in: .genp, matching: matching, oneOf: groups, ordered: false)
    #expect(ordered.contains { $0.contains("TEMP B-TREE") }, "\(ordered)")
    #expect(!bounded.contains { $0.contains("TEMP B-TREE") }, "\(bounded)")
    #expect(bounded.contains { $0.contains("SEARCH genp USING INDEX") }, "\(bounded)")
  }
}
