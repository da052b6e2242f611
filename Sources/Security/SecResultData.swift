import Foundation

/// The `NSData` a SecItem call returns for `Data`: a plain NSData to the client (equality, hash,
/// copies, bridging), which also offers its bytes as `ContiguousBytes`.
///
/// Why: on Linux the client's `result as? Data` builds the `Data` with `Data(NSData)`, which
/// copies an `NSData` byte by byte through its iterator (about 28 000 instructions for a
/// 32-byte secret, as much as the rest of the layer) but copies any `ContiguousBytes` in one
/// move. Foundation's own `NSData(bytes:length:)` cannot be subclassed on Linux, so this class
/// keeps its bytes itself and overrides NSData's two primitives, `length` and `bytes`.
final class SecResultData: NSData, ContiguousBytes {
  /// The bytes, owned by this object; never empty (one byte for an empty value), so
  /// `bytes` always has an address.
  private let storage: UnsafeMutableRawBufferPointer
  private let count: Int

  init(_ data: Data) {
    count = data.count
    let storage = UnsafeMutableRawBufferPointer.allocate(
      byteCount: Swift.max(data.count, 1), alignment: 1)
    // One memcpy; `copyBytes(to:)` copies through DataProtocol's generic path, ~150 times slower.
    data.withUnsafeBytes { storage.copyMemory(from: $0) }
    self.storage = storage
    super.init()
  }

  /// Results are never archived.
  required init?(coder: NSCoder) { return nil }

  deinit { storage.deallocate() }

  override var length: Int { count }
  override var bytes: UnsafeRawPointer { UnsafeRawPointer(storage.baseAddress!) }

  func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(rebasing: storage[..<count]))
  }
}
