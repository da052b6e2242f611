internal import CSQLite

/// One SQLite database connection: the one owner of its `sqlite3*`, closed in `deinit`.
///
/// Every statement this module runs goes through ``cachedStatement(_:)``, so each SQL text
/// is compiled once per connection and then only reset, rebound and stepped.
final class Connection {
  /// How to treat a path that may not exist yet.
  enum OpenMode {
    /// Create the file if it is missing.
    case createIfMissing
    /// Fail with `SQLITE_CANTOPEN` if the file is missing.
    case existingOnly
  }

  let path: String
  private let handle: OpaquePointer
  private var statements: [String: Statement] = [:]
  /// The last few statements looked up, checked before the cache: a SecItem call runs the
  /// same two or three texts as the previous call, and comparing a text (often the very same
  /// string) costs less than hashing it, for a search's long `SELECT` (docs/benchmarks-history.md). Emptied with the cache, so no statement outlives it.
  private var recentStatements: [Statement] = []
  private let recentLimit = 4
  /// Called before each statement runs (``ItemDatabase/beforeUse(_:)``).
  var useObservers: [() -> Void] = []
  /// How many statements this connection has compiled; tests use it to prove reuse.
  private(set) var preparedStatementCount = 0

  /// Statements kept before the cache is emptied. Queries vary in shape (which columns are
  /// filtered, how long the access-group list is) but a program uses few shapes.
  private let cacheLimit = 256

  /// Opens `path` (`":memory:"` for a private in-memory database).
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/open.html>
  init(path: String, mode: OpenMode = .createIfMissing) throws(SQLiteError) {
    var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    if mode == .createIfMissing { flags |= SQLITE_OPEN_CREATE }
    var database: OpaquePointer?
    let code = sqlite3_open_v2(path, &database, flags, nil)
    guard code == SQLITE_OK, let database else {
      // Even on failure SQLite usually hands back a handle that carries the message.
      let message =
        database.map { String(cString: sqlite3_errmsg($0)) }
        ?? String(cString: sqlite3_errstr(code))
      sqlite3_close_v2(database)
      throw SQLiteError(code: ResultCode(rawValue: code), message: message)
    }
    self.path = path
    self.handle = database
    sqlite3_busy_timeout(database, 2_000)
  }

  deinit {
    recentStatements.removeAll()
    statements.removeAll()  // finalize before closing
    sqlite3_close_v2(handle)
  }

  // MARK: - Statements

  /// The compiled statement for `sql`, compiled on first use and reused afterwards.
  /// The caller must `reset()` it after use; prefer ``withStatement(_:_:)``.
  func cachedStatement(_ sql: String) throws(SQLiteError) -> Statement {
    // Lengths first (a native string knows its own): comparing two SQL texts of different
    // lengths compared their common beginning first, once per cached statement passed over
    // on every call (issue 29).
    let length = sql.utf8.count
    for statement in recentStatements
    where statement.sql.utf8.count == length && statement.sql == sql {
      return statement
    }
    let statement: Statement
    if let known = statements[sql] {
      statement = known
    } else {
      if statements.count >= cacheLimit {
        statements.removeAll()
        recentStatements.removeAll()
      }
      statement = try Statement(sql: sql, connection: self)
      preparedStatementCount += 1
      statements[sql] = statement
    }
    if recentStatements.count >= recentLimit { recentStatements.removeFirst() }
    recentStatements.append(statement)
    return statement
  }

  /// Compiles `sql` into a statement handle that the caller (a ``Statement``) finalizes.
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/prepare.html>
  func prepare(_ sql: String) throws(SQLiteError) -> OpaquePointer {
    var statement: OpaquePointer?
    let code = sqlite3_prepare_v3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
    guard code == SQLITE_OK, let statement else {
      throw SQLiteError(code: ResultCode(rawValue: code), message: errorMessage, sql: sql)
    }
    return statement
  }

  /// SQLite's message for the last failure on this connection.
  var errorMessage: String { String(cString: sqlite3_errmsg(handle)) }

  /// Runs `body` with the cached statement for `sql`, then resets it and clears its
  /// bindings whatever happens. When that statement is already running (a read that steps
  /// row by row while its reader runs the same query again), `body` gets a statement of its
  /// own, so the outer one keeps its place.
  func withStatement<T>(
    _ sql: String, _ body: (Statement) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    for observer in useObservers { observer() }
    var statement = try cachedStatement(sql)
    if statement.isRunning { statement = try Statement(sql: sql, connection: self) }
    statement.isRunning = true
    defer {
      statement.reset()
      statement.isRunning = false
    }
    return try body(statement)
  }

  /// Runs one parameterless statement to completion through the cache.
  func run(_ sql: String) throws(SQLiteError) {
    try withStatement(sql) { statement throws(SQLiteError) in try statement.run() }
  }

  /// Runs a script of `;`-separated statements without parameters (schema creation).
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/exec.html>
  func executeScript(_ sql: String) throws(SQLiteError) {
    for observer in useObservers { observer() }
    var message: UnsafeMutablePointer<CChar>?
    let code = sqlite3_exec(handle, sql, nil, nil, &message)
    guard code == SQLITE_OK else {
      let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
      sqlite3_free(message)
      throw SQLiteError(code: ResultCode(rawValue: code), message: text, sql: sql)
    }
  }

  /// The first column of the first row of `sql`, or `.null` if it returns no row.
  func scalar(_ sql: String) throws(SQLiteError) -> StoredValue {
    try withStatement(sql) { statement throws(SQLiteError) in
      try statement.step() ? statement.column(at: 0) : .null
    }
  }

  // MARK: - State

  /// The rowid of the most recent successful INSERT on this connection.
  var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  /// Rows changed by the most recent INSERT, UPDATE or DELETE.
  var changes: Int { Int(sqlite3_changes(handle)) }

  /// Whether SQLite opened the main database read-only (it falls back to that silently when
  /// the file cannot be written).
  var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

  /// Whether a transaction is open (autocommit is off).
  var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
}
