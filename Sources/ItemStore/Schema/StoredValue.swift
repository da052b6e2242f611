import Foundation

/// One SQLite value as stored in a searchable column or a filter.
///
/// Also an attribute value inside the engine, which hashes it for the searchable columns (a
/// string and the same bytes as data hash alike). In SQL, equality is SQLite's: a `.text`
/// and a `.blob` with the same bytes never match, and `.integer(1)` and `.real(1)` do (SQLite
/// compares numbers by value) though they are different Swift values.
/// Related SQLite documentation: <https://www.sqlite.org/datatype3.html#comparisons>
public enum StoredValue: Hashable, Sendable {
  /// UTF-8 text (SQLite TEXT).
  case text(String)
  /// Bytes (SQLite BLOB). An empty `Data` is an empty BLOB, not NULL.
  case blob(Data)
  /// A 64-bit integer (SQLite INTEGER): numbers and booleans.
  case integer(Int64)
  /// A double (SQLite REAL): dates, as seconds since 2001-01-01 like `CFAbsoluteTime`.
  case real(Double)
  /// SQL NULL.
  case null
}

extension StoredValue: CustomStringConvertible {
  /// A short, secret-free rendering for diagnostics: blobs show only their length.
  public var description: String {
    switch self {
    case .text(let string): "text(\(string.debugDescription))"
    case .blob(let data): "blob(\(data.count) bytes)"
    case .integer(let value): "integer(\(value))"
    case .real(let value): "real(\(value))"
    case .null: "null"
    }
  }
}
