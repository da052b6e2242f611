import Foundation
import Testing

@testable import ItemStore

/// `forEachRow` hands rows over one at a time, oldest first, as the reader asks for them, and
/// never makes SQLite gather whole rows before the first one (issue 11: rows stream from
/// SQLite).
@Suite struct StreamingReadTests {
  let database: ItemDatabase

  init() throws { database = try ItemDatabase(path: nil) }

  /// Accounts inserted in an order their index does not follow, so that the `UNIQUE` index
  /// (service, then account) walks them in another order than their insertion.
  private func fill(_ count: Int, service: String = "shared") throws {
    for index in 0..<count {
      try database.insert(
        genericPassword(account: "a\((index * 7) % count)-\(index)", service: service))
    }
  }

  private func visit(
    matching: [String: StoredValue], oneOf: ItemDatabase.OneOf? = nil, stoppingAfter: Int = .max,
    searchColumns: [String]? = nil, sealedColumns: [String]? = nil
  ) throws(ItemStoreError) -> [ItemRow] {
    var seen: [ItemRow] = []
    try database.forEachRow(
      in: .genp, matching: matching, oneOf: oneOf, searchColumns: searchColumns,
      sealedColumns: sealedColumns, storeFailure: { $0 }
    ) { row throws(ItemStoreError) -> Bool in
      seen.append(row)
      return seen.count < stoppingAfter
    }
    return seen
  }

