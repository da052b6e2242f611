import Foundation

/// The keychain's tables: one per item class, columns named by Apple's attribute codes,
/// plus a small table of opaque device blobs.
///
/// It stores what the engine gives it and knows nothing of crypto or SecItem rules: the
/// searchable columns hold what the engine put there (a keyed hash of each attribute, `pdmn`
/// and `tomb` as they are), the sealed columns opaque blobs. SQLite's `UNIQUE` constraint
/// over each class's primary-key columns is what turns a second add into
/// ``ItemStoreError/duplicateItem(_:)``.
///
/// ```swift
/// let database = try ItemDatabase(path: nil)
/// let id = try database.insert(ItemRow(itemClass: .genp,
///   searchColumns: ["acct": .text("alice"), "svce": .text("mail"), "agrp": .text("team.app")],
///   sealedColumns: ["data": sealedSecret]))
/// let found = try database.rows(in: .genp, matching: ["acct": accountHash],
///   oneOf: ("agrp", [groupHash]))
/// ```
///
/// Not thread-safe: one owner at a time, like the `SimulatedDevice` that holds it.
public final class ItemDatabase {
  /// The device file, or `nil` for an in-memory store.
  public let path: String?
  let connection: Connection
  /// The column lists of ``firstRows(in:matching:oneOf:atMost:searchColumns:sealedColumns:)``
  /// and ``rows(in:matching:oneOf:limit:searchColumns:sealedColumns:)`` and their `SELECT`s,
  /// built once per list. A short list searched in order, not a dictionary: a program reads
  /// a few lists, and a dictionary keyed by them made the runtime look their `Hashable`
  /// conformance up at its first use, a few hundred thousand instructions (issue 29).
  var readColumnLists: [(key: ReadColumns.Key, reading: ReadColumns)] = []
  /// The list read last: a look-up reads the same list call after call, and comparing it
  /// (the same array buffers compare at once) is cheaper than hashing its names.
  var lastReadColumns: (key: ReadColumns.Key, reading: ReadColumns)?
  /// The last search of ``rows(in:matching:oneOf:limit:searchColumns:sealedColumns:)``, whose
  /// SQL the next one of the same shape reuses.
  var lastSearch: SearchShape?
  /// The `UPDATE`s of some columns of a row, by the columns they set (their layout indexes).
  /// A short list searched in order, as ``readColumnLists`` (the first use of a dictionary
  /// keyed by these cost a hundredth of an update's first two hundred calls, issue 29).
  private var partialUpdates: [(shape: PartialUpdate, sql: String)] = []
  /// The last one used: updates repeat one set of columns call after call, and comparing a
  /// few indexes is cheaper than searching (a seventieth of an update, issue 29).
  private var lastPartialUpdate: (shape: PartialUpdate, sql: String)?
  /// How many entries ``readColumnLists`` and the partial `UPDATE`s keep before they start
  /// again: a program uses a few shapes; a search through many would cost more than rebuilding.
  static let shapeListLimit = 64

  private struct PartialUpdate: Equatable {
    let itemClass: ItemClass
    let changed: [Int]
  }
  /// Whether each plain `ORDER BY rowid` query of
  /// ``forEachRow(in:matching:oneOf:searchColumns:sealedColumns:storeFailure:_:)`` makes
  /// SQLite sort whole rows, decided once per query shape, and the last one asked.
  var streamingPlans: [String: Bool] = [:]
  var lastStreamingPlan: (sql: String, sorts: Bool)?
  /// The last plain streaming search, whose SQL the next one of the same shape reuses.
  var lastStreamingSearch: SearchShape?
  /// How many ``forEachRow(in:matching:oneOf:searchColumns:sealedColumns:storeFailure:_:)``
  /// reads are stepping now: nothing may write meanwhile.
  var streamingReads = 0

  /// Opens a store.
  ///
  /// - Parameters:
  ///   - path: `nil` for a fresh in-memory store; otherwise a device file, created if missing
  ///     (or empty), else checked with `PRAGMA quick_check` and its schema marks, and
  ///     upgraded in one transaction when an older keychain-sim wrote it.
  ///   - upgrader: the engine's, for an upgrade step that must re-seal rows; without it such
  ///     a step fails (``ItemStoreError/migrationFailed(path:step:reason:)``).
  /// - Throws: ``ItemStoreError/notADatabase(path:)``,
  ///   ``ItemStoreError/corruptDatabase(path:detail:)``,
  ///   ``ItemStoreError/notADeviceFile(path:applicationID:)``,
  ///   ``ItemStoreError/newerSchema(path:version:supported:)``,
  ///   ``ItemStoreError/olderSchema(path:version:supported:)``,
  ///   ``ItemStoreError/migrationFailed(path:step:reason:)`` or
  ///   ``ItemStoreError/cannotOpen(path:reason:)``. The file is left untouched.
  public init(path: String?, upgrader: (any ItemRowUpgrader)? = nil) throws(ItemStoreError) {
    self.path = path
    self.connection = try DeviceFileFormat.open(path: path)
    if let path {
      try DeviceFileMigrator.upgrade(connection, path: path, upgrader: upgrader)
    }
  }

