/// A failed SQLite call: its result code, SQLite's message, and the SQL being run.
///
/// Bound values are never part of the error: they can be item secrets or key material.
/// The SQL text only ever contains `?` placeholders, because this module never splices
/// values into SQL. GRDB hides statement arguments for the same reason.
///
/// `description` is stable: `SQLite error 19 (constraint failed): <message> — in <sql>`.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The (extended) result code.
  public var code: ResultCode
  /// `sqlite3_errmsg` at the time of the failure.
  public var message: String
  /// The statement that failed, if the failure came from one.
  public var sql: String?

  public init(code: ResultCode, message: String, sql: String? = nil) {
    self.code = code
    self.message = message
    self.sql = sql
  }

  public var description: String {
    var text = "SQLite error \(code): \(message)"
    if let sql { text += " — in \(sql)" }
    return text
  }
}
