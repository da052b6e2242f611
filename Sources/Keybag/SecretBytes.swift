internal import CSodium

/// Key bytes with a single owner, wiped with `sodium_memzero` when discarded or released.
///
/// A class, not a value, so key material is never silently copied; it is never printed
/// (`description` is `<redacted>`) and compares in constant time (`sodium_memcmp`).
final class SecretBytes: Equatable, CustomStringConvertible, CustomDebugStringConvertible {
  private let storage: UnsafeMutableRawBufferPointer

  /// `count` zero bytes.
  init(count: Int) {
    precondition(count >= 0, "negative SecretBytes size")
    storage = .allocate(byteCount: max(count, 1), alignment: 16)
    storage.initializeMemory(as: UInt8.self, repeating: 0)
    self.count = count
  }

  /// A copy of `bytes` (the caller should wipe its own copy if it was secret).
  convenience init(copying bytes: some Collection<UInt8>) {
    self.init(count: bytes.count)
    storage.copyBytes(from: bytes)
  }

  deinit {
    wipe()
    storage.deallocate()
  }

  let count: Int

  func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
    try body(UnsafeRawBufferPointer(rebasing: storage[0..<count]))
  }

  func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows
    -> R
  {
    try body(UnsafeMutableRawBufferPointer(rebasing: storage[0..<count]))
  }

  /// Overwrites the bytes with zeros (`sodium_memzero`, which the compiler may not elide).
  func wipe() {
    sodium_memzero(storage.baseAddress!, storage.count)
  }

  /// A copy of the bytes, for tests that check wiping. Never use it for real key material.
  var bytesForTesting: [UInt8] { withUnsafeBytes { Array($0) } }

  static func == (lhs: SecretBytes, rhs: SecretBytes) -> Bool {
    guard lhs.count == rhs.count else { return false }
    if lhs.count == 0 { return true }
    return lhs.withUnsafeBytes { l in
      rhs.withUnsafeBytes { r in sodium_memcmp(l.baseAddress!, r.baseAddress!, l.count) == 0 }
    }
  }

  var description: String { "<redacted>" }
  var debugDescription: String { "SecretBytes(<redacted>, \(count) bytes)" }
}
