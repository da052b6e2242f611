import Foundation
import ItemStore
import Testing

@testable import Keychain
@testable import KeychainEngine

/// The columns of default values an engine hashes once (`DefaultValueColumns`) are exactly the
/// ones hashing them on every call gives, and are used for nothing else.
@Suite struct DefaultValueColumnsTests {
  @Test(arguments: ItemClass.allCases)
  func everyPrimaryKeyDefaultIsTheHashedOne(_ itemClass: ItemClass) throws {
    let device = try makeDevice()
    let plain = SearchHasher(keybag: device.keybag)
    let defaults = DefaultValueColumns(hasher: plain)
    var cached = plain
    cached.defaultValueColumns = defaults
    for attribute in itemClass.attributes where attribute.storage == .keyedHash {
      let fresh = plain.column(attribute.defaultValue, of: attribute)
      #expect(cached.column(attribute.defaultValue, of: attribute) == fresh, "\(attribute.name)")
      // Kept for every primary-key attribute; an attribute of the same name and kind that is
      // in another class's key shares its column.
      let kept = defaults.column(of: attribute)
      #expect(kept == fresh || (kept == nil && !attribute.isPrimaryKey), "\(attribute.name)")
      // Another value of the same attribute is hashed, not taken from the defaults.
      let other = StoredValue.text("x")
      #expect(cached.column(other, of: attribute) == plain.column(other, of: attribute))
      #expect(cached.column(other, of: attribute) != fresh)
    }
  }

  /// A name hashed as one kind is not the column of another kind's default.
  @Test func anotherKindUnderTheSameNameIsNotTaken() throws {
    let device = try makeDevice()
    let defaults = DefaultValueColumns(hasher: SearchHasher(keybag: device.keybag))
    let account = try #require(ItemClass.genp.attribute(named: "acct"))
    var renamed = account
    renamed.kind = .number
    #expect(defaults.column(of: account) != nil)
    #expect(defaults.column(of: renamed) == nil)
  }

  /// An item added with every default and read back through the engine's sealer and a plain
  /// one stores the same columns.
  @Test func aSealedRowIsTheSameWithOrWithoutThem() throws {
    let device = try makeDevice()
    let item = KeychainItem(
      rowID: nil, itemClass: .genp,
      attributes: [
        "acct": .text(""), "svce": .text("mail"), "agrp": .text("team"), "sync": .integer(0),
        "pdmn": .text("ak"), "tomb": .integer(0),
      ])
    let plain = try ItemSealer(keybag: device.keybag).seal(item)
    let cached = try ItemSealer(
      keybag: device.keybag,
      defaultValueColumns: DefaultValueColumns(hasher: SearchHasher(keybag: device.keybag))
    ).seal(item)
    #expect(plain.searchColumns == cached.searchColumns)
    #expect(plain.searchColumns["vwht"] != nil)
  }
}
