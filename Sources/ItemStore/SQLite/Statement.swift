internal import CSQLite
import Foundation

/// A prepared statement: the one owner of its `sqlite3_stmt*`, finalized in `deinit`.
///
/// Statements normally come from ``Connection/cachedStatement(_:)`` so each SQL text is
/// prepared once per connection. Callers bind, step, read columns, then `reset()`;
/// ``Connection/withStatement(_:_:)`` does the reset for them.
@usableFromInline
final class Statement {
  let sql: String
  private let handle: OpaquePointer
  /// The connection that compiled it, for its error messages. Unowned: the connection owns
  /// its statements (its cache) and finalizes them before it closes.
  private unowned let connection: Connection
  /// Set by ``Connection/withStatement(_:_:)`` while a body uses it.
  var isRunning = false
  /// The bytes of the texts and blobs ``bind(_:then:)`` bound, kept here and bound without a
  /// copy (`SQLITE_STATIC`) until ``reset()`` clears the bindings and zeroes them: SQLite's own
  /// copy of each (`SQLITE_TRANSIENT`) was an allocation and a free per value per call
  /// (issue 29). Grown, never shrunk, and only while nothing is bound from it.
  private var boundBytes: UnsafeMutableRawPointer?
  private var boundBytesCapacity = 0
  private var boundBytesUsed = 0

  /// Compiles `sql` on `connection`.
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/prepare.html>
  init(sql: String, connection: Connection) throws(SQLiteError) {
    self.handle = try connection.prepare(sql)
    self.sql = sql
    self.connection = connection
  }

  deinit {
    sqlite3_finalize(handle)
    boundBytes?.deallocate()
  }

  var parameterCount: Int32 { sqlite3_bind_parameter_count(handle) }

  // MARK: - Binding

  /// Binds `value` to the 1-based parameter `index`. Text and blobs are copied
  /// (`SQLITE_TRANSIENT`), so the Swift value need not outlive the call.
  func bind(_ value: StoredValue, at index: Int32) throws(SQLiteError) {
    let code: Int32
    switch value {
    case .text(let string):
      // Explicit length: a CFString may contain NUL, which a C string would cut short.
      var text = string
      code = text.withUTF8 { bytes in
        bytes.isEmpty
          ? sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
          : sqlite3_bind_text(
            handle, index, bytes.baseAddress, Int32(bytes.count),
            csqlite_transient())
      }
    case .blob(let data):
      if data.isEmpty {
        // A nil pointer would bind NULL; an empty blob must stay an empty blob.
        code = sqlite3_bind_zeroblob(handle, index, 0)
      } else {
        code = data.withUnsafeBytes { bytes in
          sqlite3_bind_blob(
            handle, index, bytes.baseAddress, Int32(bytes.count),
            csqlite_transient())
        }
      }
    case .hash(let hash):
      code = hash.withUnsafeBytes { bytes in
        sqlite3_bind_blob(
          handle, index, bytes.baseAddress, Int32(bytes.count), csqlite_transient())
      }
    case .integer(let number):
      code = sqlite3_bind_int64(handle, index, number)
    case .real(let number):
      code = sqlite3_bind_double(handle, index, number)
    case .null:
      code = sqlite3_bind_null(handle, index)
    }
    try check(code)
  }

  /// Binds `values` to parameters 1...n in order.
  func bind(_ values: [StoredValue]) throws(SQLiteError) {
    try bind(values, then: [])
  }

  /// Binds `values`, then `more`, to parameters 1...n in order: a search's conditions and
  /// its `IN` list, without joining them into one array first. Their texts and blobs are
  /// copied once into this statement's own bytes (``boundBytes``).
  func bind(_ values: [StoredValue], then more: [StoredValue]) throws(SQLiteError) {
    let kept = reserveBoundBytes(Self.byteCount(values) + Self.byteCount(more))
    var index: Int32 = 1
    for value in values {
      try bind(value, at: index, keeping: kept)
      index += 1
    }
    for value in more {
      try bind(value, at: index, keeping: kept)
      index += 1
    }
  }

