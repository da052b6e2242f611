import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain
@testable import KeychainEngine

/// `SecAccessControlCreateWithFlags`'s rejections (docs/evidence.md §7.1, si_77).
@Suite struct SecAccessControlTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let protection: String?
    let flags: SecAccessControlCreateFlags
    let accepted: Bool
    var testDescription: String {
      "\(protection ?? "NULL") \(FlagNames.describe(flags)) → \(accepted ? "ok" : "NULL")"
    }
  }

  static let cases: [Case] = [
    Case(protection: "akpu", flags: .userPresence, accepted: true),
    Case(protection: "akpu", flags: [.biometryAny, .or, .devicePasscode], accepted: true),
    Case(protection: "ak", flags: [], accepted: true),
    Case(protection: "dk", flags: .biometryCurrentSet, accepted: true),
    Case(protection: "ak", flags: [.userPresence, .applicationPassword], accepted: true),
    Case(protection: "dk", flags: [.userPresence, .biometryAny], accepted: false),
    Case(protection: nil, flags: .userPresence, accepted: false),
    Case(protection: "bogus", flags: [], accepted: false),
    Case(protection: "ak", flags: [.biometryAny, .or, .and, .devicePasscode], accepted: false),
    Case(protection: "ak", flags: [.biometryAny, .biometryCurrentSet], accepted: false),
    Case(protection: "ak", flags: [.userPresence, .or, .devicePasscode], accepted: false),
  ]

  @Test(arguments: cases)
  func create(_ testCase: Case) {
    do {
      let control = try SecAccessControl.create(
        protection: testCase.protection, flags: testCase.flags)
      #expect(testCase.accepted)
      #expect(control.flags == testCase.flags)
    } catch {
      #expect(!testCase.accepted)
      #expect(error.status == .errSecParam)
    }
  }

  @Test func lockedExplanationReadsLikeTheThreeAmIncident() throws {
    let device = try makeDeviceWithPasscode()
    mustAdd(
      device,
      [
        "class": passwordClass, "acct": .string("refresh-token"), "svce": .string("com.app.auth"),
        "v_Data": secret(),
      ])
    _ = device.lock()
    _ = device.advanceClock(by: .hours(3))
    let outcome = device.secItemCopyMatching(
      ["class": passwordClass, "acct": .string("refresh-token"), "r_Data": .bool(true)])
    #expect(outcome.lockedItem?.protection == .ak)
    // A rendering test: the explanation names the item, its class and how long it was locked.
    let explanation = try #require(outcome.explanation)
    // A locked item's values are sealed: it is named by what the query said of it.
    #expect(explanation.cause.contains("item `refresh-token` (genp)"))
    #expect(explanation.cause.contains("kSecAttrAccessibleWhenUnlocked (data protection class A)"))
    #expect(explanation.cause.contains("locked for 3h"))
    #expect(explanation.cause.contains("10s after lock"))
    #expect(explanation.fix?.contains("kSecAttrAccessibleAfterFirstUnlock") == true)
  }
}
