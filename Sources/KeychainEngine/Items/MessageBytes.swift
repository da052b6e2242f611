/// Bytes written front to back into a buffer the caller owns and sized beforehand; writing
/// past its end traps rather than overrunning it.
struct MessageBytes: ByteFormSink {
  private let buffer: UnsafeMutableBufferPointer<UInt8>
  private var count = 0

  init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

  /// The bytes written so far.
  var written: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(rebasing: buffer[..<count])
  }

  mutating func append(_ byte: UInt8) {
    precondition(count < buffer.count, "MessageBytes: more bytes than its buffer holds")
    buffer[count] = byte
    count += 1
  }

  mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8 {
    let copied: Void? = bytes.withContiguousStorageIfAvailable { source in
      precondition(
        source.count <= buffer.count - count, "MessageBytes: more bytes than its buffer holds")
      guard let base = source.baseAddress else { return }
      (buffer.baseAddress! + count).update(from: base, count: source.count)
      count += source.count
    }
    if copied == nil {
      for byte in bytes { append(byte) }
    }
  }
}
