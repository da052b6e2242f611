import Foundation
import Testing

@testable import ItemStore

@Suite struct StatementTests {
  let database: ItemDatabase

  init() throws { database = try ItemDatabase(path: nil) }

  /// Each SQL text is compiled once: repeated calls of the same shape prepare nothing new.
  @Test func repeatedCallsReuseTheirStatements() throws {
    try database.insert(genericPassword(account: "warm-up"))
    _ = try database.rows(in: .genp, matching: ["acct": .text("x")], oneOf: ("agrp", [.text("g")]))
    _ = try database.row(id: 1, in: .genp)
    let before = database.connection.preparedStatementCount
    for index in 0..<200 {
      let id = try database.insert(genericPassword(account: "a\(index)"))
      _ = try database.rows(
        in: .genp, matching: ["acct": .text("a\(index)")], oneOf: ("agrp", [.text("g")]))
      _ = try database.row(id: id, in: .genp)
    }
    #expect(database.connection.preparedStatementCount == before)
  }

  @Test func filterOrderDoesNotChangeTheStatement() throws {
    _ = try database.rows(in: .genp, matching: ["acct": .text("a"), "svce": .text("s")])
    let before = database.connection.preparedStatementCount
    _ = try database.rows(in: .genp, matching: ["svce": .text("t"), "acct": .text("b")])
    #expect(database.connection.preparedStatementCount == before)
  }

  /// Searches of one shape after another, then again — the same count of columns but other
  /// columns, another number of groups, another limit, other columns read — each run their
  /// own SQL: the text kept for the last shape is never another shape's.
  @Test func searchesOfAnotherShapeRunTheirOwnSQL() throws {
    let alice = try database.insert(genericPassword(account: "alice", service: "mail"))
    var labelled = genericPassword(account: "bob", service: "mail", group: "g2")
    labelled.searchColumns["labl"] = .text("work")
    let bob = try database.insert(labelled)
    func ids(
      _ matching: [String: StoredValue], _ oneOf: ItemDatabase.OneOf? = nil, limit: Int? = nil,
      search: [String]? = nil
    ) throws -> [Int64?] {
      try database.rows(
        in: .genp, matching: matching, oneOf: oneOf, limit: limit, searchColumns: search
      ).map(\.rowID)
    }
    for _ in 0..<2 {
      #expect(try ids(["acct": .text("alice"), "svce": .text("mail")]) == [alice])
      #expect(try ids(["acct": .text("bob"), "labl": .text("work")]) == [bob])
      #expect(try ids(["svce": .text("mail"), "labl": .text("work")]) == [bob])
      #expect(try ids(["svce": .text("mail")]) == [alice, bob])
      #expect(try ids(["svce": .text("mail")], ("agrp", [.text("team.app")])) == [alice])
      let bothGroups: [StoredValue] = [.text("team.app"), .text("g2")]
      #expect(try ids(["svce": .text("mail")], ("agrp", bothGroups)) == [alice, bob])
      #expect(try ids(["svce": .text("mail")], ("agrp", [])) == [])
      #expect(try ids(["svce": .text("mail")], limit: 1) == [alice])
      let narrow = try database.rows(
        in: .genp, matching: ["svce": .text("mail")], searchColumns: ["acct"])
      #expect(narrow.map { $0.searchColumns.keys.sorted() } == [["acct"], ["acct"]])
      let whole = try database.rows(in: .genp, matching: ["svce": .text("mail")])
      #expect(whole.first?.searchColumns.count ?? 0 > 1)
    }
  }

  /// More texts in turn than the connection keeps at hand: each still runs its own statement,
  /// and none is compiled twice.
  @Test func statementsUsedInTurnAreEachTheirOwn() throws {
    let texts = (0..<9).map { "SELECT \($0) + ?1" }
    for text in texts { _ = try database.connection.scalar(text) }
    let before = database.connection.preparedStatementCount
    for round in 0..<3 {
      for (index, text) in texts.enumerated() {
        let value = try database.connection.withStatement(text) {
          statement throws(SQLiteError) -> StoredValue in
          try statement.bind(.integer(Int64(round)), at: 1)
          return try statement.step() ? statement.column(at: 0) : .null
        }
        #expect(value == .integer(Int64(index + round)))
      }
    }
    #expect(database.connection.preparedStatementCount == before)
  }

