import Foundation
import Testing

@testable import KeychainEngine

/// ``ItemKey``: items told apart by their class's primary key, as the engine does.
@Suite struct ItemKeyTests {
  static let genp: SecQuery = [
    "class": .string("genp"), "svce": .string("s"), "acct": .string("a"),
  ]
  static let inet: SecQuery = [
    "class": .string("inet"), "srvr": .string("a.example.com"), "acct": .string("alice"),
  ]

  static func with(_ query: SecQuery, _ name: String, _ value: SecValue?) -> SecQuery {
    var query = query
    query[name] = value
    return query
  }

  @Test func aGenericPasswordIsNamedByServiceAndAccount() {
    let key = ItemKey(Self.genp)
    #expect(key.certainlySameItem(as: ItemKey(Self.genp)))
    #expect(!key.couldNameSameItem(as: ItemKey(Self.with(Self.genp, "acct", .string("b")))))
    let anyAccount = ItemKey(Self.with(Self.genp, "acct", nil))
    #expect(key.couldNameSameItem(as: anyAccount))
    #expect(key.certainlySameItem(as: anyAccount), "both name the service")
    let classOnly = ItemKey(["class": .string("genp")])
    #expect(key.couldNameSameItem(as: classOnly))
    #expect(!key.certainlySameItem(as: classOnly), "a class alone names no item")
    #expect(!key.couldNameSameItem(as: ItemKey(Self.with(Self.genp, "class", .string("inet")))))
  }

  @Test func aStringAndTheSameBytesAsDataAreOneValue() {
    let data = Self.with(Self.genp, "acct", .data(Data("a".utf8)))
    #expect(ItemKey(Self.genp).certainlySameItem(as: ItemKey(data)))
  }

  @Test func anInternetPasswordForAnotherServerIsAnotherItem() {
    let key = ItemKey(Self.inet)
    #expect(
      !key.couldNameSameItem(as: ItemKey(Self.with(Self.inet, "srvr", .string("b.example.com")))))
    #expect(key.couldNameSameItem(as: ItemKey(Self.with(Self.inet, "ptcl", .string("htps")))))
    #expect(
      !ItemKey(Self.with(Self.inet, "sdmn", .string("realm"))).couldNameSameItem(
        as: ItemKey(Self.inet, missing: .engineDefault)))
    let https = ItemKey(Self.with(Self.inet, "ptcl", .string("htps")))
    #expect(
      !https.couldNameSameItem(as: ItemKey(Self.with(Self.inet, "ptcl", .string("ftp ")))))
    #expect(
      !ItemKey(Self.with(Self.inet, "port", .number(443))).couldNameSameItem(
        as: ItemKey(Self.with(Self.inet, "port", .number(8443)))))
    #expect(key.certainlySameItem(as: ItemKey(Self.inet)))
  }

  @Test func anAddStoresTheDefaultOfWhatItLeavesOut() {
    let added = ItemKey(Self.inet, missing: .engineDefault)
    #expect(!added.couldNameSameItem(as: ItemKey(Self.with(Self.inet, "port", .number(443)))))
    #expect(added.couldNameSameItem(as: ItemKey(Self.with(Self.inet, "port", .number(0)))))
    #expect(added.couldNameSameItem(as: ItemKey(Self.with(Self.inet, "path", .string("")))))
    #expect(
      ItemKey(Self.inet).couldNameSameItem(as: ItemKey(Self.with(Self.inet, "port", .number(443)))))
    let noAccount = ItemKey(
      ["class": .string("genp"), "svce": .string("s")], missing: .engineDefault)
    #expect(!noAccount.couldNameSameItem(as: ItemKey(Self.genp)), "its account is \"\"")
    #expect(
      !noAccount.certainlySameItem(as: ItemKey(["class": .string("genp")])),
      "a default names nothing")
  }

  @Test func certificatesAreNamedByIssuerSerialAndType() {
    let cert: SecQuery = [
      "class": .string("cert"), "issr": .data(Data([1, 2])), "slnr": .data(Data([7])),
    ]
    #expect(ItemKey(cert).certainlySameItem(as: ItemKey(cert)))
    #expect(
      !ItemKey(cert).couldNameSameItem(as: ItemKey(Self.with(cert, "slnr", .data(Data([8]))))))
    let x509 = Self.with(cert, "ctyp", .number(1))
    #expect(ItemKey(cert).couldNameSameItem(as: ItemKey(x509)))
    #expect(!ItemKey(x509).couldNameSameItem(as: ItemKey(Self.with(cert, "ctyp", .number(2)))))
    #expect(!ItemKey(cert, missing: .engineDefault).couldNameSameItem(as: ItemKey(x509)))
    // acct is no attribute of a certificate: it names nothing.
    #expect(
      ItemKey(Self.with(cert, "acct", .string("x"))).certainlySameItem(
        as: ItemKey(Self.with(cert, "acct", .string("y")))))
  }

  @Test func keysAreNamedByTagLabelAndKind() {
    let key: SecQuery = [
      "class": .string("keys"), "atag": .string("com.example.signing"), "kcls": .number(1),
    ]
    #expect(ItemKey(key).certainlySameItem(as: ItemKey(key)))
    #expect(
      !ItemKey(key).couldNameSameItem(
        as: ItemKey(Self.with(key, "atag", .string("com.example.encryption")))))
    #expect(!ItemKey(key).couldNameSameItem(as: ItemKey(Self.with(key, "kcls", .number(0)))))
  }

  @Test func theAccessGroupAndSyncFlagCountUnlessUnscoped() {
    let one = Self.with(Self.genp, "agrp", .string("T.one"))
    let two = Self.with(Self.genp, "agrp", .string("T.two"))
    #expect(!ItemKey(one).couldNameSameItem(as: ItemKey(two)))
    #expect(ItemKey(one, scoped: false).certainlySameItem(as: ItemKey(two, scoped: false)))
    let synced = Self.with(Self.genp, "sync", .bool(true))
    #expect(
      !ItemKey(synced).couldNameSameItem(as: ItemKey(Self.with(Self.genp, "sync", .bool(false)))))
  }
}
