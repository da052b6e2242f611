import Foundation
import ItemStore
import Testing

@testable import Keychain
@testable import KeychainEngine

/// `SearchHasher.columns(_:attributes:keyDefaults:)` lists every missing (or NULL)
/// primary-key attribute's default while hashing, in one pass; `columns(_:fillingKeyDefaultsIn:)`
/// (below) writes them in, as the sealer did before.
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

extension SearchHasher {
  /// The columns, with the listed key defaults then written into `attributes`: the
  /// fill-then-encode path the sealer took before it listed them, kept here as the reference
  /// the tests compare the listed defaults with.
  func columns(
    _ itemClass: ItemClass, fillingKeyDefaultsIn attributes: inout [String: StoredValue]
  ) -> SearchColumns {
    var keyDefaults: [(name: String, value: StoredValue)] = []
    let columns = self.columns(itemClass, attributes: attributes, keyDefaults: &keyDefaults)
    for (name, value) in keyDefaults { attributes[name] = value }
    return columns
  }
}
