import Testing

@testable import ScenarioLanguage

/// `ByteWord`'s tests of eight bytes at once find the same lowest byte as a test of each byte
/// in turn, and nothing when no byte matches: what the lexer's literals and the cutter's line
/// ends rely on.
@Suite struct ByteWordTests {
  /// Words made of the bytes at each edge of each test, at every position, and words of bytes
  /// drawn at random (a fixed seed).
  static let words: [[UInt8]] = {
    let edges: [UInt8] = [
      0x00, 0x01, 0x09, 0x0A, 0x0D, 0x0E, 0x0F, 0x21, 0x22, 0x23, 0x5B, 0x5C,
      0x5D, 0x7F, 0x80, 0x81, 0xC2, 0xFF,
    ]
    var words: [[UInt8]] = []
    for edge in edges {
      for position in 0..<8 {
        var word = [UInt8](repeating: 0x61, count: 8)
        word[position] = edge
        words.append(word)
        // A match below another: the lowest must still be found exactly.
        if position < 7 { word[7] = 0x00 }
        words.append(word)
      }
    }
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    for _ in 0..<2_000 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      words.append((0..<8).map { UInt8(truncatingIfNeeded: state >> (8 * UInt64($0))) })
    }
    return words
  }()

  /// The index of the lowest byte of `bytes` for which `isFound` holds, 8 when none does; and
  /// the same read from a test's marks.
  static func lowest(_ bytes: [UInt8], _ isFound: (UInt8) -> Bool) -> Int {
    bytes.firstIndex(where: isFound) ?? 8
  }

  static func lowest(marks: UInt64) -> Int { marks == 0 ? 8 : marks.trailingZeroBitCount / 8 }

  static func word(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBytes { ByteWord.load(from: $0.baseAddress!) }
  }

  @Test func eachTestFindsTheLowestMatchingByte() {
    for bytes in Self.words {
      let word = Self.word(bytes)
      for limit: UInt8 in [0x01, 0x0E, 0x20, 0x80] {
        let marks = ByteWord.bytes(below: limit, in: word)
        #expect(marks & ~0x8080_8080_8080_8080 == 0)
        #expect(
          Self.lowest(marks: marks) == Self.lowest(bytes) { $0 < limit }, "\(bytes) < \(limit)")
      }
      for byte in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A] {
        let marks = ByteWord.bytes(equalTo: byte, in: word)
        #expect(
          Self.lowest(marks: marks) == Self.lowest(bytes) { $0 == byte }, "\(bytes) = \(byte)")
      }
      let past = ByteWord.bytesPastASCII(in: word)
      #expect(Self.lowest(marks: past) == Self.lowest(bytes) { $0 >= 0x80 })
    }
  }
}
