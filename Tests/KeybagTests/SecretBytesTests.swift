import Foundation
import Testing

@testable import Keybag

@Suite struct SecretBytesTests {
  @Test func wipeLeavesOnlyZeros() {
    let key = Sodium.randomKey()
    #expect(key.bytesForTesting.contains { $0 != 0 })
    key.wipe()
    #expect(key.bytesForTesting == [UInt8](repeating: 0, count: 32))
  }

  @Test func discardWipesTheBufferItHeld() throws {
    let keybag = Keybag(profile: .fast)
    let held = try #require(keybag.loaded[.ck])
    #expect(held.bytesForTesting.contains { $0 != 0 })
    keybag.apply(.discardClassKeys([.ck]))
    #expect(held.bytesForTesting.allSatisfy { $0 == 0 })
  }

  @Test func neverPrinted() {
    let key = SecretBytes(copying: [0xde, 0xad, 0xbe, 0xef])
    #expect(key.description == "<redacted>")
    #expect(String(reflecting: key) == "SecretBytes(<redacted>, 4 bytes)")
    #expect(!"\(key)".contains("de"))
  }

  @Test func equalityComparesContents() {
    #expect(SecretBytes(copying: [1, 2, 3]) == SecretBytes(copying: [1, 2, 3]))
    #expect(SecretBytes(copying: [1, 2, 3]) != SecretBytes(copying: [1, 2, 4]))
    #expect(SecretBytes(copying: [1, 2]) != SecretBytes(copying: [1, 2, 3]))
    #expect(SecretBytes(count: 0) == SecretBytes(count: 0))
  }

  @Test func keybagErrorsCarryNoSecrets() {
    let all: [KeybagError] = [
      .wrongPasscode, .noPasscode, .passcodeAlreadySet, .emptyPasscode, .classUnavailable(.ak),
      .noClassKey(.akpu), .keyDestroyed, .authenticationFailed, .corrupt("x"),
      .keyDerivationFailed,
    ]
    for error in all {
      #expect(!error.description.contains(passcode))
      #expect(!error.description.isEmpty)
    }
    #expect(
      KeybagError.classUnavailable(.ak).description
        == "the kSecAttrAccessibleWhenUnlocked class key is not available")
  }
}

@Suite struct KDFProfileTests {
  @Test func realisticCostsMoreThanFast() {
    let realistic = KDFProfile.realistic.parameters
    let fast = KDFProfile.fast.parameters
    #expect(realistic.opsLimit >= fast.opsLimit)
    #expect(realistic.memLimit > fast.memLimit)
    #expect(realistic == KDFParameters(opsLimit: 2, memLimit: 32 << 20))
    #expect(fast == KDFParameters(opsLimit: 1, memLimit: 8_192))
  }

  @Test func realisticTakesAtLeastAsLongAsFast() throws {
    func time(_ profile: KDFProfile) throws -> Duration {
      let keybag = Keybag(profile: profile)
      try keybag.setPasscode(passcode)
      return try ContinuousClock().measure { try keybag.verifyPasscode(passcode) }
    }
    let fast = try time(.fast)
    let realistic = try time(.realistic)
    #expect(realistic >= fast)
  }

  @Test func sameInputsDeriveTheSameKeyAndSaltMatters() throws {
    let uid = Sodium.randomKey()
    let salt = Sodium.randomBytes(16)
    let parameters = KDFProfile.fast.parameters
    let first = try Keybag.passcodeWrappingKey(
      passcode: passcode, salt: salt, parameters: parameters, uid: uid)
    let again = try Keybag.passcodeWrappingKey(
      passcode: passcode, salt: salt, parameters: parameters, uid: uid)
    let otherSalt = try Keybag.passcodeWrappingKey(
      passcode: passcode, salt: Sodium.randomBytes(16), parameters: parameters, uid: uid)
    let otherUID = try Keybag.passcodeWrappingKey(
      passcode: passcode, salt: salt, parameters: parameters, uid: Sodium.randomKey())
    #expect(first == again)
    #expect(first != otherSalt)
    #expect(first != otherUID)
  }
}

@Suite struct SodiumTests {
  @Test func randomBytesHaveTheRequestedSizeAndDiffer() {
    #expect(Sodium.randomBytes(0) == [])
    #expect(Sodium.randomBytes(24).count == 24)
    #expect(Sodium.randomBytes(32) != Sodium.randomBytes(32))
  }
}
