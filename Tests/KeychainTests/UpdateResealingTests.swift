import Foundation
import ItemStore
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// SecItemUpdate keeps the ciphertext of columns it does not change, but only while the
/// item's identity (primary key, protection class) — the ciphertexts' associated data — is
/// unchanged; every case must still read back exactly what was written.
@Suite struct UpdateResealingTests {
  /// The stored row of the only generic password.
  private func storedRow(_ device: SimulatedDevice) throws -> ItemRow {
    let rows = try device.database.rows(in: .genp)
    #expect(rows.count == 1)
    return try #require(rows.first)
  }

  /// The only generic password's secret and attributes, as a copy returns them.
  private func readBack(_ device: SimulatedDevice) throws -> [String: SecValue] {
    let read = device.secItemCopyMatching(
      genp("alice", ["r_Data": .bool(true), "r_Attributes": .bool(true)]))
    guard case .dictionary(let found)? = read.result else {
      throw ReadBackFailure(result: read.result)
    }
    return found
  }

  private struct ReadBackFailure: Error {
    var result: SecValue?
  }

  private func makeItem() throws -> (SimulatedDevice, ItemRow) {
    let device = try makeDevice()
    let control = SecValue.accessControl(SecAccessControl(protection: "ak", flags: []))
    let added = device.secItemAdd(
      genp("alice", ["labl": .string("Mail"), "v_Data": secret("old"), "accc": control]))
    #expect(added.status == .errSecSuccess)
    _ = device.advanceClock(by: .seconds(5))
    return (device, try storedRow(device))
  }

  @Test func changingOnlyTheDataKeepsTheOtherCiphertexts() throws {
    let (device, before) = try makeItem()
    #expect(device.secItemUpdate(genp("alice"), ["v_Data": secret("new")]).status == .errSecSuccess)
    let after = try storedRow(device)
    #expect(after.sealedColumns["accc"] != nil)
    #expect(after.sealedColumns["accc"] == before.sealedColumns["accc"])
    #expect(after.sealedColumns["data"] != before.sealedColumns["data"])
    // The attributes are sealed together, and the modification date changed.
    #expect(after.sealedColumns["attrs"] != before.sealedColumns["attrs"])
    #expect(after.searchColumns["labl"] == before.searchColumns["labl"])
    #expect(after.searchColumns["mdat"] != before.searchColumns["mdat"])
    let found = try readBack(device)
    #expect(found["v_Data"] == secret("new"))
    #expect(found["labl"] == .string("Mail"))
  }

  /// An item without access control whose attributes the update leaves as they are (the
  /// clock has not moved, so neither has the modification date; a label set to the one it
  /// has) keeps their ciphertext without opening them whole; once the date moves, or a value
  /// differs, they are sealed again. Each case reads back what was written.
  @Test(arguments: [
    (0, [String: SecValue](), true), (0, ["labl": .string("Mail")], true),
    (0, ["labl": .string("Post")], false), (5, [:], false),
  ])
  func anItemWithoutAccessControlKeepsItsAttributesOnlyWhenTheyHold(
    seconds: Int, attributes: [String: SecValue], kept: Bool
  ) throws {
    let device = try makeDevice()
    let added = device.secItemAdd(
      genp("alice", ["labl": .string("Mail"), "v_Data": secret("old")]))
    #expect(added.status == .errSecSuccess)
    let before = try storedRow(device)
    if seconds > 0 { _ = device.advanceClock(by: .seconds(Int64(seconds))) }
    var changes: SecQuery = ["v_Data": secret("new")]
    for (name, value) in attributes { changes[name] = value }
    #expect(device.secItemUpdate(genp("alice"), changes).status == .errSecSuccess)
    let after = try storedRow(device)
    #expect((after.sealedColumns["attrs"] == before.sealedColumns["attrs"]) == kept)
    #expect(after.sealedColumns["data"] != before.sealedColumns["data"])
    #expect(after.searchColumns["acct"] == before.searchColumns["acct"])
    let found = try readBack(device)
    #expect(found["v_Data"] == secret("new"))
    #expect(found["labl"] == attributes["labl"] ?? .string("Mail"))
  }

