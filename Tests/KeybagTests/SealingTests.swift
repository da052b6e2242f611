import DeviceState
import Foundation
import Testing

@testable import Keybag

@Suite struct SealingTests {
  @Test(arguments: ProtectionClass.allCases)
  func roundTrip(_ protectionClass: ProtectionClass) throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: protectionClass, context: identity)
    #expect(sealed.count == 16 + 24 + secret.count + 16)
    #expect(sealed.range(of: secret) == nil)
    #expect(try keybag.open(sealed, in: protectionClass, context: identity) == secret)
  }

  @Test func emptyPlaintextRoundTrips() throws {
    let keybag = Keybag(profile: .fast)
    let sealed = try keybag.seal(Data(), in: .dk, context: Data())
    #expect(try keybag.open(sealed, in: .dk, context: Data()) == Data())
  }

  @Test func sealingTwiceGivesDifferentBytes() throws {
    let keybag = Keybag(profile: .fast)
    let first = try keybag.seal(secret, in: .ck, context: identity)
    let second = try keybag.seal(secret, in: .ck, context: identity)
    #expect(first != second)
  }

  @Test func wrongContextFailsAuthentication() throws {
    let keybag = Keybag(profile: .fast)
    let sealed = try keybag.seal(secret, in: .ck, context: identity)
    #expect(throws: KeybagError.authenticationFailed) {
      try keybag.open(sealed, in: .ck, context: Data("genp|acct=mallory".utf8))
    }
  }

  @Test(arguments: [0, 15, 16, 39, 40, 45, 40 + 27, 40 + 27 + 15])
  func tamperedByteFailsAuthentication(_ index: Int) throws {
    // Key id (0..<16), nonce (16..<40), ciphertext (40..<67), tag (67..<83).
    let keybag = Keybag(profile: .fast)
    let sealed = try keybag.seal(Data(secret.prefix(27)), in: .ak, context: identity)
    #expect(sealed.count == 83)
    #expect(throws: KeybagError.authenticationFailed) {
      try keybag.open(sealed.flipping(byteAt: index), in: .ak, context: identity)
    }
  }

  @Test(arguments: [0, 1, 16, 55, 56])
  func truncatedFailsAuthentication(_ length: Int) throws {
    let keybag = Keybag(profile: .fast)
    let sealed = try keybag.seal(secret, in: .dku, context: identity)
    #expect(throws: KeybagError.authenticationFailed) {
      try keybag.open(sealed.prefix(length), in: .dku, context: identity)
    }
  }

  @Test(arguments: ProtectionClass.allCases)
  func wrongClassFailsAuthentication(_ protectionClass: ProtectionClass) throws {
    let keybag = try keybagWithPasscode()
    let other = ProtectionClass.allCases.first { $0 != protectionClass }!
    let sealed = try keybag.seal(secret, in: protectionClass, context: identity)
    #expect(throws: KeybagError.authenticationFailed) {
      try keybag.open(sealed, in: other, context: identity)
    }
  }

  @Test func anotherDevicesKeybagCannotOpen() throws {
    let sealed = try Keybag(profile: .fast).seal(secret, in: .dk, context: identity)
    #expect(throws: KeybagError.authenticationFailed) {
      try Keybag(profile: .fast).open(sealed, in: .dk, context: identity)
    }
  }

  @Test(arguments: ProtectionClass.allCases)
  func discardedClassIsUnavailable(_ protectionClass: ProtectionClass) throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: protectionClass, context: identity)
    keybag.apply(.discardClassKeys([protectionClass]))
    #expect(!keybag.isLoaded(protectionClass))
    #expect(throws: KeybagError.classUnavailable(protectionClass)) {
      try keybag.open(sealed, in: protectionClass, context: identity)
    }
    #expect(throws: KeybagError.classUnavailable(protectionClass)) {
      try keybag.seal(secret, in: protectionClass, context: identity)
    }
  }

  @Test func discardingOneClassLeavesTheOthers() throws {
    let keybag = try keybagWithPasscode()
    keybag.apply(.discardClassKeys([.ak, .aku, .akpu]))
    #expect(keybag.loadedClasses == [.ck, .cku, .dk, .dku])
    keybag.apply(.discardClassKeys([.ak]))
    #expect(keybag.loadedClasses == [.ck, .cku, .dk, .dku])
  }

  @Test func akpuWithoutPasscodeHasNoKey() throws {
    let keybag = Keybag(profile: .fast)
    #expect(!keybag.isLoaded(.akpu))
    #expect(throws: KeybagError.noClassKey(.akpu)) {
      try keybag.seal(secret, in: .akpu, context: identity)
    }
  }

  @Test func newKeybagLoadsEveryClassButAkpu() {
    let keybag = Keybag(profile: .fast)
    #expect(keybag.loadedClasses == Set(ProtectionClass.allCases).subtracting([.akpu]))
    #expect(!keybag.hasPasscode)
  }
}

/// The order `open` checks things in, so each failure names its real cause.
@Suite struct OpenPrecedenceTests {
  @Test func lockedClassIsReportedBeforeTampering() throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: .ak, context: identity)
    keybag.apply(.discardClassKeys([.ak, .aku, .akpu]))
    #expect(throws: KeybagError.classUnavailable(.ak)) {
      try keybag.open(sealed.flipping(byteAt: 50), in: .ak, context: Data())
    }
  }

  @Test func wrongClassIsReportedEvenWhenThatClassIsLocked() throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: .dk, context: identity)
    keybag.apply(.discardClassKeys([.ak, .aku, .akpu]))
    #expect(throws: KeybagError.authenticationFailed) {
      try keybag.open(sealed, in: .ak, context: identity)
    }
  }

  @Test func destroyedKeyIsReportedBeforeAnythingElse() throws {
    let keybag = try keybagWithPasscode()
    let sealed = try keybag.seal(secret, in: .akpu, context: identity)
    try keybag.removePasscode(current: passcode)
    #expect(throws: KeybagError.keyDestroyed) {
      try keybag.open(sealed.flipping(byteAt: 60), in: .ck, context: Data())
    }
  }

  @Test func largeItemsRoundTrip() throws {
    let keybag = Keybag(profile: .fast)
    let big = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
    let sealed = try keybag.seal(big, in: .cku, context: identity)
    #expect(try keybag.open(sealed, in: .cku, context: identity) == big)
  }
}

/// `open` reads the sealed bytes in place, so it must honour a `Data` slice's start index.
@Suite struct SealingSliceTests {
  @Test func opensASliceOfALargerBuffer() throws {
    let keybag = Keybag(profile: .fast)
    let sealed = try keybag.seal(secret, in: .ck, context: identity)
    let framed = Data([1, 2, 3]) + sealed + Data([4])
    let slice = framed.dropFirst(3).dropLast(1)
    #expect(slice.startIndex == 3)
    #expect(try keybag.open(slice, in: .ck, context: identity) == secret)
  }

  @Test func sealsAndOpensASlicedPlaintextAndContext() throws {
    let keybag = Keybag(profile: .fast)
    let plaintext = (Data([0xAA]) + secret).dropFirst()
    let context = (Data([0xBB, 0xBB]) + identity).dropFirst(2)
    let sealed = try keybag.seal(plaintext, in: .dk, context: context)
    #expect(try keybag.open(sealed, in: .dk, context: identity) == secret)
  }
}
