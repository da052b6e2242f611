internal import CoreFoundation
import Foundation

extension ValueTranslator {
  /// Calls `body` with each key and value of a plain `NSDictionary` or `NSMutableDictionary`,
  /// in the order of its storage, as CoreFoundation's `CFDictionaryGetKeysAndValues` hands
  /// them out, until `body` returns `false`; `false` then (or for an entry it could not read).
  ///
  /// Why CoreFoundation: swift-corelibs-foundation answers it for these two classes from the
  /// dictionary's own storage in one pass, without the two arrays of `Any` that `allKeys` and
  /// `allValues` build and cast element by element (about 800 instructions for four entries
  /// against 4 500). The objects are not retained by the call: they live as long as the
  /// dictionary, which is held until `body` is done.
  static func forEachEntry(
    of dictionary: NSDictionary, _ body: (_ key: AnyObject, _ value: AnyObject) -> Bool
  ) -> Bool {
    let count = dictionary.count
    return withUnsafeTemporaryAllocation(of: UnsafeRawPointer?.self, capacity: 2 * count + 1) {
      buffer in
      buffer.initialize(repeating: nil)
      let keys = buffer.baseAddress!
      let values = keys + count
      return withExtendedLifetime(dictionary) {
        CFDictionaryGetKeysAndValues(
          unsafeBitCast(dictionary, to: CoreFoundation.CFDictionary.self), keys, values)
        for index in 0..<count {
          guard let key = keys[index], let value = values[index],
            body(
              Unmanaged<AnyObject>.fromOpaque(key).takeUnretainedValue(),
              Unmanaged<AnyObject>.fromOpaque(value).takeUnretainedValue())
          else { return false }
        }
        return true
      }
    }
  }
}
