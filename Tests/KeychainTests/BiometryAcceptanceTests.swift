import Foundation
import Testing

@testable import Keychain
@testable import KeychainEngine

/// The docs/evidence.md §9 cases about access control and authentication, named after their
/// numbers, and the code-derived UIFail / UISkip / cancel cases.
@Suite struct BiometryAcceptanceTests {
  @Test("§9 case 23: AC(ak, flags 0) item behind a locked class key → -25308, then 0")
  func case23() throws {
    // Apple injects one AKS NoPermission; the simulator's equivalent is a locked class A key.
    let device = try makeDeviceWithPasscode()
    mustAdd(device, genp().adding(try protected([], "ak")).adding(["v_Data": secret()]))
    _ = device.lock()
    _ = device.advanceClock(by: .seconds(11))
    #expect(
      device.secItemCopyMatching(genp().adding(readData)).status == .errSecInteractionNotAllowed)
    #expect(device.unlock(passcode: "123456").succeeded)
    #expect(device.secItemCopyMatching(genp().adding(readData)).status == .errSecSuccess)
  }

  @Test("§9 case 26: userPresence item, authentication fails → -25293; delete → 0")
  func case26() throws {
    let user = QueuedUser([.fail, .fail, .cancel])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(try protected(.userPresence)).adding(["v_Data": secret()]))
    // Two failed matches, then Cancel on the sheet that stopped scanning: userCancel → -128.
    #expect(device.secItemCopyMatching(genp().adding(readData)).status == .errSecUserCanceled)
    // Two failed matches, then the fallback (biometry only): userFallback → -25293.
    user.answers = [.fail, .fail, .fallback]
    mustAdd(device, genp("bio").adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    let failed = device.secItemCopyMatching(genp("bio").adding(readData))
    #expect(failed.status == .errSecAuthFailed)
    #expect(failed.result == nil)
    #expect(device.secItemDelete(genp()).status == .errSecSuccess)
    #expect(device.secItemDelete(genp("bio")).status == .errSecSuccess)
  }

  @Test("§9 case 28 (as SecAccessControl allows): every access control allows delete → 0")
  func case28() throws {
    // Apple's case uses a custom ACL without a delete permission (→ -25293). ACLs made by
    // SecAccessControlCreateWithFlags always carry odel = true, so the public API can only
    // show the other side: deletion never authenticates.
    for flags: SecAccessControlCreateFlags in [
      .userPresence, .biometryAny, .biometryCurrentSet, .devicePasscode,
      [.biometryAny, .and, .devicePasscode],
    ] {
      let user = QueuedUser()
      let device = try makeBiometricDevice(user: user)
      mustAdd(device, genp().adding(try protected(flags, "dk")).adding(["v_Data": secret()]))
      #expect(device.secItemDelete(genp()).status == .errSecSuccess)
      #expect(user.prompts.isEmpty)
    }
  }

  @Test("§9 case 29 (as SecAccessControl allows): encrypt is always allowed, add → 0 unprompted")
  func case29() throws {
    // oe:false ACLs cannot be built with the public API; adding with any constraint never asks.
    let user = QueuedUser()
    let device = try makeBiometricDevice(user: user)
    device.appState = .background
    let outcome = device.secItemAdd(
      genp().adding(try protected([.biometryCurrentSet, .and, .devicePasscode])).adding([
        "v_Data": secret()
      ]))
    #expect(outcome.status == .errSecSuccess)
    #expect(user.prompts.isEmpty)
  }

  @Test("§9 case 30: add AC(akpu, BiometryCurrentSet); delete with kSecReturnData, no LA → 0 / 0")
  func case30() throws {
    let user = QueuedUser()
    let device = try makeBiometricDevice(user: user)
    let add = device.secItemAdd(
      genp().adding(try protected(.biometryCurrentSet)).adding(["v_Data": secret()]))
    #expect(add.status == .errSecSuccess)
    #expect(device.secItemDelete(genp().adding(readData)).status == .errSecSuccess)
    #expect(user.prompts.isEmpty)
  }

  @Test("§9 code: ACL item with kSecUseAuthenticationUIFail → -25308, Skip → -25300, cancel → -128")
  func uiFailSkipCancel() throws {
    let user = QueuedUser([.cancel])
    let device = try makeBiometricDevice(user: user)
    mustAdd(device, genp().adding(try protected(.userPresence)).adding(["v_Data": secret()]))
    let fail = device.secItemCopyMatching(genp().adding(["u_AuthUI": .string("u_AuthUIF")]))
    #expect(fail.status == .errSecInteractionNotAllowed)
    let skip = device.secItemCopyMatching(genp().adding(["u_AuthUI": .string("u_AuthUIS")]))
    #expect(skip.status == .errSecItemNotFound)
    #expect(skip.notFound?.nearMisses.first?.kind == .skipped)
    #expect(user.prompts.isEmpty)
    #expect(device.secItemCopyMatching(genp().adding(readData)).status == .errSecUserCanceled)
    #expect(user.prompts.count == 1)
  }

  @Test("§9 code: UIFail on update → -25308; Skip on update → -50")
  func uiFailOnUpdate() throws {
    let device = try makeBiometricDevice()
    mustAdd(device, genp().adding(try protected(.biometryAny)).adding(["v_Data": secret()]))
    let query = genp().adding(["u_AuthUI": .string("u_AuthUIF")])
    #expect(
      device.secItemUpdate(query, ["v_Data": secret("2")]).status == .errSecInteractionNotAllowed)
    let skip = genp().adding(["u_AuthUI": .string("u_AuthUIS")])
    #expect(device.secItemUpdate(skip, ["v_Data": secret("2")]).status == .errSecParam)
  }
}
