/// Where ``SearchHasher/appendByteForm(_:kind:to:)`` and ``StoredValueCodec`` write: an item
/// key's `[UInt8]`, or a buffer sized beforehand (``MessageBytes``): the stack buffer of a
/// search hash's message, so hashing allocates nothing for its message, or the array of an
/// identity or of encoded attributes, written in place.
protocol ByteFormSink {
  mutating func append(_ byte: UInt8)
  mutating func append<Bytes: Sequence>(contentsOf bytes: Bytes) where Bytes.Element == UInt8
}

extension Array: ByteFormSink where Element == UInt8 {}
