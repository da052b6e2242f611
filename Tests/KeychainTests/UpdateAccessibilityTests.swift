import Foundation
import Testing

@testable import Keychain

/// Issue 15 §2: SecItemUpdate with kSecAttrAccessible replaces the access control with one
/// holding only that protection (SecDbQuery.c query_set_access_control, SecItemDb.c
/// s3dl_query_update), so the item's biometric constraint is gone.
@Suite struct UpdateAccessibilityTests {
  @Test func updatingTheProtectionDropsBiometry() throws {
    let user = QueuedUser([.match])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(try protected(.biometryAny, "ak")).adding(["v_Data": secret()]))
    let update = device.secItemUpdate(genp(), ["pdmn": .string("ck")])
    #expect(update.status == .errSecSuccess)
    #expect(user.prompts.count == 1, "updating re-encrypts, so it authenticates first")
    let read = device.secItemCopyMatching(genp().adding(readData))
    #expect(read.status == .errSecSuccess)
    #expect(user.prompts.count == 1, "no prompt: the biometric constraint is gone")
    let attributes = device.secItemCopyMatching(genp().adding(["r_Attributes": .bool(true)]))
    guard case .dictionary(let item)? = attributes.result else {
      Issue.record("expected a dictionary, got \(String(describing: attributes.result))")
      return
    }
    #expect(item["accc"] == .accessControl(.protectionOnly("ck")))
    #expect(item["pdmn"] == .string("ck"))
  }

  @Test func otherAttributesLeaveTheAccessControlAlone() throws {
    let user = QueuedUser([.match, .match])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(try protected(.biometryAny, "ak")).adding(["v_Data": secret()]))
    #expect(device.secItemUpdate(genp(), ["labl": .string("x")]).status == .errSecSuccess)
    #expect(device.secItemCopyMatching(genp().adding(readData)).status == .errSecSuccess)
    #expect(user.prompts.count == 2)
  }
}
