import Foundation
import Testing

@testable import Keychain
@testable import KeychainEngine

/// The code-derived cases at the end of docs/evidence.md §9.
@Suite struct CodeDerivedCaseTests {
  @Test("§9 code: missing kSecClass → -50; bogus class → -25306; genp + atag → -25303")
  func classAndAttributes() throws {
    let device = try makeDevice()
    #expect(device.secItemCopyMatching(["acct": .string("a")]).status == .errSecParam)
    #expect(device.secItemCopyMatching(["class": .string("bogus")]).status == .errSecNoSuchClass)
    #expect(
      device.secItemCopyMatching(genp().adding(["atag": .data(Data([1]))])).status
        == .errSecNoSuchAttr)
  }

  @Test("§9 code: same account and service with another accessibility → -25299")
  func accessibilityIsNotPartOfTheKey() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["pdmn": .string("ak"), "v_Data": secret()]))
    let outcome = device.secItemAdd(genp().adding(["pdmn": .string("ck"), "v_Data": secret()]))
    #expect(outcome.status == .errSecDuplicateItem)
    guard case .duplicateItem(_, let key, _)? = outcome.failure else {
      Issue.record("not a duplicate: \(String(describing: outcome.failure))")
      return
    }
    #expect(key.contains(.account) && key.contains(.service))
    #expect(!key.contains(.accessible))
  }

  @Test("§9 code: another kSecAttrSynchronizable → both items exist")
  func synchronizableIsPartOfTheKey() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret("local")]))
    mustAdd(device, genp().adding(["sync": .bool(true), "v_Data": secret("synced")]))
    let all = device.secItemCopyMatching(
      genp().adding([
        "sync": .string("syna"), "m_Limit": .string("m_LimitAll"), "r_Data": .bool(true),
      ]))
    #expect(all.result == .array([secret("local"), secret("synced")]))
  }

  @Test("§9 code: only a sync copy exists → not found without kSecAttrSynchronizableAny")
  func syncOnlyCopyIsInvisibleByDefault() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["sync": .bool(true), "v_Data": secret()]))
    let outcome = device.secItemCopyMatching(genp())
    #expect(outcome.status == .errSecItemNotFound)
    #expect(outcome.notFound?.nearMisses.first?.kind == .synchronizable)
    #expect(
      device.secItemCopyMatching(genp().adding(["sync": .string("syna")])).status == .errSecSuccess)
  }

  @Test("§9 code: kSecAttrAccessControl with kSecAttrSynchronizable = true → -50")
  func accessControlIsNotSynchronizable() throws {
    let device = try makeDevice()
    let control = try SecAccessControl.create(protection: "ak", flags: [])
    let outcome = device.secItemAdd(
      genp().adding(["accc": .accessControl(control), "sync": .bool(true), "v_Data": secret()]))
    #expect(outcome.status == .errSecParam)
  }

  @Test("§9 code: SecItemDelete with kSecMatchLimitAll → -50, nothing deleted")
  func deleteWithLimitAll() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    #expect(
      device.secItemDelete(genp().adding(["m_Limit": .string("m_LimitAll")])).status == .errSecParam
    )
    #expect(device.secItemCopyMatching(genp()).status == .errSecSuccess)
  }

  @Test("§9 code: update query with kSecMatchLimit → -50")
  func updateWithLimit() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let outcome = device.secItemUpdate(
      genp().adding(["m_Limit": .number(1)]), ["labl": .string("x")])
    #expect(outcome.status == .errSecParam)
  }

  @Test("§9 code: ACL item with kSecUseAuthenticationUIFail → -25308; with Skip → -25300")
  func authenticationUIOnACLItems() throws {
    let device = try makeDeviceWithPasscode()
    let control = try SecAccessControl.create(protection: "akpu", flags: .userPresence)
    mustAdd(device, genp().adding(["accc": .accessControl(control), "v_Data": secret()]))
    let read = genp().adding(["r_Data": .bool(true)])
    #expect(
      device.secItemCopyMatching(read.adding(["u_AuthUI": .string("u_AuthUIF")])).status
        == .errSecInteractionNotAllowed)
    #expect(
      device.secItemCopyMatching(read.adding(["u_AuthUI": .string("u_AuthUIS")])).status
        == .errSecItemNotFound)
  }
}