  /// Binds `values`, then `more`, as the overload of two arrays binds those arrays: read
  /// where they are held (a search's conditions keep each value beside its column), no array
  /// made of them.
  func bind(_ values: some BoundValues, then more: [StoredValue]) throws(SQLiteError) {
    var byteCount = Self.byteCount(more)
    for position in 0..<values.boundCount {
      byteCount += Self.byteCount(of: values.boundValue(at: position))
    }
    let kept = reserveBoundBytes(byteCount)
    var index: Int32 = 1
    for position in 0..<values.boundCount {
      try bind(values.boundValue(at: position), at: index, keeping: kept)
      index += 1
    }
    for value in more {
      try bind(value, at: index, keeping: kept)
      index += 1
    }
  }

  /// ``bind(_:at:)``, a text or blob of up to ``keptValueLimit`` bytes copied into this
  /// statement's own bytes (``boundBytes``) and bound from there, as ``bind(_:then:)`` binds
  /// its values: SQLite's own copy (`SQLITE_TRANSIENT`) was an allocation and a free per call
  /// (an update of the secret alone, issue 29). A larger value takes SQLite's copy, so that
  /// the statement does not keep a buffer its size.
  func bind(keeping value: StoredValue, at index: Int32) throws(SQLiteError) {
    let count = Self.byteCount(of: value)
    try bind(value, at: index, keeping: count <= Self.keptValueLimit && reserveBoundBytes(count))
  }

  /// The largest value ``bind(keeping:at:)`` keeps in the statement's own bytes.
  static let keptValueLimit = 1024

  /// How many bytes the texts and blobs of `values` hold.
  private static func byteCount(_ values: [StoredValue]) -> Int {
    var count = 0
    for value in values {
      switch value {
      case .text(let string): count += string.utf8.count
      case .blob(let data): count += data.count
      case .hash: count += SearchHash.byteCount
      case .integer, .real, .null: break
      }
    }
    return count
  }

  /// How many bytes `value` holds as a text or blob (none as a number or NULL). The arrays'
  /// count above keeps its own loop: built on this one, it cost an add's bind about 0.1k
  /// instructions, and 60 always inlined (issue 29).
  private static func byteCount(of value: StoredValue) -> Int {
    switch value {
    case .text(let string): string.utf8.count
    case .blob(let data): data.count
    case .hash: SearchHash.byteCount
    case .integer, .real, .null: 0
    }
  }

