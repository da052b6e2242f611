import Foundation
import ItemStore
import Testing

@testable import Keychain
@testable import KeychainEngine

/// The bytes sealed per column must decode to exactly the value encoded.
@Suite struct StoredValueCodecTests {
  @Test(arguments: [
    StoredValue.null, .text(""), .text("alice"), .text("a\u{0}b"), .text("\u{FEFF}bom"),
    .text("Zoë 🔑"), .blob(Data()), .blob(Data([0, 255, 1])), .integer(0), .integer(-1),
    .integer(.max), .real(0), .real(-2.5), .real(757_382_400.125),
  ])
  func roundTrips(_ value: StoredValue) {
    #expect(StoredValueCodec.decode(StoredValueCodec.encode(value)) == value)
  }

  /// A search hash is encoded as the `.blob` of its 16 bytes, into an array or into a buffer
  /// on the stack (an identity's, `MessageBytes`), and decodes as that blob.
  @Test func aSearchHashEncodesAsTheBlobOfItsBytes() {
    let bytes = Data((0..<UInt8(SearchHash.byteCount)).map { $0 &* 37 &+ 5 })
    let hash = bytes.withUnsafeBytes { SearchHash($0) }!
    let blob = StoredValueCodec.encode(.blob(bytes))
    #expect(StoredValueCodec.encode(.hash(hash)) == blob)
    #expect(StoredValueCodec.encodedCount(.hash(hash)) == blob.count)
    let written = StoredValueCodec.bytes(count: blob.count + 1) { message in
      message.append(9)
      StoredValueCodec.encode(.hash(hash), into: &message)
    }
    #expect(written == [9] + [UInt8](blob))
    #expect(StoredValueCodec.decode(StoredValueCodec.encode(.hash(hash))) == .blob(bytes))
  }

  /// A slice of a larger buffer (non-zero start index) decodes like a copy of it.
  @Test func decodesASlice() {
    let bytes = Data([9, 9]) + StoredValueCodec.encode(.text("alice"))
    #expect(StoredValueCodec.decode(bytes.dropFirst(2)) == .text("alice"))
  }

  @Test(arguments: [
    [UInt8](), [0, 0], [1, 0, 0, 0], [1, 0, 0, 0, 2, 0x61], [1, 0, 0, 0, 1, 0xFF],
    [3, 1, 2, 3], [7], [1, 0, 0, 0, 2, 0x61, 0xFF], [1, 0, 0, 0, 2, 0xC3, 0x28],
  ])
  func rejectsMalformedBytes(_ bytes: [UInt8]) {
    #expect(StoredValueCodec.decode(Data(bytes)) == nil)
  }

