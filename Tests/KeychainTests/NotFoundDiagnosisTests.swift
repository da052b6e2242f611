import Foundation
import ItemStore
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// errSecItemNotFound near misses ("but I just saved it"): each kind is named, a plain miss
/// names none, and the diagnosis changes neither the status nor the store nor leaks a secret.
@Suite struct NotFoundDiagnosisTests {
  /// The secret every item here holds; it must never appear in an explanation.
  static let secretText = "TOPSECRET-8c1f"
  static let data: SecQuery = ["v_Data": .data(Data(secretText.utf8))]

  static let sharedApp = AppIdentity(
    bundleID: "com.example.app", teamID: "ABCDE12345",
    keychainAccessGroups: ["$(AppIdentifierPrefix)com.example.shared"])
  static let otherTeamApp = AppIdentity(bundleID: "com.other.app", teamID: "ZZZZZ99999")

  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// Builds the device and returns it with the query that misses.
    var setUp: @Sendable () throws -> (SimulatedDevice, SecQuery)
    /// The most specific near miss; `nil` for a plain miss (no near miss at all).
    var nearest: NotFoundDiagnosis.NearMiss?
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(
      name: "one plaintext attribute differs",
      setUp: {
        let device = try makeDevice()
        mustAdd(device, genp("b", service: "s1").adding(data))
        return (device, genp("b", service: "s2"))
      },
      nearest: .oneAttribute(
        .init(attribute: .account, value: "b"), name: .service, stored: .text("s1"),
        queried: .text("s2"))),
    Case(
      name: "account differs only in case",
      setUp: {
        let device = try makeDevice()
        mustAdd(device, genp("Bob@example.com", service: "s1").adding(Self.data))
        return (device, genp("bob@example.com", service: "s1"))
      },
      nearest: .oneAttribute(
        .init(attribute: .service, value: "s1"), name: .account, stored: .text("Bob@example.com"),
        queried: .text("bob@example.com"))),
    Case(
      // The same bytes as data would match (a hashed attribute is its bytes); a trailing
      // space is a slip.
      name: "account stored as data with a trailing space, queried as a string",
      setUp: {
        let device = try makeDevice()
        mustAdd(
          device, genp(service: "s1").adding(["acct": .data(Data("b ".utf8))]).adding(Self.data))
        return (device, genp("b", service: "s1"))
      },
      nearest: .oneAttribute(
        .init(attribute: .service, value: "s1"), name: .account, stored: .blob(Data("b ".utf8)),
        queried: .text("b"))),
    Case(
      name: "plain miss: another account of the same service",
      setUp: {
        let device = try makeDevice()
        mustAdd(device, genp("alice", service: "s1").adding(Self.data))
        return (device, genp("bob", service: "s1"))
      },
      nearest: nil),
    Case(
      name: "one sealed attribute differs",
      setUp: {
        let device = try makeDevice()
        mustAdd(device, genp("b").adding(["labl": .string("Work")]).adding(data))
        return (device, genp("b").adding(["labl": .string("Home")]))
      },
      nearest: .oneAttribute(
        .init(attribute: .account, value: "b"), name: .label, stored: .text("Work"),
        queried: .text("Home"))),
    Case(
      name: "protection class differs",
      setUp: {
        let device = try makeDevice()
        mustAdd(device, genp("b").adding(data))
        return (device, genp("b").adding(["pdmn": .string("cku")]))
      },
      nearest: .oneAttribute(
        .init(attribute: .account, value: "b"), name: .accessible, stored: .text("ak"),
        queried: .text("cku"))),
    Case(
      name: "another class",
      setUp: {
        let device = try makeDevice()
        mustAdd(
          device,
          SecQuery(
            dictionaryLiteral: ("class", .string("inet")), ("acct", .string("b")),
            ("srvr", .string("example.com"))
          ).adding(data))
        return (device, ["class": passwordClass, "acct": .string("b")])
      },
      nearest: .otherClass(
        other: .inet, .init(attribute: .account, value: "b"), missing: [], queried: .genp)),
    Case(
      name: "a group the app lost on update",
      setUp: {
        let device = try makeDevice(caller: Caller(app: sharedApp))
        mustAdd(device, genp("b").adding(data))  // lands in the shared group, the first
        #expect(device.install(.example).succeeded)
        #expect(device.useApp("com.example.app").succeeded)
        return (device, genp("b"))
      },
      nearest: .accessGroup(
        SecItemFailure.ItemName(
          .genp, plain: ["acct": .text("b"), "svce": .text("com.example.auth")]),
        group: "ABCDE12345.com.example.shared", owner: .ownTeam)),
    Case(
      name: "another team's app",
      setUp: {
        let device = try makeDevice()
        #expect(device.install(otherTeamApp).succeeded)
        #expect(device.useApp("com.other.app").succeeded)
        mustAdd(device, genp("b").adding(data))
        #expect(device.useApp("com.example.app").succeeded)
        return (device, genp("b"))
      },
      nearest: .accessGroup(
        SecItemFailure.ItemName(
          .genp, plain: ["acct": .text("b"), "svce": .text("com.example.auth")]),
        group: "ZZZZZ99999.com.other.app", owner: .apps(["com.other.app"]))),
    Case(
      name: "synchronizable",
      setUp: {
        let device = try makeDevice()
        mustAdd(device, genp("b").adding(["sync": .bool(true)]).adding(data))
        return (device, genp("b"))
      },
      nearest: .synchronizable),
    Case(
      name: "akpu items deleted with the passcode",
      setUp: {
        let device = try makeDeviceWithPasscode()
        _ = device.advanceClock(by: .seconds(65))
        let akpu: SecQuery = ["pdmn": .string("akpu")]
        mustAdd(device, genp("b").adding(akpu).adding(data))
        mustAdd(device, genp("c").adding(akpu).adding(data))
        #expect(device.removePasscode(current: "123456").succeeded)
        return (device, genp("b").adding(akpu))
      },
      nearest: .passcodeRemoved(
        total: 2, removals: 1, lastAt: SimulatedInstant(milliseconds: 65_000), itemClass: .genp,
        protectionAsked: true)),
    Case(
      name: "akpu deleted, query without a protection class",
      setUp: {
        let device = try makeDeviceWithPasscode()
        mustAdd(device, genp("b").adding(["pdmn": .string("akpu")]).adding(data))
        #expect(device.removePasscode(current: "123456").succeeded)
        return (device, ["class": passwordClass, "acct": .string("zzz")])
      },
      nearest: .passcodeRemoved(
        total: 1, removals: 1, lastAt: .epoch, itemClass: .genp, protectionAsked: false)),
    Case(
      name: "skipped by kSecUseAuthenticationUISkip",
      setUp: {
        let device = try makeBiometricDevice()
        mustAdd(device, genp("b").adding(try protected(.biometryAny)).adding(data))
        return (device, genp("b").adding(["u_AuthUI": .string("u_AuthUIS")]))
      },
      nearest: .skipped(count: 1)),
    Case(
      name: "plain miss: empty keychain",
      setUp: { (try makeDevice(), genp("b")) },
      nearest: nil),
    Case(
      name: "plain miss: two attributes differ",
      setUp: {
        let device = try makeDevice()
        mustAdd(device, genp("a", service: "s1").adding(data))
        return (device, genp("b", service: "s2"))
      },
      nearest: nil),
    Case(
      name: "plain miss: another class with nothing in common",
      setUp: {
        let device = try makeDevice()
        let inet: SecQuery = ["class": .string("inet"), "acct": .string("a")]
        mustAdd(device, inet.adding(data))
        return (device, genp("b", service: "s2"))
      },
      nearest: nil),
  ]

  @Test(arguments: cases)
  func copyMatchingNamesTheNearMiss(_ testCase: Case) throws {
    let (device, query) = try testCase.setUp()
    let outcome = device.secItemCopyMatching(query.adding(["r_Data": .bool(true)]))
    #expect(outcome.status == .errSecItemNotFound)
    #expect(outcome.result == nil)
    let notFound = try #require(outcome.notFound)
    #expect(notFound.nearMisses.first == testCase.nearest)
    let explanation = try #require(outcome.explanation)
    #expect(!explanation.description.contains(Self.secretText))
  }

  /// The diagnosis only reads: the three searching calls keep their status, and the items
  /// and device state are what they were.
  @Test(arguments: cases, ["copy", "update", "delete"])
  func failedCallsChangeNothing(_ testCase: Case, call: String) throws {
    // UISkip is refused outside CopyMatching, and without it the item is simply found.
    if testCase.name.contains("UISkip") && call != "copy" { return }
    let (device, query) = try testCase.setUp()
    let itemsBefore = try device.listItems()
    let deviceBefore = device.securityState
    let outcome: SecItemOutcome
    switch call {
    case "copy": outcome = device.secItemCopyMatching(query)
    case "update": outcome = device.secItemUpdate(query, ["labl": .string("changed")])
    default: outcome = device.secItemDelete(query)
    }
    #expect(outcome.status == .errSecItemNotFound)
    #expect(outcome.explanation?.description.contains(Self.secretText) == false)
    #expect(outcome.result == nil)
    #expect(try device.listItems() == itemsBefore)
    #expect(device.securityState == deviceBefore)
  }

  /// One rendering check: the nearest miss is worded, the others only counted.
  @Test func mostSpecificFirstAndOthersCounted() throws {
    let device = try makeDevice()
    mustAdd(device, genp("b", service: "s1").adding(Self.data))
    mustAdd(device, genp("b", service: "s3").adding(Self.data))
    let outcome = device.secItemCopyMatching(genp("b", service: "s2"))
    let cause = try #require(outcome.explanation?.cause)
    #expect(cause.contains("kSecAttrService `s1`, not `s2` (1 other near miss(es))"))
    #expect(!cause.contains("`s3`"))
  }

  @Test func successIsUntouched() throws {
    let device = try makeDevice()
    mustAdd(device, genp("b").adding(Self.data))
    let outcome = device.secItemCopyMatching(genp("b"))
    #expect(outcome.status == .errSecSuccess)
    #expect(outcome.explanation == nil)
  }

  @Test func passcodeRemovalsSurviveReopening() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("nearmiss-\(UUID().uuidString).keychain").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    do {
      let device = try SimulatedDevice(options: .init(kdfProfile: .fast, path: path))
      #expect(device.setPasscode("123456").succeeded)
      mustAdd(device, genp("b").adding(["pdmn": .string("akpu")]).adding(Self.data))
      #expect(device.removePasscode(current: "123456").succeeded)
    }
    let reopened = try SimulatedDevice.open(path: path, options: .init(kdfProfile: .fast))
    #expect(reopened.passcodeRemovals.first?.count(of: .genp) == 1)
    let outcome = reopened.secItemCopyMatching(genp("b"))
    #expect(outcome.notFound?.nearMisses.first?.kind == .passcodeRemoved)
  }
}
