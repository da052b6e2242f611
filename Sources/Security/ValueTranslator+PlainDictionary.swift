internal import CoreFoundation
import Foundation

extension ValueTranslator {
  /// Calls `body` with each key and value of a plain `NSDictionary` or `NSMutableDictionary`
  /// of `count` entries (its `count`, read by the caller), in the order of its storage, as
  /// CoreFoundation's `CFDictionaryGetKeysAndValues` hands them out, until `body` returns
  /// `false`; `false` then (or for an entry it could not read).
  ///
  /// Why CoreFoundation: swift-corelibs-foundation answers it for these two classes from the
  /// dictionary's own storage in one pass, without the two arrays of `Any` that `allKeys` and
  /// `allValues` build and cast element by element (about 800 instructions for four entries
  /// against 4 500). The objects are lent to `body`, not retained: they live as long as the
  /// dictionary, which is held until `body` is done. (Retaining and releasing each, with the
  /// count read twice, cost about 500 instructions for a four-entry query.)
  static func forEachEntry(
    of dictionary: NSDictionary, count: Int,
    _ body: (_ key: AnyObject, _ value: AnyObject) -> Bool
  ) -> Bool {
    return withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: 2 * count + 1) {
      buffer in
      buffer.initialize(repeating: nil)
      let keys = buffer.baseAddress!
      let values = keys + count
      return withExtendedLifetime(dictionary) {
        CFDictionaryGetKeysAndValues(
          unsafeBitCast(dictionary, to: CoreFoundation.CFDictionary.self), keys, values)
        for index in 0..<count {
          guard let key = keys[index], let value = values[index] else { return false }
          // Borrowed, not retained: the dictionary holds both until `body` returns.
          let kept = Unmanaged<AnyObject>.fromOpaque(key)._withUnsafeGuaranteedRef { key in
            Unmanaged<AnyObject>.fromOpaque(value)._withUnsafeGuaranteedRef { value in
              body(key, value)
            }
          }
          guard kept else { return false }
        }
        return true
      }
    }
  }
}
