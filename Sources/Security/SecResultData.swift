import Foundation
import Synchronization

/// The `NSData` a SecItem call returns for `Data`: a plain NSData to the client (equality, hash,
/// copies, `as! CFData`, `as? NSData`), holding the engine's `Data` itself.
///
/// Why its own class: it conforms to `ContiguousBytes`, so Foundation's `Data(NSData)` (the
/// bridge of `result as? Data`) copies it in one move rather than byte by byte through its
/// iterator. Where the runtime allows, the layer returns its subclass
/// `RuntimeSeams.PrivateRuntime.UnboxableResultData`, which that cast unboxes without a copy.
///
/// NSData's primitive `bytes` needs an address that lives as long as the object, which a `Data`
/// does not promise (a short one keeps its bytes inline); the bytes are copied once, on the
/// first call, which only code using the NSData API makes.
class SecResultData: NSData, ContiguousBytes {
  /// The engine's value.
  let data: Data
  /// The copy `bytes` answers with, made on first use; set once, by whichever thread gets there
  /// first.
  private let copiedBytes = Atomic<UnsafeMutableRawPointer?>(nil)

  init(_ data: Data) {
    self.data = data
    super.init()
  }

  /// Results are never archived.
  required init?(coder: NSCoder) { return nil }

  deinit { copiedBytes.load(ordering: .acquiring)?.deallocate() }

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
