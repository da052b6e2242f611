import Foundation

/// The sealed columns of one row, read where they are: a row's own ``SealedColumns``, or
/// SQLite's memory while a streaming read is on the row
/// (``ItemDatabase/forEachRow(in:matching:oneOf:searchColumns:sealedColumns:storeFailure:borrowing:)``).
///
/// Why: a row read for opening copied each ciphertext into a `Data` (an object and a buffer,
/// each allocated and freed) only for the keybag to read it once; opening from SQLite's copy
/// makes no copy at all (docs/benchmarks.md, issue 29).
public struct SealedColumnReader {
  /// A row's own columns; `nil` for a statement's.
  @usableFromInline let columns: SealedColumns?
  /// The statement on the row, the sealed columns it reads and the index of the first.
  /// (Stored apart, not as an enum's payloads: reading those copied them, a retain and a
  /// release each, at every look.)
  @usableFromInline let statement: Statement?
  @usableFromInline let names: [String]
  @usableFromInline let first: Int32

  /// A row's own sealed columns.
  public init(_ columns: SealedColumns) {
    self.columns = columns
    statement = nil
    names = []
    first = 0
  }

  init(_ statement: Statement, names: [String], first: Int32) {
    columns = nil
    self.statement = statement
    self.names = names
    self.first = first
  }

  /// Whether the row holds column `name` (a sealed column absent from a row is NULL).
  public func contains(_ name: String) -> Bool {
    if let columns { return columns[name] != nil }
    guard let statement, let position = position(of: name) else { return false }
    return !statement.isNull(at: first + Int32(position))
  }

  /// Calls `body` with the bytes of column `name` (none for an empty BLOB); `nil`, without
  /// calling it, when the row does not hold the column. The bytes are valid only while
  /// `body` runs: `body` must not keep them. Inlinable, so that each caller's is specialised.
  @inlinable
  public func withBytes<Result, Failure: Error>(
    _ name: String, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result? {
    if let columns {
      guard let data = columns[name] else { return nil }
      return try Self.withBytes(of: data, body)
    }
    guard let statement, let position = position(of: name),
      let bytes = statement.blobBytes(at: first + Int32(position))
    else { return nil }
    return try body(bytes)
  }

  /// The columns as a row's own: a `Data` of each a statement holds, for a reader that
  /// keeps them past the row (an update that re-seals an item opened whole keeps the
  /// ciphertexts of the columns it leaves).
  public var copied: SealedColumns {
    if let columns { return columns }
    var copy = SealedColumns(minimumCapacity: names.count)
    guard let statement else { return copy }
    for position in names.indices {
      if let data = statement.data(at: first + Int32(position)) {
        copy.appendNew(names[position], data)
      }
    }
    return copy
  }

  /// Where `name` is among a statement's sealed columns (two or three).
  @usableFromInline
  func position(of name: String) -> Int? {
    var index = 0
    while index < names.count {
      if names[index] == name { return index }
      index += 1
    }
    return nil
  }

  /// `body` of `data`'s bytes, with its typed error (`Data.withUnsafeBytes` rethrows untyped).
  @inlinable
  static func withBytes<Result, Failure: Error>(
    of data: Data, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let result: Swift.Result<Result, Failure> = data.withUnsafeBytes { bytes in
      do throws(Failure) { return .success(try body(bytes)) } catch { return .failure(error) }
    }
    return try result.get()
  }
}

extension ItemRow {
  /// This row's own sealed columns, to open them as a streaming read's are opened.
  public var sealedReader: SealedColumnReader { SealedColumnReader(sealedColumns) }
}
