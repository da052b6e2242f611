import DeviceState
import Foundation
import Testing

@testable import Keybag

@Suite struct PasscodeTests {
  @Test func setPasscodeCreatesAndLoadsAkpu() throws {
    let keybag = try keybagWithPasscode()
    #expect(keybag.hasPasscode)
    #expect(keybag.loadedClasses == Set(ProtectionClass.allCases))
  }

  @Test func settingTwiceIsRefused() throws {
    let keybag = try keybagWithPasscode()
    #expect(throws: KeybagError.passcodeAlreadySet) { try keybag.setPasscode("000000") }
  }

  @Test func emptyPasscodeIsRefused() throws {
    #expect(throws: KeybagError.emptyPasscode) { try Keybag(profile: .fast).setPasscode("") }
    let keybag = try keybagWithPasscode()
    #expect(throws: KeybagError.emptyPasscode) {
      try keybag.changePasscode(from: passcode, to: "")
    }
    #expect(throws: KeybagError.wrongPasscode) { try keybag.unlock(passcode: "") }
  }

  @Test func passcodeOperationsNeedAPasscode() {
    let keybag = Keybag(profile: .fast)
    #expect(throws: KeybagError.noPasscode) { try keybag.unlock(passcode: passcode) }
    #expect(throws: KeybagError.noPasscode) { try keybag.verifyPasscode(passcode) }
    #expect(throws: KeybagError.noPasscode) { try keybag.changePasscode(from: "1", to: "2") }
    #expect(throws: KeybagError.noPasscode) { try keybag.removePasscode(current: "1") }
  }

  @Test func unlockReloadsDiscardedKeys() throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: .ak, context: identity)
    keybag.apply(.discardClassKeys(classesAC))
    #expect(keybag.loadedClasses == classesD)
    try keybag.unlock(passcode: passcode)
    #expect(keybag.loadedClasses == Set(ProtectionClass.allCases))
    #expect(try keybag.open(sealed, in: .ak, context: identity) == secret)
  }

  @Test func wrongPasscodeLoadsNothing() throws {
    let keybag = try keybagWithPasscode()
    keybag.apply(.discardClassKeys(classesAC))
    #expect(throws: KeybagError.wrongPasscode) { try keybag.unlock(passcode: "654321") }
    #expect(keybag.loadedClasses == classesD)
  }

  @Test func verifyingLoadsNothing() throws {
    let keybag = try keybagWithPasscode()
    keybag.apply(.discardClassKeys(classesAC))
    try keybag.verifyPasscode(passcode)
    #expect(throws: KeybagError.wrongPasscode) { try keybag.verifyPasscode("111111") }
    #expect(keybag.loadedClasses == classesD)
  }

  @Test func changeRewrapsUnderTheNewPasscode() throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: .akpu, context: identity)
    #expect(throws: KeybagError.wrongPasscode) {
      try keybag.changePasscode(from: "000000", to: "999999")
    }
    try keybag.changePasscode(from: passcode, to: "999999")
    keybag.apply(.discardClassKeys(classesAC))
    #expect(throws: KeybagError.wrongPasscode) { try keybag.unlock(passcode: passcode) }
    try keybag.unlock(passcode: "999999")
    #expect(try keybag.open(sealed, in: .akpu, context: identity) == secret)
  }

  @Test func changeDoesNotUnlock() throws {
    let keybag = try keybagWithPasscode()
    keybag.apply(.discardClassKeys([.ak, .aku, .akpu]))
    try keybag.changePasscode(from: passcode, to: "999999")
    #expect(keybag.loadedClasses == [.ck, .cku, .dk, .dku])
  }

  @Test func removeNeedsTheCurrentPasscode() throws {
    let keybag = try keybagWithPasscode()
    #expect(throws: KeybagError.wrongPasscode) { try keybag.removePasscode(current: "000000") }
    #expect(keybag.hasPasscode)
    #expect(keybag.isLoaded(.akpu))
  }

  @Test func removeKeepsAAndCItemsAndDestroysAkpu() throws {
    let keybag = try keybagWithPasscode()
    let akpuItem = try keybag.seal(secret, in: .akpu, context: identity)
    let ckItem = try keybag.seal(secret, in: .ck, context: identity)
    let akItem = try keybag.seal(secret, in: .ak, context: identity)
    try keybag.removePasscode(current: passcode)
    #expect(!keybag.hasPasscode)
    #expect(keybag.loadedClasses == Set(ProtectionClass.allCases).subtracting([.akpu]))
    #expect(throws: KeybagError.keyDestroyed) {
      try keybag.open(akpuItem, in: .akpu, context: identity)
    }
    #expect(try keybag.open(ckItem, in: .ck, context: identity) == secret)
    #expect(try keybag.open(akItem, in: .ak, context: identity) == secret)
    #expect(throws: KeybagError.noClassKey(.akpu)) {
      try keybag.seal(secret, in: .akpu, context: identity)
    }
  }

  @Test func newPasscodesAkpuKeyCannotOpenOldAkpuItems() throws {
    let keybag = try keybagWithPasscode()
    let old = try keybag.seal(secret, in: .akpu, context: identity)
    try keybag.removePasscode(current: passcode)
    try keybag.setPasscode(passcode)
    #expect(throws: KeybagError.keyDestroyed) { try keybag.open(old, in: .akpu, context: identity) }
    let new = try keybag.seal(secret, in: .akpu, context: identity)
    #expect(try keybag.open(new, in: .akpu, context: identity) == secret)
  }

  @Test func destroyCommandIsIdempotent() throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: .akpu, context: identity)
    keybag.apply(.destroyClassKey(.akpu))
    keybag.apply(.destroyClassKey(.akpu))
    #expect(throws: KeybagError.keyDestroyed) {
      try keybag.open(sealed, in: .akpu, context: identity)
    }
  }

  @Test func afterRemovalEveryClassStaysUnderTheUID() throws {
    // With no passcode, a reopened keybag loads everything without any unlock.
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: .aku, context: identity)
    try keybag.removePasscode(current: passcode)
    let reopened = try Keybag(restoring: keybag.persisted, profile: .fast)
    #expect(reopened.loadedClasses == Set(ProtectionClass.allCases).subtracting([.akpu]))
    #expect(try reopened.open(sealed, in: .aku, context: identity) == secret)
  }
}