  @Test func visitsTheRowsOfAWholeReadInItsOrder() throws {
    try fill(30)
    try database.insert(genericPassword(account: "other", service: "elsewhere"))
    let matching: [String: StoredValue] = ["svce": .text("shared")]
    let whole = try database.rows(in: .genp, matching: matching)
    #expect(whole.count == 30)
    #expect(try visit(matching: matching) == whole)
    let groups: ItemDatabase.OneOf = ("agrp", [.text("team.app"), .text("team.other")])
    #expect(
      try visit(matching: matching, oneOf: groups)
        == (try database.rows(in: .genp, matching: matching, oneOf: groups)))
    #expect(
      try visit(matching: matching, searchColumns: ["acct"], sealedColumns: [])
        == (try database.rows(
          in: .genp, matching: matching, searchColumns: ["acct"], sealedColumns: [])))
  }

  @Test func stopsWhenTheReaderSaysSo() throws {
    try fill(20)
    let matching: [String: StoredValue] = ["svce": .text("shared")]
    let firstThree = try visit(matching: matching, stoppingAfter: 3)
    #expect(firstThree == Array(try database.rows(in: .genp, matching: matching).prefix(3)))
    // The statement was reset: the same read runs again from the start.
    #expect(try visit(matching: matching, stoppingAfter: 3) == firstThree)
  }

  /// A search of the shape of the one before reuses its SQL (``SearchShape``) but binds its
  /// own values: searches of one shape, another and the first again each find their own rows.
  @Test func searchesOfOneShapeEachFindTheirOwnRows() throws {
    try fill(6)
    try fill(4, service: "other")
    let all = try database.rows(in: .genp)
    for row in all {
      let account = row.searchColumns["acct"] ?? .null
      let service = row.searchColumns["svce"] ?? .null
      #expect(try visit(matching: ["acct": account, "svce": service]) == [row])
      // Another shape between two of the first.
      #expect(try visit(matching: ["svce": service]).contains(row))
      #expect(try visit(matching: ["svce": service], stoppingAfter: 1).count == 1)
    }
    let groups: ItemDatabase.OneOf = ("agrp", [.text("team.app")])
    let oneGroup = try visit(matching: ["svce": .text("other")], oneOf: groups)
    let twoGroups = try visit(
      matching: ["svce": .text("other")], oneOf: ("agrp", [.text("team.app"), .text("x")]))
    #expect(oneGroup == twoGroups)
    #expect(oneGroup.count == 4)
  }

  /// A search on the service alone walks the `UNIQUE` index (service, account, …), whose
  /// entries do not follow rowid order: `ORDER BY rowid` alone would sort every matching row,
  /// sealed blobs included, before the first is returned. The streaming read sorts rowids only.
  @Test func aSearchOffTheIndexOrderSortsRowidsNotRows() throws {
    try fill(10)
    let hash = StoredValue.blob(Data(repeating: 7, count: 16))
    let matching: [String: StoredValue] = ["svce": hash, "sync": hash, "tomb": .integer(0)]
    let groups: ItemDatabase.OneOf = ("agrp", [hash])
    let plain = try database.queryPlan(in: .genp, matching: matching, oneOf: groups)
    #expect(plain.contains { $0.hasPrefix("USE TEMP B-TREE FOR ORDER BY") })
    let layout = TableLayout.of(.genp)
    let (run, values, gathersRowIDs) = try database.streamingQuery(
      layout.selectSQL, matching: matching, oneOf: groups, layout: layout)
    #expect(gathersRowIDs)
    #expect(run.contains("rowid IN (SELECT rowid FROM"))
    #expect(values.count == 4)
    let plan = try explain(run)
    #expect(!plan.contains { $0.hasPrefix("USE TEMP B-TREE FOR ORDER BY") })
    // `tomb` is in no index: it is checked on each row read, so gathering the rowids walks
    // the index alone.
    #expect(plan.contains { $0.contains("COVERING INDEX") })
    // A look-up by the whole primary key needs no sort and keeps the plain query.
    let key = Dictionary(
      uniqueKeysWithValues: layout.itemClass.catalog.uniqueOrder.map { ($0, hash) })
    let (lookUp, _, lookUpGathers) = try database.streamingQuery(
      layout.selectSQL, matching: key, oneOf: nil, layout: layout)
    #expect(!lookUp.contains("rowid IN"))
    #expect(!lookUpGathers)
  }

  /// Rows left out by a condition on a column no index covers (a tombstone) are left out of
  /// the rowid-ordered read too.
  @Test func theRowidOrderedReadKeepsEveryCondition() throws {
    try fill(12)
    var tombstone = genericPassword(account: "gone", service: "shared")
    tombstone.searchColumns["tomb"] = .integer(1)
    try database.insert(tombstone)
    try database.insert(genericPassword(account: "ck", service: "shared", protection: "ck"))
    for matching: [String: StoredValue] in [
      ["svce": .text("shared"), "tomb": .integer(0)],
      ["svce": .text("shared"), "tomb": .integer(1)],
      ["svce": .text("shared"), "tomb": .integer(0), "pdmn": .text("ck")],
    ] {
      let visited = try visit(matching: matching, oneOf: ("agrp", [.text("team.app")]))
      #expect(
        visited
          == (try database.rows(
            in: .genp, matching: matching, oneOf: ("agrp", [.text("team.app")]))))
      #expect(!visited.isEmpty)
    }
  }

  @Test func theReadersErrorStopsTheReadAndIsRethrown() throws {
    try fill(5)
    struct Stop: Error, Equatable {}
    var seen = 0
    #expect(throws: Stop()) {
      try database.forEachRow(
        in: .genp, matching: ["svce": .text("shared")], storeFailure: { _ in Stop() }
      ) { _ throws(Stop) -> Bool in
        seen += 1
        throw Stop()
      }
    }
    #expect(seen == 1)
    #expect(try visit(matching: ["svce": .text("shared")]).count == 5)
  }

  @Test func theStoresErrorGoesThroughTheCallersMapping() {
    struct Mapped: Error, Equatable { let error: ItemStoreError }
    #expect(throws: Mapped(error: .unknownColumn("nope", in: .genp))) {
      try database.forEachRow(
        in: .genp, matching: ["nope": .integer(1)], storeFailure: Mapped.init
      ) { _ throws(Mapped) -> Bool in true }
    }
  }

  /// A reader that runs the same query again while its own read steps gets a statement of its
  /// own: the outer read keeps its place.
  @Test func aNestedReadOfTheSameQueryLeavesTheOuterOneInPlace() throws {
    try fill(6)
    let matching: [String: StoredValue] = ["svce": .text("shared")]
    var outer: [ItemRow] = []
    var innerCounts: [Int] = []
    try database.forEachRow(in: .genp, matching: matching, storeFailure: { $0 }) {
      row throws(ItemStoreError) -> Bool in
      outer.append(row)
      innerCounts.append(try visit(matching: matching).count)
      return true
    }
    #expect(outer == (try database.rows(in: .genp, matching: matching)))
    #expect(innerCounts == Array(repeating: 6, count: 6))
  }
}

extension StreamingReadTests {
  /// The `detail` lines of `EXPLAIN QUERY PLAN sql`.
  fileprivate func explain(_ sql: String) throws -> [String] {
    try database.connection.withStatement("EXPLAIN QUERY PLAN " + sql) {
      statement throws(SQLiteError) in
      var details: [String] = []
      while try statement.step() {
        if case .text(let detail) = statement.column(at: 3) { details.append(detail) }
      }
      return details
    }
  }
}
