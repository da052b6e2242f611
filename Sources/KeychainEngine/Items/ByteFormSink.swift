/// Where ``SearchHasher/appendByteForm(_:kind:to:)`` writes: an item key's `[UInt8]`, or the
/// stack buffer of a search hash's message (``MessageBytes``), so hashing allocates nothing
/// for its message.
protocol ByteFormSink {
  mutating func append(_ byte: UInt8)
  mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8
}

extension Array: ByteFormSink where Element == UInt8 {}
