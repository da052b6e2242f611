import Foundation
import ItemStore

/// Bytes for the values the engine seals: one attribute per sealed column, and the
/// identity that binds each ciphertext to its item (the AEAD's associated data).
///
/// Layout: a tag byte (0 null, 1 text, 2 blob, 3 integer, 4 real), then for text and blob a
/// 4-byte big-endian length and the bytes, for numbers 8 big-endian bytes.
///
/// Bytes are built in a `[UInt8]` and turned into `Data` once: appending to `Data` piece by
/// piece was a measurable share of every SecItem call (docs/benchmarks.md).
enum StoredValueCodec {
  static func encode(_ value: StoredValue, into bytes: inout [UInt8]) {
    switch value {
    case .null:
      bytes.append(0)
    case .text(let text):
      bytes.append(1)
      var text = text
      text.withUTF8 { appendLengthPrefixed($0, to: &bytes) }
    case .blob(let blob):
      bytes.append(2)
      blob.withUnsafeBytes { appendLengthPrefixed($0.bindMemory(to: UInt8.self), to: &bytes) }
    case .integer(let number):
      bytes.append(3)
      append(UInt64(bitPattern: number), to: &bytes)
    case .real(let number):
      bytes.append(4)
      append(number.bitPattern, to: &bytes)
    }
  }

  static func encode(_ value: StoredValue) -> Data {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(encodedCount(value))
    encode(value, into: &bytes)
    return Data(bytes)
  }

  /// The exact size ``encode(_:)`` produces, so its buffer is allocated once.
  private static func encodedCount(_ value: StoredValue) -> Int {
    switch value {
    case .null: 1
    case .text(let text): 5 + text.utf8.count
    case .blob(let blob): 5 + blob.count
    case .integer, .real: 9
    }
  }

  /// Decodes one value that fills `bytes` exactly, or `nil` for malformed bytes.
  static func decode(_ bytes: Data) -> StoredValue? {
    bytes.withUnsafeBytes { raw in decode(raw.bindMemory(to: UInt8.self)) }
  }

  private static func decode(_ bytes: UnsafeBufferPointer<UInt8>) -> StoredValue? {
    guard let tag = bytes.first else { return nil }
    let body = UnsafeBufferPointer(rebasing: bytes[1...])
    switch tag {
    case 0: return body.isEmpty ? .null : nil
    case 1, 2:
      guard body.count >= 4 else { return nil }
      let length = body.prefix(4).reduce(0) { ($0 << 8) | Int($1) }
      guard body.count == 4 + length else { return nil }
      let payload = UnsafeBufferPointer(rebasing: body[4...])
      if tag == 2 { return .blob(Data(buffer: payload)) }
      return String(validating: payload, as: UTF8.self).map(StoredValue.text)
    case 3, 4:
      guard body.count == 8 else { return nil }
      let raw = body.reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
      return tag == 3 ? .integer(Int64(bitPattern: raw)) : .real(Double(bitPattern: raw))
    default:
      return nil
    }
  }

  static func appendLengthPrefixed(
    _ payload: some Collection<UInt8>, to bytes: inout [UInt8]
  ) {
    append(UInt32(truncatingIfNeeded: payload.count), to: &bytes)
    bytes.append(contentsOf: payload)
  }

  private static func append<T: FixedWidthInteger>(_ number: T, to bytes: inout [UInt8]) {
    withUnsafeBytes(of: number.bigEndian) { bytes.append(contentsOf: $0) }
  }
}
