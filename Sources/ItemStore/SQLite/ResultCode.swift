internal import CSQLite

/// An SQLite result code, extended codes included (`SQLITE_CONSTRAINT_UNIQUE` is 2067).
///
/// A struct rather than an enum so that codes we do not name are still representable.
/// Related SQLite documentation: <https://www.sqlite.org/rescode.html>
public struct ResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  public let rawValue: Int32

  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The primary code: the low 8 bits of an extended code.
  public var primary: ResultCode { ResultCode(rawValue: rawValue & 0xFF) }

  public static let ok = ResultCode(rawValue: SQLITE_OK)
  public static let error = ResultCode(rawValue: SQLITE_ERROR)
  public static let busy = ResultCode(rawValue: SQLITE_BUSY)
  public static let readOnly = ResultCode(rawValue: SQLITE_READONLY)
  public static let ioError = ResultCode(rawValue: SQLITE_IOERR)
  public static let corrupt = ResultCode(rawValue: SQLITE_CORRUPT)
  public static let cannotOpen = ResultCode(rawValue: SQLITE_CANTOPEN)
  public static let constraint = ResultCode(rawValue: SQLITE_CONSTRAINT)
  public static let mismatch = ResultCode(rawValue: SQLITE_MISMATCH)
  public static let notADatabase = ResultCode(rawValue: SQLITE_NOTADB)
  public static let row = ResultCode(rawValue: SQLITE_ROW)
  public static let done = ResultCode(rawValue: SQLITE_DONE)
  /// `SQLITE_CONSTRAINT_UNIQUE`: what an item whose primary key already exists produces.
  public static let uniqueConstraint = ResultCode(rawValue: 2067)
  /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
  public static let primaryKeyConstraint = ResultCode(rawValue: 1555)

  /// SQLite's own English text for the code (`sqlite3_errstr`), e.g. "constraint failed".
  public var explanation: String { String(cString: sqlite3_errstr(rawValue)) }

  /// `"19 (constraint failed)"`; the same code always prints the same way.
  public var description: String { "\(rawValue) (\(explanation))" }
}