  /// A new primary key or protection class is a new identity: nothing can be kept.
  @Test(arguments: [
    (["acct": SecValue.string("bob")], "bob"),
    (["accc": SecValue.accessControl(SecAccessControl(protection: "dk", flags: []))], "alice"),
  ])
  func changingTheIdentityResealsEveryColumn(_ changes: SecQuery, account: String) throws {
    let (device, before) = try makeItem()
    #expect(device.secItemUpdate(genp("alice"), changes).status == .errSecSuccess)
    let after = try storedRow(device)
    for name in ["attrs", "accc", "data"] {
      #expect(after.sealedColumns[name] != nil)
      #expect(after.sealedColumns[name] != before.sealedColumns[name], "\(name)")
    }
    let read = device.secItemCopyMatching(
      genp(account, ["r_Data": .bool(true), "r_Attributes": .bool(true)]))
    guard case .dictionary(let found)? = read.result else {
      Issue.record("expected a dictionary, got \(String(describing: read.result))")
      return
    }
    #expect(found["v_Data"] == secret("old"))
    #expect(found["labl"] == .string("Mail"))
  }

  /// A locked class still fails the update with -25308, kept ciphertexts or not.
  @Test func lockedItemStillCannotBeUpdated() throws {
    let device = try makeDeviceWithPasscode()
    #expect(device.secItemAdd(genp("alice", ["v_Data": secret()])).status == .errSecSuccess)
    #expect(device.lock().succeeded)
    _ = device.advanceClock(by: .seconds(11))
    let outcome = device.secItemUpdate(genp("alice"), ["labl": .string("x")])
    #expect(outcome.status == .errSecInteractionNotAllowed)
  }

  /// An update keeps the stored hash of every attribute it does not change instead of
  /// hashing it again; the columns must be exactly those of sealing the updated item afresh.
  @Test(arguments: [
    ["labl": SecValue.string("Work")], ["v_Data": secret("new")], ["acct": .string("bob")],
    ["labl": .string("Mail"), "desc": .string("note")],
  ])
  func keptHashesAreTheFreshOnes(_ changes: SecQuery) throws {
    let (device, _) = try makeItem()
    #expect(device.secItemUpdate(genp("alice"), changes).status == .errSecSuccess)
    let after = try storedRow(device)
    let sealer = ItemSealer(keybag: device.keybag)
    let item = try sealer.openAttributes(after)
    let fresh = sealer.hasher.columns(.genp, attributes: item.attributes)
    for (name, value) in fresh {
      #expect(after.searchColumns[name] == value, "\(name)")
    }
    #expect(fresh["desc"] == (changes["desc"] == nil ? nil : after.searchColumns["desc"]))
  }

  /// An update whose clock moved, or that sets an attribute outside the item's identity,
  /// patches the stored attributes instead of opening them whole: they hold what they held,
  /// with the new values and modification date, encoded as sealing the item afresh encodes
  /// them.
  @Test(arguments: [
    [String: SecValue](), ["labl": .string("Post")],
    ["desc": .string("note"), "labl": .string("Mail")],
  ])
  func aPatchedItemHoldsItsAttributesWithTheNewValues(_ attributes: [String: SecValue]) throws {
    let device = try makeDevice()
    let added = device.secItemAdd(
      genp("alice", ["labl": .string("Mail"), "v_Data": secret("old")]))
    #expect(added.status == .errSecSuccess)
    let sealer = ItemSealer(keybag: device.keybag)
    let before = try sealer.openAttributes(try storedRow(device)).attributes
    _ = device.advanceClock(by: .seconds(5))
    var changes: SecQuery = ["v_Data": secret("new")]
    for (name, value) in attributes { changes[name] = value }
    #expect(device.secItemUpdate(genp("alice"), changes).status == .errSecSuccess)
    let row = try storedRow(device)
    let after = try sealer.openAttributes(row).attributes
    var expected = before
    expected["mdat"] = after["mdat"]
    for (name, value) in attributes {
      guard case .string(let text) = value else { continue }
      expected[name] = .text(text)
    }
    #expect(after["mdat"] != before["mdat"])
    #expect(after == expected)
    let plaintext = try sealer.openAttributeBytes(row, identity: ItemSealer.identity(of: row)) {
      Array($0)
    }.read
    #expect(plaintext == StoredValueCodec.attributeBytes(after, skippingNulls: true))
    #expect(try readBack(device)["v_Data"] == secret("new"))
  }
}