  /// The size of the file at `path`, or `nil` when there is none: an empty file (made by
  /// `mktemp`) holds nothing yet.
  /// - Throws: ``ItemStoreError/cannotOpen(path:reason:)`` for a directory or an unreadable
  ///   entry.
  public static func fileSize(atPath path: String) throws(ItemStoreError) -> Int? {
    try DeviceFileFormat.existingFileSize(path)
  }

  /// Calls `observer` before every statement this store runs, a read or a write: a reader
  /// that deferred work on the store (the engine's near-miss explanations) does it first, so
  /// the work sees the rows as they were when it was asked for, and never runs while another
  /// statement of this store is under way.
  public func beforeUse(_ observer: @escaping () -> Void) {
    connection.useObservers.append(observer)
  }

  // MARK: - Writing

  /// Inserts `row` (its `rowID` is ignored) and returns the new rowid.
  ///
  /// Missing or `.null` searchable columns get a default (a plain column its kind's
  /// ``AttributeSchema/defaultValue``, a hashed key column empty bytes, any other NULL);
  /// missing sealed columns are NULL.
  /// - Throws: ``ItemStoreError/duplicateItem(_:)`` when a row with the same primary key
  ///   exists; ``ItemStoreError/unknownColumn(_:in:)`` or
  ///   ``ItemStoreError/misplacedColumn(_:in:)`` for a column outside the class's split.
  @discardableResult
  public func insert(_ row: ItemRow) throws(ItemStoreError) -> Int64 {
    assertNotStreaming()
    let layout = TableLayout.of(row.itemClass)
    let values = try checkedValues(of: row, layout: layout)
    try perform(on: row.itemClass) { () throws(SQLiteError) in
      try connection.withStatement(layout.insertSQL) { statement throws(SQLiteError) in
        try statement.bind(values)
        try statement.run()
      }
    }
    return connection.lastInsertRowID
  }

  /// Replaces every column of row `rowID` with those of `row` (same defaults as insert).
  /// - Throws: ``ItemStoreError/rowNotFound(_:in:)``, ``ItemStoreError/duplicateItem(_:)``
  ///   when the new primary key collides with another row, or a column error.
  ///
  /// `previous`, when given, is the row as stored now (read whole, in the same transaction):
  /// only the columns whose value differs from it are written, so SQLite maintains only the
  /// indexes over those. The stored row ends up the same either way.
  public func replace(
    rowID: Int64, with row: ItemRow, previous: ItemRow? = nil
  ) throws(ItemStoreError) {
    assertNotStreaming()
    let layout = TableLayout.of(row.itemClass)
    let values = try checkedValues(of: row, layout: layout)
    var sql = layout.updateSQL
    var bound = values
    if let previous, previous.itemClass == row.itemClass {
      let before = boundValues(of: previous, layout: layout)
      let changed = layout.columns.indices.filter { values[$0] != before[$0] }
      if !changed.isEmpty && changed.count < layout.columns.count {
        sql = partialUpdateSQL(layout, changed: changed)
        bound = changed.map { values[$0] }
      }
    }
    let updated = try perform(on: row.itemClass) { () throws(SQLiteError) -> Int in
      try connection.withStatement(sql) { statement throws(SQLiteError) in
        try statement.bind(bound + [.integer(rowID)])
        try statement.run()
        return connection.changes
      }
    }
    guard updated > 0 else { throw .rowNotFound(rowID, in: row.itemClass) }
  }

  /// The `UPDATE` of the columns of `layout` at the indexes `changed`, built once per set:
  /// building its text (quoting every name) was a twentieth of an update (docs/benchmarks-history.md).
  func partialUpdateSQL(_ layout: TableLayout, changed: [Int]) -> String {
    let shape = PartialUpdate(itemClass: layout.itemClass, changed: changed)
    if let lastPartialUpdate, lastPartialUpdate.shape == shape { return lastPartialUpdate.sql }
    let sql: String
    if let known = partialUpdates.first(where: { $0.shape == shape }) {
      sql = known.sql
    } else {
      sql = layout.updateSQL(setting: changed.map { layout.columns[$0] })
      if partialUpdates.count >= Self.shapeListLimit { partialUpdates.removeAll() }
      partialUpdates.append((shape, sql))
    }
    lastPartialUpdate = (shape, sql)
    return sql
  }

  /// Deletes the rows with these rowids, all or none; ids with no row are skipped.
  /// - Returns: how many rows were deleted.
  @discardableResult
  public func delete(rowIDs: [Int64], in itemClass: ItemClass) throws(ItemStoreError) -> Int {
    assertNotStreaming()
    let sql = TableLayout.of(itemClass).deleteSQL
    return try perform(on: itemClass) { () throws(SQLiteError) -> Int in
      var deleted = 0
      func deleteAll() throws(SQLiteError) {
        for rowID in rowIDs {
          try connection.withStatement(sql) { statement throws(SQLiteError) in
            try statement.bind(.integer(rowID), at: 1)
            try statement.run()
            deleted += connection.changes
          }
        }
      }
      // One statement is atomic on its own; the savepoint's two extra statements were a
      // third of a single-item delete (docs/benchmarks-history.md).
      if rowIDs.count == 1 { try deleteAll() } else { try savepoint(deleteAll) }
      return deleted
    }
  }

