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
    let hasher = try SearchHasher(keybag: makeDevice().keybag)
    let key = itemClass.primaryKey
    let attributes = Self.partlyKeyed(itemClass)
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

  /// The sealer's path: the defaults listed, not written, and encoded beside the
  /// attributes, make the bytes of the filled dictionary, NULLs skipped.
  @Test(arguments: ItemClass.allCases)
  func listedDefaultsEncodeAsFilledOnes(_ itemClass: ItemClass) throws {
    let hasher = try SearchHasher(keybag: makeDevice().keybag)
    let attributes = Self.partlyKeyed(itemClass)
    var keyDefaults: [(name: String, value: StoredValue)] = []
    let columns = hasher.columns(itemClass, attributes: attributes, keyDefaults: &keyDefaults)
    var filled = attributes
    #expect(columns == hasher.columns(itemClass, fillingKeyDefaultsIn: &filled))
    #expect(
      keyDefaults.map(\.name)
        == itemClass.primaryKey.filter { (attributes[$0] ?? .null) == .null })
    #expect(
      StoredValueCodec.attributeBytes(skippingNullsOf: attributes, adding: keyDefaults)
        == StoredValueCodec.attributeBytes(filled, skippingNulls: true))
  }

  /// Some key attributes given, one NULL, the rest missing; a non-key attribute NULL.
  private static func partlyKeyed(_ itemClass: ItemClass) -> [String: StoredValue] {
    let key = itemClass.primaryKey
    var attributes: [String: StoredValue] = [
      "pdmn": .text("ak"), "tomb": .integer(0), "labl": .null,
    ]
    attributes[key[0]] = .text("given")
    attributes[key[1]] = .null
    return attributes
  }
}
