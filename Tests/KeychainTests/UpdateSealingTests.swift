import Foundation
import ItemStore
import Testing

@testable import Keychain
@testable import KeychainEngine

/// An update rehashes and rewrites only the attributes it touches
/// (`SecItemEngine.touchedAttributes`, `ItemSealer.seal(_:updating:touching:)`): that list must
/// hold every attribute `apply` can change, and the row stored must be the one sealing the
/// updated item afresh makes.
@Suite struct UpdateSealingTests {
  private static let control = SecAccessControl(protection: "dk", flags: [])

  /// Changes an update can make, one per case.
  private static func changes(_ index: Int) -> ParsedQuery {
    var changes = ParsedQuery(function: .attributesToUpdate, itemClass: .genp)
    switch index {
    case 0: changes.attributes["labl"] = .text("Work")
    case 1: changes.attributes["pdmn"] = .text("ck")
    case 2: changes.accessControl = control
    case 3: changes.synchronizable = .value(true)
    case 4: changes.attributes["mdat"] = .real(7)
    case 5: changes.data = Data("new".utf8)
    case 6:
      changes.attributes["acct"] = .text("bob")
      changes.attributes["desc"] = .text("note")
      changes.accessControl = control
      changes.attributes["pdmn"] = .text("ak")
    default: changes.synchronizable = .any
    }
    return changes
  }

  @Test(arguments: 0..<8)
  func everyAttributeApplyChangesIsTouched(_ index: Int) {
    let changes = Self.changes(index)
    let before = KeychainItem(
      rowID: 1, itemClass: .genp,
      attributes: [
        "acct": .text("alice"), "svce": .text("mail"), "agrp": .text("team"),
        "sync": .integer(0), "pdmn": .text("ak"), "cdat": .real(1), "mdat": .real(1),
        "tomb": .integer(0), "labl": .text("Mail"),
      ],
      accessControl: SecAccessControl(protection: "ak", flags: []), data: Data("old".utf8))
    var after = before
    SecItemEngine.apply(changes, to: &after, now: Date(timeIntervalSinceReferenceDate: 100))
    let touched = Set(SecItemEngine.touchedAttributes(changes))
    for name in Set(before.attributes.keys).union(after.attributes.keys)
    where before.attributes[name] != after.attributes[name] {
      #expect(touched.contains(name), "\(name) changed but is not touched")
    }
  }

  /// Updates through the API, the clock moving between them: every searchable column stored
  /// afterwards is what sealing the stored item afresh gives, the untouched ones included,
  /// and the same sealed columns are there.
  @Test(arguments: [
    ["labl": SecValue.string("Work")], ["v_Data": secret("new")], ["acct": .string("bob")],
    ["pdmn": .string("ck")], ["sync": .bool(true)], ["desc": .string("note"), "labl": .string("")],
    ["accc": .accessControl(SecAccessControl(protection: "dku", flags: []))],
    ["mdat": .date(Date(timeIntervalSinceReferenceDate: 5))],
  ])
  func theStoredRowIsTheFreshlySealedOne(_ update: SecQuery) throws {
    let device = try makeDevice()
    let added = device.secItemAdd(
      genp(
        "alice",
        [
          "labl": .string("Mail"), "icmt": .string("c"), "v_Data": secret("old"),
          "accc": .accessControl(SecAccessControl(protection: "ak", flags: [])),
        ]))
    #expect(added.status == .errSecSuccess)
    _ = device.advanceClock(by: .seconds(5))
    let account = update["acct"].flatMap { if case .string(let name) = $0 { name } else { nil } }
    let query = genp("alice", update["sync"] == nil ? [:] : ["sync": .bool(false)])
    #expect(device.secItemUpdate(query, update).status == .errSecSuccess)
    let rows = try device.database.rows(in: .genp)
    let after = try #require(rows.first)
    #expect(rows.count == 1)
    let sealer = ItemSealer(keybag: device.keybag)
    var item = try sealer.openAttributes(after)
    item.data = try sealer.openData(after)
    let fresh = try sealer.seal(item)
    for name in ItemClass.genp.searchColumns {
      #expect(after.searchColumns[name] == (fresh.searchColumns[name] ?? .null), "\(name)")
    }
    // kSecAttrAccessible alone drops the access control, and its column with it.
    #expect(Set(after.sealedColumns.keys) == Set(fresh.sealedColumns.keys))
    #expect((after.sealedColumns["accc"] == nil) == (update["pdmn"] != nil))
    let read = device.secItemCopyMatching(
      genp(account ?? "alice", ["r_Data": .bool(true), "sync": .string("syna")]))
    #expect(read.status == .errSecSuccess)
  }
}
