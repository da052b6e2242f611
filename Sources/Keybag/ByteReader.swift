/// Reads a persisted keybag field by field; running out of bytes is a
/// ``KeybagError/corrupt(_:)`` naming the field and the offset, never a crash.
struct ByteReader {
  private let bytes: [UInt8]
  private(set) var offset = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  var isAtEnd: Bool { offset == bytes.count }
  var remaining: Int { bytes.count - offset }

  mutating func read(_ count: Int, _ field: String) throws(KeybagError) -> [UInt8] {
    guard count <= remaining else {
      throw .corrupt(
        "truncated at byte \(offset) reading \(field): need \(count) bytes, \(remaining) left")
    }
    defer { offset += count }
    return Array(bytes[offset..<offset + count])
  }

  mutating func readUInt8(_ field: String) throws(KeybagError) -> UInt8 {
    try read(1, field)[0]
  }

  mutating func readUInt16(_ field: String) throws(KeybagError) -> UInt16 {
    try read(2, field).reduce(0) { $0 << 8 | UInt16($1) }
  }

  mutating func readUInt64(_ field: String) throws(KeybagError) -> UInt64 {
    try read(8, field).reduce(0) { $0 << 8 | UInt64($1) }
  }
}

/// The writing half of ``ByteReader``.
struct ByteWriter {
  private(set) var bytes: [UInt8] = []

  mutating func write(_ data: [UInt8]) { bytes += data }
  mutating func write(_ value: UInt8) { bytes.append(value) }
  mutating func write(_ value: UInt16) { bytes += [UInt8(value >> 8), UInt8(value & 0xff)] }
  mutating func write(_ value: UInt64) {
    bytes += stride(from: 56, through: 0, by: -8).map { UInt8(truncatingIfNeeded: value >> $0) }
  }
}
