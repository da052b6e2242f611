import Foundation
import ItemStore

/// Bytes for the values the engine seals: one attribute per sealed column, and the
/// identity that binds each ciphertext to its item (the AEAD's associated data).
///
/// Layout: a tag byte (0 null, 1 text, 2 blob, 3 integer, 4 real), then for text and blob a
/// 4-byte big-endian length and the bytes, for numbers 8 big-endian bytes.
enum StoredValueCodec {
  static func encode(_ value: StoredValue, into bytes: inout Data) {
    switch value {
    case .null:
      bytes.append(0)
    case .text(let text):
      bytes.append(1)
      appendLengthPrefixed(Data(text.utf8), to: &bytes)
    case .blob(let blob):
      bytes.append(2)
      appendLengthPrefixed(blob, to: &bytes)
    case .integer(let number):
      bytes.append(3)
      append(UInt64(bitPattern: number), to: &bytes)
    case .real(let number):
      bytes.append(4)
      append(number.bitPattern, to: &bytes)
    }
  }

  static func encode(_ value: StoredValue) -> Data {
    var bytes = Data()
    encode(value, into: &bytes)
    return bytes
  }

  /// Decodes one value that fills `bytes` exactly, or `nil` for malformed bytes.
  static func decode(_ bytes: Data) -> StoredValue? {
    let bytes = Array(bytes)
    guard let tag = bytes.first else { return nil }
    let body = bytes.dropFirst()
    switch tag {
    case 0: return body.isEmpty ? .null : nil
    case 1, 2:
      guard body.count >= 4 else { return nil }
      let length = body.prefix(4).reduce(0) { ($0 << 8) | Int($1) }
      guard body.count == 4 + length else { return nil }
      let payload = Data(body.dropFirst(4))
      if tag == 2 { return .blob(payload) }
      return String(data: payload, encoding: .utf8).map(StoredValue.text)
    case 3, 4:
      guard body.count == 8 else { return nil }
      let raw = body.reduce(UInt64(0)) { ($0 << 8) | UInt64($1) }
      return tag == 3 ? .integer(Int64(bitPattern: raw)) : .real(Double(bitPattern: raw))
    default:
      return nil
    }
  }

  static func appendLengthPrefixed(_ payload: Data, to bytes: inout Data) {
    append(UInt32(truncatingIfNeeded: payload.count), to: &bytes)
    bytes.append(payload)
  }

  private static func append<T: FixedWidthInteger>(_ number: T, to bytes: inout Data) {
    withUnsafeBytes(of: number.bigEndian) { bytes.append(contentsOf: $0) }
  }
}