  /// A cached statement is reset and its bindings cleared after each use, so no secret
  /// stays bound in it and a later use cannot see an earlier call's values.
  @Test func cachedStatementHoldsNoBindingsAfterUse() throws {
    let sql = "SELECT ?1"
    try database.connection.withStatement(sql) { statement throws(SQLiteError) in
      try statement.bind(.text("top-secret"), at: 1)
    }
    let value = try database.connection.withStatement(sql) { statement throws(SQLiteError) in
      try statement.step() ? statement.column(at: 0) : .text("no row")
    }
    #expect(value == .null)
  }

  /// The common genp look-up must be served by the UNIQUE index, not a full table scan.
  @Test(arguments: [
    ["acct", "svce", "agrp", "sync"],
    ["acct", "svce", "sync"],
    ["svce", "sync"],
    ["acct", "sync"],
  ])
  func genericPasswordLookUpsUseTheIndex(columns: [String]) throws {
    var matching: [String: StoredValue] = [:]
    for column in columns { matching[column] = column == "sync" ? .integer(0) : .text("v") }
    let plan = try database.queryPlan(in: .genp, matching: matching).joined(separator: "\n")
    #expect(plan.contains("USING INDEX"), "\(plan)")
    #expect(!plan.contains("SCAN genp"), "\(plan)")
  }

  @Test func accessGroupListStillUsesTheIndex() throws {
    let plan = try database.queryPlan(
      in: .genp, matching: ["acct": .text("a"), "svce": .text("s"), "sync": .integer(0)],
      oneOf: ("agrp", [.text("g1"), .text("g2")])
    ).joined(separator: "\n")
    #expect(plan.contains("SEARCH genp USING INDEX"), "\(plan)")
    #expect(!plan.contains("SCAN genp"), "\(plan)")
  }

  @Test(arguments: [
    (ItemClass.inet, ["srvr", "acct"]), (.cert, ["issr", "slnr"]), (.keys, ["atag"]),
    (.keys, ["klbl"]),
  ])
  func otherClassesLookUpsUseTheIndex(itemClass: ItemClass, columns: [String]) throws {
    var matching: [String: StoredValue] = [:]
    for column in columns { matching[column] = .text("v") }
    let plan = try database.queryPlan(in: itemClass, matching: matching).joined(separator: "\n")
    #expect(plan.contains("USING INDEX"), "\(plan)")
  }

  /// A search on any one hashed attribute, in the caller's groups, with the implicit
  /// `sync = 0` and `tomb = 0` the engine adds, is served by an index on that attribute:
  /// SQLite never scans the table, so only matching rows are read (issue 10 §1).
  @Test(arguments: ItemClass.allCases)
  func everyHashedAttributeSearchUsesAnIndexOnIt(itemClass: ItemClass) throws {
    for attribute in itemClass.attributes
    where attribute.storage == .keyedHash && !attribute.isInternal
      && !["agrp", "sync"].contains(attribute.name)
    {
      let hash = StoredValue.blob(Data(repeating: 7, count: 16))
      let plan = try database.queryPlan(
        in: itemClass,
        matching: [attribute.name: hash, "sync": hash, "tomb": .integer(0)],
        oneOf: ("agrp", [hash, .blob(Data(repeating: 8, count: 16))])
      ).joined(separator: "\n")
      #expect(plan.contains("SEARCH \(itemClass.rawValue) USING INDEX"), "\(plan)")
      #expect(plan.contains("(\(attribute.name)=?"), "\(attribute.name): \(plan)")
      #expect(!plan.contains("SCAN"), "\(plan)")
    }
  }

  @Test func rowIDLookUpUsesTheIntegerKey() throws {
    let sql = "EXPLAIN QUERY PLAN " + TableLayout.of(.genp).selectSQL + " WHERE rowid = ?"
    let plan = try database.connection.withStatement(sql) { statement throws(SQLiteError) in
      _ = try statement.step()
      return statement.column(at: 3)
    }
    #expect(plan == .text("SEARCH genp USING INTEGER PRIMARY KEY (rowid=?)"))
  }
}
