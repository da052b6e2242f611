import DeviceState
import Foundation
import Testing

@testable import Keybag

/// The in-memory escrow a biometric unlock loads the class keys from.
@Suite struct UnlockEscrowTests {
  @Test func aBiometricUnlockLoadsTheClassKeysAPasscodeUnlockLoads() throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: .ak, context: identity)
    keybag.apply(.discardClassKeys(ProtectionTier.a.classes))
    #expect(throws: KeybagError.classUnavailable(.ak)) {
      _ = try keybag.open(sealed, in: .ak, context: identity)
    }
    keybag.apply(.restoreClassKeysFromUnlockEscrow)
    #expect(try keybag.open(sealed, in: .ak, context: identity) == secret)
    #expect(keybag.isLoaded(.akpu))
  }

  @Test func afterARebootOnlyThePasscodeUnlocks() throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: .ck, context: identity)
    keybag.apply(.discardClassKeys(classesAC))
    keybag.apply(.discardUnlockEscrow)
    #expect(!keybag.hasUnlockEscrow)
    keybag.apply(.restoreClassKeysFromUnlockEscrow)
    #expect(!keybag.isLoaded(.ck))
    try keybag.unlock(passcode: passcode)
    #expect(keybag.hasUnlockEscrow)
    #expect(try keybag.open(sealed, in: .ck, context: identity) == secret)
  }

  @Test func aRestoredKeybagHasNoEscrow() throws {
    let keybag = try keybagWithPasscode()
    let restored = try Keybag(restoring: keybag.persisted, profile: .fast)
    #expect(!restored.hasUnlockEscrow)
  }

  @Test func removingThePasscodeDropsTheEscrow() throws {
    let keybag = try keybagWithPasscode()
    try keybag.removePasscode(current: passcode)
    #expect(!keybag.hasUnlockEscrow)
  }
}
