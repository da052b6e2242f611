import Foundation
import Keychain
import Testing

@testable import Scenario

/// The pitfall detector tells items apart by their class's primary key (``ItemKey``): an
/// internet password for another server, another certificate or another key is another item.
@Suite struct PitfallItemIdentityTests {
  static let app = AppIdentity(
    bundleID: "com.example.app", teamID: "ABCDE12345",
    keychainAccessGroups: ["ABCDE12345.com.example.app"])

  static func call(
    _ function: PitfallDetector.Call.Function, _ query: SecQuery, status: OSStatus = .errSecSuccess,
    inBackground: Bool = false, line: Int
  ) -> PitfallDetector.Call {
    PitfallDetector.Call(
      function: function, query: query, status: status, inBackground: inBackground,
      caller: app, line: line)
  }

  static func inet(_ server: String) -> SecQuery {
    ["class": .string("inet"), "srvr": .string(server), "acct": .string("alice")]
  }

  /// The pitfalls of a background read of `read` after adding `added` (stored WhenUnlocked).
  static func backgroundRead(of read: SecQuery, after added: SecQuery) -> [Pitfall.Kind] {
    var detector = PitfallDetector()
    var add = added
    add["v_Data"] = .data(Data("secret".utf8))
    detector.observe(call(.add, add, line: 1))
    detector.observe(
      call(.copyMatching, read, status: .errSecItemNotFound, inBackground: true, line: 2))
    detector.finish()
    return detector.take().map(\.kind)
  }

  /// The pitfalls of deleting `deleted`, then adding `added`.
  static func deleteThenAdd(_ deleted: SecQuery, _ added: SecQuery) -> [Pitfall.Kind] {
    var detector = PitfallDetector()
    detector.observe(call(.delete, deleted, line: 1))
    detector.observe(call(.add, added, line: 2))
    detector.finish()
    return detector.take().map(\.kind)
  }

  @Test func anInternetPasswordForAnotherServerIsAnotherItem() {
    let added = Self.inet("a.example.com")
    #expect(
      Self.backgroundRead(of: added, after: added) == [.backgroundReadOfWhenUnlockedItem])
    // Same account, no service: the old class/service/account identity took them for one.
    #expect(Self.backgroundRead(of: Self.inet("b.example.com"), after: added).isEmpty)
    #expect(Self.deleteThenAdd(added, Self.inet("b.example.com")).isEmpty)
    #expect(Self.deleteThenAdd(added, added) == [.deleteThenAdd])
    var otherPort = added
    otherPort["port"] = .number(8443)
    var port = added
    port["port"] = .number(443)
    #expect(Self.deleteThenAdd(port, otherPort).isEmpty)
  }

  @Test func anotherCertificateIsAnotherItem() {
    let cert: SecQuery = [
      "class": .string("cert"), "issr": .data(Data([0x30, 1])), "slnr": .data(Data([1])),
    ]
    var other = cert
    other["slnr"] = .data(Data([2]))
    // Certificates have no service or account: the old identity never saw them as one item.
    #expect(Self.deleteThenAdd(cert, cert) == [.deleteThenAdd])
    #expect(Self.deleteThenAdd(cert, other).isEmpty)
  }

  @Test func anotherKeyIsAnotherItem() {
    let key: SecQuery = ["class": .string("keys"), "atag": .string("com.example.signing")]
    var other = key
    other["atag"] = .string("com.example.encryption")
    #expect(Self.deleteThenAdd(key, key) == [.deleteThenAdd])
    #expect(Self.deleteThenAdd(key, other).isEmpty)
    #expect(Self.backgroundRead(of: other, after: key).isEmpty)
    #expect(Self.backgroundRead(of: key, after: key) == [.backgroundReadOfWhenUnlockedItem])
  }

  @Test func aGenericPasswordInAnotherGroupIsStillComparedByServiceAndAccount() {
    let token: SecQuery = [
      "class": .string("genp"), "svce": .string("auth"), "acct": .string("refresh"),
    ]
    var grouped = token
    grouped["agrp"] = .string("ABCDE12345.com.example.shared")
    #expect(Self.deleteThenAdd(token, grouped) == [.deleteThenAdd])
    var otherAccount = token
    otherAccount["acct"] = .string("access")
    #expect(Self.deleteThenAdd(token, otherAccount).isEmpty)
  }
}
