import Foundation
import ItemStore
import Testing

@testable import Keychain
@testable import KeychainEngine

/// `SearchHasher.columns(_:fillingKeyDefaultsIn:)` is filling every missing (or NULL)
/// primary-key attribute with its default and then hashing, in one pass.
@Suite struct SearchHasherFillingTests {
  @Test(arguments: ItemClass.allCases)
  func itIsFillingThenHashing(_ itemClass: ItemClass) throws {
    let device = try makeDevice()
    let hasher = SearchHasher(keybag: device.keybag)
    let key = itemClass.primaryKey
    // Some key attributes given, one NULL, the rest missing; a non-key attribute NULL.
    var attributes: [String: StoredValue] = [
      "pdmn": .text("ak"), "tomb": .integer(0), "labl": .null,
    ]
    attributes[key[0]] = .text("given")
    attributes[key[1]] = .null
    var expected = attributes
    for name in key where (expected[name] ?? .null) == .null {
      expected[name] = itemClass.attribute(named: name)?.defaultValue
    }
    var filled = attributes
    let columns = hasher.columns(itemClass, fillingKeyDefaultsIn: &filled)
    #expect(filled == expected)
    #expect(columns == hasher.columns(itemClass, attributes: expected))
    #expect(columns["labl"] == nil)
    #expect(key.allSatisfy { columns[$0] != nil })
  }
}
