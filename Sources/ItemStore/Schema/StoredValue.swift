import Foundation

/// One SQLite value as stored in a searchable column or a filter.
///
/// Also an attribute value inside the engine, which hashes it for the searchable columns (a
/// string and the same bytes as data hash alike). In SQL, equality is SQLite's: a `.text`
/// and a `.blob` with the same bytes never match, and `.integer(1)` and `.real(1)` do (SQLite
/// compares numbers by value) though they are different Swift values.
/// Related SQLite documentation: <https://www.sqlite.org/datatype3.html#comparisons>
///
/// A ``SearchHash`` (`.hash`) is a BLOB of its 16 bytes held inline: it binds and is stored as
/// that BLOB, and equals and hashes like `.blob` of the same bytes, so no reader can tell the
/// two apart but by matching the case. Only search hashes take that form: the engine's hasher
/// makes them, and a row read from the store holds its hashed columns so (``ReadColumns``);
/// an attribute value is never one.
public enum StoredValue: Hashable, Sendable {
  /// UTF-8 text (SQLite TEXT).
  case text(String)
  /// Bytes (SQLite BLOB). An empty `Data` is an empty BLOB, not NULL.
  case blob(Data)
  /// A search hash: a BLOB of its 16 bytes, held inline.
  case hash(SearchHash)
  /// A 64-bit integer (SQLite INTEGER): numbers and booleans.
  case integer(Int64)
  /// A double (SQLite REAL): dates, as seconds since 2001-01-01 like `CFAbsoluteTime`.
  case real(Double)
  /// SQL NULL.
  case null

  /// `self`, a hash as the `.blob` of its bytes: for a reader that handles BLOBs one way.
  public var asBlob: StoredValue {
    if case .hash(let hash) = self { return .blob(hash.data) }
    return self
  }

  public static func == (lhs: StoredValue, rhs: StoredValue) -> Bool {
    switch (lhs, rhs) {
    case (.hash(let left), .hash(let right)): left == right
    case (.text(let left), .text(let right)): left == right
    case (.blob(let left), .blob(let right)): left == right
    case (.hash(let hash), .blob(let data)), (.blob(let data), .hash(let hash)):
      hash.hasBytes(of: data)
    case (.integer(let left), .integer(let right)): left == right
    case (.real(let left), .real(let right)): left == right
    case (.null, .null): true
    default: false
    }
  }

  /// A BLOB's bytes hashed alike whether it is a `.blob` or a `.hash`.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .text(let string):
      hasher.combine(0 as UInt8)
      hasher.combine(string)
    case .blob(let data):
      hasher.combine(1 as UInt8)
      data.withUnsafeBytes { hasher.combine(bytes: $0) }
    case .hash(let hash):
      hasher.combine(1 as UInt8)
      hash.hash(into: &hasher)
    case .integer(let number):
      hasher.combine(2 as UInt8)
      hasher.combine(number)
    case .real(let number):
      hasher.combine(3 as UInt8)
      hasher.combine(number)
    case .null:
      hasher.combine(4 as UInt8)
    }
  }
}

extension StoredValue: CustomStringConvertible {
  /// A short, secret-free rendering for diagnostics: blobs show only their length.
  public var description: String {
    switch self {
    case .text(let string): "text(\(string.debugDescription))"
    case .blob(let data): "blob(\(data.count) bytes)"
    case .hash: "blob(\(SearchHash.byteCount) bytes)"
    case .integer(let value): "integer(\(value))"
    case .real(let value): "real(\(value))"
    case .null: "null"
    }
  }
}