  /// Makes room for `count` more bytes in ``boundBytes``: `false` when it cannot without
  /// moving bytes already bound (the values are then bound with a copy of SQLite's).
  private func reserveBoundBytes(_ count: Int) -> Bool {
    if boundBytesUsed + count <= boundBytesCapacity { return true }
    guard boundBytesUsed == 0 else { return false }
    boundBytes?.deallocate()
    let capacity = max(count, 2 * boundBytesCapacity, 256)
    boundBytes = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 8)
    boundBytesCapacity = capacity
    return true
  }

  /// ``bind(_:at:)``, a non-empty text or blob copied into ``boundBytes`` when `kept`.
  private func bind(_ value: StoredValue, at index: Int32, keeping kept: Bool) throws(SQLiteError) {
    guard kept, let base = boundBytes else { return try bind(value, at: index) }
    let start = base + boundBytesUsed
    let code: Int32
    switch value {
    case .text(let string) where !string.isEmpty:
      var text = string
      let count = text.withUTF8 { bytes in
        start.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        return bytes.count
      }
      boundBytesUsed += count
      code = sqlite3_bind_text(
        handle, index, start.assumingMemoryBound(to: CChar.self), Int32(count), nil)
    case .blob(let data) where !data.isEmpty:
      // Through `withUnsafeBytes`, which inlines: `copyBytes(to:count:)` did not, and cost
      // more than the copy.
      let count = data.withUnsafeBytes { bytes in
        start.copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        return bytes.count
      }
      boundBytesUsed += count
      code = sqlite3_bind_blob(handle, index, start, Int32(count), nil)
    case .hash(let hash):
      hash.withUnsafeBytes { start.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
      boundBytesUsed += SearchHash.byteCount
      code = sqlite3_bind_blob(handle, index, start, Int32(SearchHash.byteCount), nil)
    default:
      return try bind(value, at: index)
    }
    try check(code)
  }

  // MARK: - Stepping

  /// Advances to the next row; `false` once the statement is done.
  /// Related SQLite documentation: <https://www.sqlite.org/c3ref/step.html>
  @discardableResult
  func step() throws(SQLiteError) -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw error(code)
    }
  }

  /// Runs the statement to completion, discarding any rows.
  func run() throws(SQLiteError) {
    while try step() {}
  }

  /// Makes the statement ready to run again and drops its bindings, so no secret stays
  /// bound in a cached statement.
  func reset() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    if boundBytesUsed > 0, let boundBytes {
      boundBytes.initializeMemory(as: UInt8.self, repeating: 0, count: boundBytesUsed)
      boundBytesUsed = 0
    }
  }

  // MARK: - Columns

  var columnCount: Int32 { sqlite3_column_count(handle) }

  func columnName(at index: Int32) -> String {
    sqlite3_column_name(handle, index).map { String(cString: $0) } ?? ""
  }

  /// The value of the 0-based column `index` in the current row, with its storage class.
  func column(at index: Int32) -> StoredValue {
    switch sqlite3_column_type(handle, index) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(handle, index))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(handle, index))
    case SQLITE_TEXT:
      return .text(text(at: index))
    case SQLITE_BLOB:
      return .blob(blob(at: index))
    default:
      return .null
    }
  }

  /// ``column(at:)`` of a column that holds search hashes: a BLOB of 16 bytes is a `.hash`,
  /// read into its inline value with no `Data` made (``SearchHash``); any other value as
  /// ``column(at:)`` reads it.
  func searchHashColumn(at index: Int32) -> StoredValue {
    guard sqlite3_column_type(handle, index) == SQLITE_BLOB,
      sqlite3_column_bytes(handle, index) == Int32(SearchHash.byteCount),
      let bytes = sqlite3_column_blob(handle, index)
    else { return column(at: index) }
    let stored = UnsafeRawBufferPointer(start: bytes, count: SearchHash.byteCount)
    return .hash(SearchHash { $0.copyMemory(from: stored) })
  }

  /// Whether column `index` of the current row is NULL.
  @usableFromInline
  func isNull(at index: Int32) -> Bool { sqlite3_column_type(handle, index) == SQLITE_NULL }

  /// The bytes of BLOB column `index` where SQLite holds them (none for an empty blob), or
  /// `nil` for NULL. They are valid until the statement steps or resets, or the column is
  /// read as another type: a caller reads them at once and does not keep them.
  @usableFromInline
  func blobBytes(at index: Int32) -> UnsafeRawBufferPointer? {
    guard !isNull(at: index) else { return nil }
    // The pointer first, then its size, as SQLite's documentation asks.
    let bytes = sqlite3_column_blob(handle, index)
    let count = Int(sqlite3_column_bytes(handle, index))
    guard let bytes, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
    return UnsafeRawBufferPointer(start: bytes, count: count)
  }

  /// The bytes of a BLOB column (empty for an empty blob), or `nil` for NULL.
  func data(at index: Int32) -> Data? {
    sqlite3_column_type(handle, index) == SQLITE_NULL ? nil : blob(at: index)
  }

  func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// The UTF-8 of a TEXT column by its byte count, so embedded NULs survive.
  private func text(at index: Int32) -> String {
    guard let bytes = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
  }

  private func blob(at index: Int32) -> Data {
    let count = Int(sqlite3_column_bytes(handle, index))
    guard count > 0, let bytes = sqlite3_column_blob(handle, index) else { return Data() }
    return Data(bytes: bytes, count: count)
  }

  // MARK: - Errors

  private func check(_ code: Int32) throws(SQLiteError) {
    guard code == SQLITE_OK else { throw error(code) }
  }

  private func error(_ code: Int32) -> SQLiteError {
    // sqlite3_step returns the extended code with extended result codes on.
    SQLiteError(
      code: ResultCode(rawValue: code),
      message: connection.errorMessage, sql: sql)
  }
}

/// Values a ``Statement`` binds to its parameters in order, read where their owner holds them.
protocol BoundValues {
  var boundCount: Int { get }
  /// The value of parameter `position + 1`.
  func boundValue(at position: Int) -> StoredValue
}