  /// `attributes(_:hold:_:)`, the check of a secret-only read: the named value, decoded
  /// alone, equals the expected one (`nil`: absent), and the set is well formed to its end.
  @Test func holdsChecksTheNamedValueAndTheWholeSet() {
    let encoded = StoredValueCodec.encode(attributes: [
      "acct": .text("alice"), "pdmn": .text("ak"), "svce": .text("s"),
    ])
    #expect(StoredValueCodec.attributes(encoded, hold: "pdmn", .text("ak")))
    #expect(!StoredValueCodec.attributes(encoded, hold: "pdmn", .text("aku")))
    #expect(!StoredValueCodec.attributes(encoded, hold: "pdmn", nil))
    #expect(StoredValueCodec.attributes(encoded, hold: "labl", nil))
    #expect(!StoredValueCodec.attributes(encoded, hold: "labl", .text("ak")))
    // Cut short, or with bytes after the last attribute: malformed, whatever it holds.
    #expect(!StoredValueCodec.attributes(encoded.dropLast(), hold: "pdmn", .text("ak")))
    #expect(!StoredValueCodec.attributes(encoded + Data([0]), hold: "pdmn", .text("ak")))
    // Agrees with decoding every value on every prefix of the bytes.
    for length in 0..<encoded.count {
      let prefix = Data(encoded.prefix(length))
      let decoded = StoredValueCodec.decodeAttributes(prefix)
      #expect(
        StoredValueCodec.attributes(prefix, hold: "pdmn", .text("ak"))
          == (decoded != nil && decoded?["pdmn"] == .text("ak")))
    }
  }

  /// An attribute name that is not UTF-8 makes the whole set malformed, after ASCII names
  /// and before them alike.
  @Test func rejectsANameThatIsNotUTF8() throws {
    let encoded = StoredValueCodec.encode(attributes: ["acct": .text("a"), "zzzz": .text("b")])
    var bytes = [UInt8](encoded)
    let name = try #require(bytes.firstIndex(of: UInt8(ascii: "z")))
    for index in name..<name + 4 { bytes[index] = 0xFF }
    #expect(StoredValueCodec.decodeAttributes(Data(bytes)) == nil)
    #expect(
      StoredValueCodec.decodeAttributes(encoded) == ["acct": .text("a"), "zzzz": .text("b")])
  }

  /// One attribute read alone is what decoding them all gives, absent or malformed alike.
  @Test func readsOneAttributeAloneAsDecodingAllWould() throws {
    let attributes: [String: StoredValue] = [
      "acct": .blob(Data("Bob ".utf8)), "labl": .text("Zoë"), "cdat": .real(1.5),
      "nega": .integer(0), "svce": .null,
    ]
    let encoded = StoredValueCodec.encode(attributes: attributes)
    let all = try #require(StoredValueCodec.decodeAttributes(encoded))
    for name in attributes.keys {
      #expect(StoredValueCodec.attribute(name, in: encoded) == .some(all[name]), "\(name)")
    }
    #expect(StoredValueCodec.attribute("desc", in: encoded) == .some(nil))
    // Cut inside the last value: malformed whether the value asked for is before the cut
    // or after it.
    let truncated = encoded.dropLast(2)
    #expect(StoredValueCodec.decodeAttributes(truncated) == nil)
    #expect(StoredValueCodec.attribute("zzzz", in: truncated) == nil)
    #expect(StoredValueCodec.attribute("svce", in: truncated) == nil)
  }

  /// The names of `encoded`'s attributes, in the order they are encoded.
  private func encodedNames(_ encoded: Data) -> [String] {
    let bytes = [UInt8](encoded)
    func uint32(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    var names: [String] = []
    var offset = 4
    for _ in 0..<uint32(0) {
      let length = uint32(offset)
      names.append(String(decoding: bytes[offset + 4..<offset + 4 + length], as: UTF8.self))
      offset += 4 + length
      switch bytes[offset] {
      case 1, 2: offset += 5 + uint32(offset + 1)
      case 3, 4: offset += 9
      default: offset += 1
      }
    }
    return names
  }

  /// Attributes are encoded in `String`'s order of their names, which sorting by the first
  /// eight bytes keeps: names sharing them, a prefix of another, holding a NUL, and names
  /// that are not ASCII (then sorted by `String` alone).
  @Test(arguments: [
    ["mdat", "acct", "svce", "a", "ab", "abcdefgh", "abcdefghij", "abcdefghi", "a\u{0}", "Z", "_"],
    ["pdmn", "é", "e\u{301}x", "zz", "\u{1F511}", "acct"],
  ])
  func encodesAttributesInTheOrderOfTheirNames(_ names: [String]) {
    var attributes: [String: StoredValue] = [:]
    for (index, name) in names.enumerated() { attributes[name] = .integer(Int64(index)) }
    #expect(encodedNames(StoredValueCodec.encode(attributes: attributes)) == names.sorted())
  }

  /// A sealed item's attributes leave out the null ones; other encodings keep them.
  @Test func skipsNullsOnlyWhenAsked() {
    let attributes: [String: StoredValue] = ["acct": .text("a"), "labl": .null]
    #expect(encodedNames(StoredValueCodec.encode(attributes: attributes)) == ["acct", "labl"])
    let sealed = Data(StoredValueCodec.attributeBytes(attributes, skippingNulls: true))
    #expect(StoredValueCodec.decodeAttributes(sealed) == ["acct": .text("a")])
  }

  /// `attributes(_:holding:keeping:)`, an update's check that an item already holds the
  /// values it sets: every named value equal (a missing one holds `.null`), the kept ones
  /// returned at their positions, `nil` when one differs.
  @Test func holdingChecksEachValueAndKeepsTheNamedOnes() throws {
    let encoded = StoredValueCodec.encode(attributes: [
      "acct": .text("alice"), "mdat": .real(5), "pdmn": .text("ak"), "svce": .text("s"),
    ])
    func code(_ name: String) -> UInt64 { AttributeCodes.code(of: name)! }
    func holding(_ names: [String], _ values: [StoredValue]) -> [StoredValue?]? {
      encoded.withUnsafeBytes {
        StoredValueCodec.attributes(
          $0, holding: zip(names, values).map { (code($0), $0, $1) },
          keeping: ["acct", "srvr", "pdmn"].map(code))?.decoded(count: 3)
      }
    }
    #expect(holding(["mdat"], [.real(5)]) == [.text("alice"), nil, .text("ak")])
    #expect(holding(["mdat", "labl"], [.real(5), .null]) == [.text("alice"), nil, .text("ak")])
    #expect(holding([], []) == [.text("alice"), nil, .text("ak")])
    #expect(holding(["mdat"], [.real(6)]) == nil)
    #expect(holding(["labl"], [.text("x")]) == nil)
    #expect(holding(["acct"], [.null]) == nil)
    let cut = Data(encoded.dropLast())
    #expect(
      cut.withUnsafeBytes {
        StoredValueCodec.attributes($0, holding: [], keeping: [code("acct")])
      } == nil)
  }

  /// `patchedAttributes(_:setting:keeping:)`, an update's new attributes patched from the
  /// stored bytes: exactly what encoding the changed attributes afresh makes (nulls skipped,
  /// in the encoder's order), whether a value is replaced, added before, between or after
  /// the others, or removed, with the kept ones' stored values; `nil` for malformed bytes or
  /// a name that is not ASCII.
  @Test(arguments: [
    [("mdat", StoredValue.real(6)), ("tomb", .integer(0))],
    [("desc", .text("note")), ("aaaa", .integer(1)), ("zzzz", .blob(Data([1, 2])))],
    [("svce", .null), ("labl", .null), ("mdat", .real(6)), ("mdat", .real(6))],
    [("abcdefghi", .text("x")), ("abcdefgh", .text("y")), ("abcdefghij", .null)],
    [],
  ])
  func patchingEncodesWhatEncodingAfreshDoes(_ changes: [(String, StoredValue)]) throws {
    let stored: [String: StoredValue] = [
      "acct": .text("alice"), "mdat": .real(5), "pdmn": .text("ak"), "svce": .text("s"),
      "tomb": .integer(0), "abcdefghij": .text("z"), "icmt": .null,
    ]
    var expected = stored
    for (name, value) in changes { expected[name] = value }
    let encoded = StoredValueCodec.encode(attributes: stored)
    let patched = encoded.withUnsafeBytes {
      StoredValueCodec.patchedAttributes(
        $0, setting: changes.map { (AttributeCodes.code(of: $0.0) ?? 0, $0.0, $0.1) },
        keeping: ["acct", "srvr", "pdmn"].map { AttributeCodes.code(of: $0)! })
    }
    #expect(patched?.bytes == StoredValueCodec.attributeBytes(expected, skippingNulls: true))
    #expect(patched?.kept.decoded(count: 3) == [.text("alice"), nil, .text("ak")])
  }

  @Test func patchingRefusesMalformedBytesAndNamesThatAreNotASCII() {
    let encoded = StoredValueCodec.encode(attributes: ["acct": .text("a"), "mdat": .real(5)])
    let setting: [StoredValueCodec.Setting] = [(0, "mdat", .real(6))]
    let cut = Data(encoded.dropLast())
    #expect(
      cut.withUnsafeBytes {
        StoredValueCodec.patchedAttributes($0, setting: setting, keeping: [])
      } == nil)
    #expect(
      encoded.withUnsafeBytes {
        StoredValueCodec.patchedAttributes($0, setting: [(0, "é", .text("x"))], keeping: [])
      } == nil)
    let accented = StoredValueCodec.encode(attributes: ["é": .text("a"), "mdat": .real(5)])
    #expect(
      accented.withUnsafeBytes {
        StoredValueCodec.patchedAttributes($0, setting: setting, keeping: [])
      } == nil)
  }
}

extension StoredValueCodec.KeptValues {
  /// Every kept value, at its position: what the tests compare.
  func decoded(count: Int) -> [StoredValue?] { (0..<count).map(value(at:)) }
}
