/// Eight bytes of a source read as one little-endian word, and tests of all eight at once
/// (the lexer's string literals and the cutter's line ends; issue 29).
///
/// Each test sets the top bit of each byte it finds and no other bit, and is exact up to the
/// lowest byte found: subtracting from every byte at once borrows from the byte above a found
/// one, which may then be marked too, but never below it. So callers take the lowest mark
/// (`trailingZeroBitCount / 8`) and read the bytes from there one at a time.
enum ByteWord {
  /// The eight bytes at `address`, the first the lowest.
  ///
  /// The caller ensures that the eight bytes lie inside its buffer.
  @inline(__always)
  static func load(from address: UnsafeRawPointer) -> UInt64 {
    UInt64(littleEndian: address.loadUnaligned(as: UInt64.self))
  }

  /// The bytes of `word` below `limit` (at most 0x80), as far as the lowest one: a byte below
  /// `limit` is one whose subtraction borrows, while its own top bit is clear.
  @inline(__always)
  static func bytes(below limit: UInt8, in word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101 &* UInt64(limit)) & ~word & 0x8080_8080_8080_8080
  }

  /// The bytes of `word` equal to `byte` (ASCII), as far as the lowest one: the bytes that the
  /// exclusive or makes zero.
  @inline(__always)
  static func bytes(equalTo byte: UInt8, in word: UInt64) -> UInt64 {
    bytes(below: 1, in: word ^ (0x0101_0101_0101_0101 &* UInt64(byte)))
  }

  /// The bytes of `word` past ASCII: their own top bit.
  @inline(__always)
  static func bytesPastASCII(in word: UInt64) -> UInt64 {
    word & 0x8080_8080_8080_8080
  }
}
