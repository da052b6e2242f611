import Foundation
import KeyEngine
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// kSecClassKey rows through the four SecItem calls: securityd's primary key for keys
/// (SecItemSchema.c: kcls klbl atag type crtr bsiz esiz sdat edat + agrp sync ...), numbers
/// stored for kcls/type, and the ref a query builds from the row.
@Suite struct KeyItemTests {
  static func pair() throws -> KeyGeneration {
    try KeyGeneration(parameters: [
      "type": .string("73"), "bsiz": .number(256), "perm": .bool(true),
      "atag": .data(Data("pair".utf8)),
    ])
  }

  @Test func aPairIsTwoItemsAndTheSameKeyTwiceIsADuplicate() throws {
    let device = try makeDeviceWithPasscode()
    let generation = try Self.pair()
    for item in generation.itemsToAdd { mustAdd(device, item) }
    // Same key again, only the label differs: labl is not in the primary key (F4).
    var again = try #require(generation.itemsToAdd.last)
    again["labl"] = .string("another label")
    #expect(device.secItemAdd(again).status == .errSecDuplicateItem)
    let all = device.secItemCopyMatching([
      "class": .string("keys"), "atag": .data(Data("pair".utf8)), "m_Limit": .string("m_LimitAll"),
      "r_Attributes": .bool(true),
    ])
    guard case .array(let rows)? = all.result else {
      Issue.record("expected two rows, got \(all.status)")
      return
    }
    #expect(rows.count == 2)
    // kcls and type come back as the numbers the keychain stores.
    let classes = rows.compactMap { row -> SecValue? in
      if case .dictionary(let attributes) = row { return attributes["kcls"] }
      return nil
    }
    #expect(Set(classes) == [.number(0), .number(1)])
  }

  @Test func aStringKeyClassMatchesTheStoredNumber() throws {
    let device = try makeDeviceWithPasscode()
    for item in try Self.pair().itemsToAdd { mustAdd(device, item) }
    let privateOnly = device.secItemCopyMatching([
      "class": .string("keys"), "kcls": .string("1"), "m_Limit": .string("m_LimitAll"),
      "r_Attributes": .bool(true),
    ])
    guard case .array(let rows)? = privateOnly.result else {
      Issue.record("expected the private key, got \(privateOnly.status)")
      return
    }
    #expect(rows.count == 1)
  }

  @Test func aRefQueryHandsTheClientTheRowAndItsData() throws {
    let device = try makeDeviceWithPasscode()
    let generation = try Self.pair()
    for item in generation.itemsToAdd { mustAdd(device, item) }
    let outcome = device.secItemCopyMatching([
      "class": .string("keys"), "kcls": .number(1), "r_Ref": .bool(true),
    ])
    guard case .dictionary(let row)? = outcome.result else {
      Issue.record("expected the row for the client, got \(outcome.status)")
      return
    }
    #expect(row["class"] == .string("keys"))
    let key = try KeyItemReference.key(fromRow: row, enclave: nil, context: nil, prompt: nil)
    #expect(try key.applicationLabel() == generation.privateKey.applicationLabel())
    // Certificates have no ref here: refused rather than a silent NULL.
    let certificate = device.secItemCopyMatching(["class": .string("cert"), "r_Ref": .bool(true)])
    #expect(certificate.status == .errSecUnimplemented)
  }

  @Test func updateAndDeleteByTag() throws {
    let device = try makeDeviceWithPasscode()
    for item in try Self.pair().itemsToAdd { mustAdd(device, item) }
    let byTag: SecQuery = ["class": .string("keys"), "atag": .data(Data("pair".utf8))]
    #expect(device.secItemUpdate(byTag, ["labl": .string("renamed")]).status == .errSecSuccess)
    let renamed = device.secItemCopyMatching(byTag.merging(["labl": .string("renamed"), "m_Limit": .string("m_LimitAll")]) { $1 })
    #expect(renamed.status == .errSecSuccess)
    #expect(device.secItemDelete(byTag).status == .errSecSuccess)
    #expect(device.secItemCopyMatching(byTag).status == .errSecItemNotFound)
  }
}
