/// A class's attribute names, each packed with its length into one integer and kept sorted,
/// to find an attribute by name with a few integer comparisons.
///
/// Why not `[String: AttributeSchema]`: every SecItem call looks a handful of attributes up
/// by their four-character code, and a dictionary hashes the name (SipHash over the
/// `String`) at each look-up, several hundred instructions; packing four bytes and a binary
/// search over some thirty integers costs a fraction of that (issue 29).
package struct AttributeCodes: Sendable {
  /// The packed names, ascending.
  private let codes: [UInt64]
  /// For each of ``codes``, the position of its name in the list it was built from.
  private let positions: [Int]

  /// The codes of `names`, which must be distinct and each short enough to pack
  /// (``code(of:)``).
  init(_ names: [String]) {
    let packed = names.enumerated().map { (code: Self.code(of: $0.element), position: $0.offset) }
    precondition(packed.allSatisfy { $0.code != nil }, "an attribute name too long to pack")
    let sorted = packed.sorted { $0.code! < $1.code! }
    codes = sorted.map { $0.code! }
    positions = sorted.map(\.position)
  }

  /// `name`'s UTF-8 bytes in the low seven bytes and its length in the top one, so that two
  /// names pack alike only when they are equal; `nil` for a name longer than seven bytes.
  package static func code(of name: String) -> UInt64? {
    // A short name is a small string: its bytes are read in place, where iterating its
    // `utf8` view decoded them one by one.
    var name = name
    return name.withUTF8 { code(of: $0) }
  }

  /// ``code(of:)`` of a name's UTF-8 bytes (one read from an encoding). Inlinable: the
  /// engine packs each of an item's stored attribute names with it, and called across modules
  /// it was an eighth of reading them for an update (issue 29).
  @inlinable @inline(__always)
  package static func code(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
    guard bytes.count <= 7, let base = bytes.baseAddress else {
      return bytes.isEmpty ? 0 : nil
    }
    var code: UInt64 = 0
    if bytes.count == 4 {
      // Every attribute name but a few: its four bytes in one load.
      code = UInt64(UInt32(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt32.self)))
    } else {
      for byte in bytes { code = code << 8 | UInt64(byte) }
    }
    return UInt64(bytes.count) << 56 | code
  }

  /// The position, in the list the codes were built from, of `name`; `nil` for a name not in
  /// it (or too long to pack, which no listed name is).
  func position(ofName name: String) -> Int? {
    // Not `code(of:).flatMap(position(of:))`: that partial application allocates a closure
    // context per call.
    guard let code = Self.code(of: name) else { return nil }
    return position(of: code)
  }

  /// The position, in the list the codes were built from, of the name packed as `code`.
  func position(of code: UInt64) -> Int? {
    var low = 0
    var high = codes.count
    while low < high {
      let middle = (low + high) / 2
      let candidate = codes[middle]
      if candidate == code { return positions[middle] }
      if candidate < code { low = middle + 1 } else { high = middle }
    }
    return nil
  }
}
