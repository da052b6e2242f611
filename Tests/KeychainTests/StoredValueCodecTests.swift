import Foundation
import ItemStore
import Testing

@testable import Keychain

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

  /// A slice of a larger buffer (non-zero start index) decodes like a copy of it.
  @Test func decodesASlice() {
    let bytes = Data([9, 9]) + StoredValueCodec.encode(.text("alice"))
    #expect(StoredValueCodec.decode(bytes.dropFirst(2)) == .text("alice"))
  }

  @Test(arguments: [
    [UInt8](), [0, 0], [1, 0, 0, 0], [1, 0, 0, 0, 2, 0x61], [1, 0, 0, 0, 1, 0xFF],
    [3, 1, 2, 3], [7],
  ])
  func rejectsMalformedBytes(_ bytes: [UInt8]) {
    #expect(StoredValueCodec.decode(Data(bytes)) == nil)
  }
}
