import Foundation
import Keychain
import Testing

/// The library example of README.md, kept compiling and asserted, so the README cannot drift.
@Suite struct ReadmeExampleTests {
  @Test func theThreeAMReadFailsWithInteractionNotAllowed() throws {
    let phone = try SimulatedDevice(options: .init(kdfProfile: .fast))
    _ = phone.setPasscode("123456")
    let token: SecQuery = ["class": .string("genp"), "acct": .string("refresh-token")]
    let add = phone.secItemAdd(token.merging(["v_Data": .data(Data("r1".utf8))]) { $1 })
    #expect(add.status == .errSecSuccess)
    _ = phone.lock()
    _ = phone.advanceClock(by: .hours(3))
    let read = phone.secItemCopyMatching(token.merging(["r_Data": .bool(true)]) { $1 })
    #expect(read.status == .errSecInteractionNotAllowed)
    #expect(read.result == nil)
    let cause = try #require(read.explanation?.cause)
    #expect(cause.contains("refresh-token"))
    #expect(cause.contains("class A keys are discarded 10s after lock"))
    #expect(!cause.contains("r1"))
  }
}
