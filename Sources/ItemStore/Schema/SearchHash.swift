import Foundation

/// The 16 bytes of one search hash (the keyed hash a searchable column holds), kept inline.
///
/// Why not a `Data`: a `Data` of 16 bytes or more lives on the heap (two allocations, freed
/// with the row), and every touch of one reads `__DataStorage`'s properties under a run-time
/// exclusivity check: with every searchable column a `Data`, that was about a tenth of a copy
/// by primary key (docs/benchmarks.md). Two words copy, compare and hash with no allocation.
/// The bytes are kept in memory order, as SQLite stores the BLOB.
public struct SearchHash: Hashable, Sendable {
  /// The number of bytes in a search hash.
  public static let byteCount = 16

  /// The bytes, in memory order (not numbers: never read as integers but to compare).
  @usableFromInline var words: (UInt64, UInt64)

  /// A hash that `write` fills: it gets the hash's own 16 bytes, written in place.
  @inlinable
  public init(writing write: (UnsafeMutableRawBufferPointer) -> Void) {
    var words: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &words) { write($0) }
    self.init(words: words)
  }

  @usableFromInline
  init(words: (UInt64, UInt64)) { self.words = words }

  /// `bytes` as a hash, or `nil` when they are not 16.
  public init?(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count == Self.byteCount else { return nil }
    self.init { $0.copyMemory(from: bytes) }
  }

  /// Calls `body` with the 16 bytes.
  @inlinable
  public func withUnsafeBytes<Result>(
    _ body: (UnsafeRawBufferPointer) throws -> Result
  ) rethrows -> Result {
    try Swift.withUnsafeBytes(of: words, body)
  }

  /// The bytes as a `Data`, for a reader that wants the BLOB's usual form.
  public var data: Data { withUnsafeBytes { Data($0) } }

  /// Whether `data` holds these 16 bytes: a ``StoredValue/blob(_:)`` of them is the same value.
  public func hasBytes(of data: Data) -> Bool {
    guard data.count == Self.byteCount else { return false }
    return data.withUnsafeBytes { other in
      withUnsafeBytes { memcmp($0.baseAddress!, other.baseAddress!, Self.byteCount) == 0 }
    }
  }

  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1
  }

  /// The bytes, as ``StoredValue`` hashes a BLOB's, so a hash and a BLOB of it hash alike.
  @inlinable
  public func hash(into hasher: inout Hasher) {
    withUnsafeBytes { hasher.combine(bytes: $0) }
  }
}