  /// Runs `body` as one transaction: everything it wrote is rolled back if it throws, and
  /// the error is rethrown unchanged. Transactions nest (SAVEPOINTs). Batches of writes are
  /// also much faster inside one.
  @discardableResult
  public func inTransaction<T>(_ body: () throws -> T) throws -> T {
    do {
      return try connection.inSavepoint(body)
    } catch let error as SQLiteError {
      throw ItemStoreError.sqlite(error)
    }
  }

  // MARK: - Internals

  /// A write while a streaming read steps is a bug of the caller (see
  /// ``forEachRow(in:matching:oneOf:searchColumns:sealedColumns:storeFailure:_:)``).
  func assertNotStreaming() {
    assert(streamingReads == 0, "a write while a streaming read is stepping")
  }

  /// Runs `work`, mapping SQLite's UNIQUE violation to ``ItemStoreError/duplicateItem(_:)``.
  func perform<T>(
    on itemClass: ItemClass, _ work: () throws(SQLiteError) -> T
  ) throws(ItemStoreError) -> T {
    do {
      return try work()
    } catch {
      if error.code == .uniqueConstraint || error.code == .primaryKeyConstraint {
        throw .duplicateItem(itemClass)
      }
      throw .sqlite(error)
    }
  }

  /// A savepoint for internal multi-statement writes, with SQLite's typed error.
  func savepoint(_ body: () throws(SQLiteError) -> Void) throws(SQLiteError) {
    do {
      try connection.inSavepoint { try body() }
    } catch let error as SQLiteError {
      throw error
    } catch {
      preconditionFailure("savepoint body throws only SQLiteError")
    }
  }

  /// Checks every column of `row` belongs to its class and to the right side of the split.
  private func check(_ row: ItemRow, against layout: TableLayout) throws(ItemStoreError) {
    for name in row.searchColumns.keys where !layout.searchSet.contains(name) {
      throw columnError(name, layout: layout)
    }
    for name in row.sealedColumns.keys where !layout.sealedSet.contains(name) {
      throw columnError(name, layout: layout)
    }
  }

  func columnError(_ name: String, layout: TableLayout) -> ItemStoreError {
    layout.searchSet.contains(name) || layout.sealedSet.contains(name)
      ? .misplacedColumn(name, in: layout.itemClass)
      : .unknownColumn(name, in: layout.itemClass)
  }

  /// Every column of `row` in the layout's order, as insert and replace bind them: a missing
  /// or `.null` searchable column its default, a missing sealed column NULL.
  func boundValues(of row: ItemRow, layout: TableLayout) -> [StoredValue] {
    values(of: row, layout: layout).values
  }

  /// ``boundValues(of:layout:)`` of a row that ``check(_:against:)`` accepts.
  ///
  /// - Throws: what ``check(_:against:)`` throws. Reading the values counts the row's columns
  ///   it finds; only when it did not find them all does it run the check, which names the
  ///   culprit (checking every name first hashed each of them once more, per write).
  private func checkedValues(
    of row: ItemRow, layout: TableLayout
  ) throws(ItemStoreError) -> [StoredValue] {
    let (values, found) = values(of: row, layout: layout)
    // The names found are distinct columns of the layout's own side; when there are as many
    // as the row has, every column of the row is one of them.
    if found.search != row.searchColumns.count || found.sealed != row.sealedColumns.count {
      try check(row, against: layout)
    }
    return values
  }

  private func values(
    of row: ItemRow, layout: TableLayout
  ) -> (values: [StoredValue], found: (search: Int, sealed: Int)) {
    var values: [StoredValue] = []
    values.reserveCapacity(layout.columns.count)
    var found = (search: 0, sealed: 0)
    // Each of the row's columns placed first, by its packed name: a sealed row's columns are
    // in its class's order, not the layout's, and looking each of the layout's two dozen up in
    // the row compared every name of the row for each one it lacks (a twentieth of an add,
    // issue 29). The names are distinct, so each one placed is a column of the row.
    let slots = row.searchColumns.slots
    withUnsafeTemporaryAllocation(of: Int.self, capacity: layout.searchColumns.count) { slotAt in
      slotAt.initialize(repeating: -1)
      for (slot, column) in slots.enumerated() {
        guard let position = layout.searchPosition(of: column.name) else { continue }
        slotAt[position] = slot
        found.search += 1
      }
      for (position, fallback) in layout.searchDefaultList.enumerated() {
        let slot = slotAt[position]
        guard slot >= 0 else {
          values.append(fallback)
          continue
        }
        let value = slots[slot].value
        values.append(value == .null ? fallback : value)
      }
    }
    var cursor = 0
    for name in layout.sealedColumns {
      guard let sealed = row.sealedColumns.value(name, from: &cursor) else {
        values.append(.null)
        continue
      }
      found.sealed += 1
      values.append(.blob(sealed))
    }
    return (values, found)
  }
}
