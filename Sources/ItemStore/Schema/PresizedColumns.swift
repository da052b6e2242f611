import Foundation

/// Empty column dictionaries with room for a given number of entries, made by copying one of a
/// few kept empties rather than by `Dictionary(minimumCapacity:)`.
///
/// Why: `Dictionary(minimumCapacity:)` (and `reserveCapacity`) is not inlinable. It runs the
/// standard library's unspecialised code, which looks the storage class's generic metadata up in
/// the runtime's cache at every call, a few times per SecItem call (docs/benchmarks-history.md). A copy of a kept empty is free until its first insertion, which copies
/// the empty storage, same size, in code specialised for these types.
package enum PresizedColumns {
  /// Kept empties of 6, 12, 24 and 48 entries (8 to 64 buckets at the three-quarter load).
  private static let sizes = [6, 12, 24, 48]
  private static let empties = sizes.map { [String: StoredValue](minimumCapacity: $0) }
  private static let sealedEmpties = sizes.map { [String: Data](minimumCapacity: $0) }

  /// An empty dictionary of values with room for `count` entries without growing.
  package static func empty(capacity count: Int) -> [String: StoredValue] {
    for empty in empties where empty.capacity >= count { return empty }
    return [String: StoredValue](minimumCapacity: count)
  }

  /// An empty dictionary of sealed columns with room for `count` entries without growing.
  package static func emptySealed(capacity count: Int) -> [String: Data] {
    for empty in sealedEmpties where empty.capacity >= count { return empty }
    return [String: Data](minimumCapacity: count)
  }
}
