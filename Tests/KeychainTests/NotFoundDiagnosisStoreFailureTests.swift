import Foundation
import Testing

@testable import Devices
@testable import Fleet
@testable import ItemStore
@testable import Keychain
@testable import KeychainEngine

/// The near-miss search never hides a store failure: the call keeps its errSecItemNotFound and
/// the explanation says the search could not read the store (it used to say nothing).
@Suite struct NotFoundDiagnosisStoreFailureTests {
  @Test func aStoreFailureWhileLookingForNearMissesIsTold() throws {
    let device = try SimulatedDevice(options: .init(kdfProfile: .fast))
    // The search for items of another class (inet shares acct and svce with genp) fails.
    try device.database.connection.executeScript("DROP TABLE inet")
    let outcome = device.secItemCopyMatching([
      "class": .string("genp"), "acct": .string("alice"), "svce": .string("auth"),
    ])
    #expect(outcome.status == .errSecItemNotFound)
    let failure = try #require(outcome.notFound?.diagnosisFailure)
    #expect(failure.contains("inet"))
    #expect(
      outcome.explanation?.cause.contains("the search for near misses could not read the store")
        == true)
  }

  @Test func aPlainMissHasNoDiagnosisFailure() throws {
    let device = try SimulatedDevice(options: .init(kdfProfile: .fast))
    let outcome = device.secItemCopyMatching([
      "class": .string("genp"), "acct": .string("alice"), "svce": .string("auth"),
    ])
    #expect(outcome.status == .errSecItemNotFound)
    #expect(outcome.notFound?.diagnosisFailure == nil)
  }
}
