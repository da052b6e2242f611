import Foundation
import Synchronization

/// The `NSData` a SecItem call returns for `Data`: a plain NSData to the client (equality, hash,
/// copies, `as! CFData`, `as? NSData`), holding the engine's `Data` itself.
///
/// Why: client code reads a result with `result as? Data`. On Linux that cast, for an ordinary
/// NSData, bridges it: the runtime finds Data's bridging conformance, checks the class and builds
/// a new `Data` from the object's bytes (about 4 500 instructions and a few hundred instruction
/// cache misses per call, as much as the rest of the layer). A class conforming to the standard
/// library's `_NSSwiftValue` (what Foundation's own boxes conform to) is unboxed instead: the
/// runtime hands out `value` when it is of the type asked for, here the very `Data` the engine
/// returned (about 1 600 instructions, nothing copied). Any other type is refused by the unboxing
/// and cast as for any NSData.
///
/// NSData's primitive `bytes` needs an address that lives as long as the object, which a `Data`
/// does not promise (a short one keeps its bytes inline); the bytes are copied once, on the
/// first call, which only code using the NSData API makes.
final class SecResultData: NSData, ContiguousBytes, _NSSwiftValue {
  /// The engine's value: what `as? Data` unboxes.
  let data: Data
  /// The copy `bytes` answers with, made on first use; set once, by whichever thread gets there
  /// first.
  private let copiedBytes = Atomic<UnsafeMutableRawPointer?>(nil)

  init(_ data: Data) {
    self.data = data
    super.init()
  }

  /// Only for the `_NSSwiftValue` requirement: the runtime never creates these boxes itself
  /// (Foundation's `__SwiftValue` boxes what it bridges), and the layer passes `Data`.
  convenience init(_ value: Any) {
    self.init(value as? Data ?? Data())
  }

  /// Results are never archived.
  required init?(coder: NSCoder) { return nil }

  deinit { copiedBytes.load(ordering: .acquiring)?.deallocate() }

  /// The unboxed value of `result as? Data`.
  var value: Any { data }

  /// `_NSSwiftValue`'s placeholder for `nil`; never used for a result.
  static var null: AnyObject { NSNull() }

  override var length: Int { data.count }

  override var bytes: UnsafeRawPointer {
    if let copied = copiedBytes.load(ordering: .acquiring) { return UnsafeRawPointer(copied) }
    // Never empty, so that an empty value has an address too.
    let copy = UnsafeMutableRawPointer.allocate(byteCount: Swift.max(data.count, 1), alignment: 1)
    data.withUnsafeBytes { source in
      if let base = source.baseAddress { copy.copyMemory(from: base, byteCount: source.count) }
    }
    let (stored, winner) = copiedBytes.compareExchange(
      expected: nil, desired: copy, ordering: .acquiringAndReleasing)
    guard stored else {
      copy.deallocate()
      return UnsafeRawPointer(winner!)
    }
    return UnsafeRawPointer(copy)
  }

  /// `Data(result as! NSData)` and other generic byte readers copy from here in one move.
  func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try data.withUnsafeBytes(body)
  }
}
