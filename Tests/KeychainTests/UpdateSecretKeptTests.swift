import Foundation
import Testing

@testable import Devices
@testable import KeychainEngine

/// An update that does not open the item whole (no access control: its attributes kept or
/// patched) compares the stored secret with the one it sets where the keybag opened it: the
/// same bytes keep their ciphertext, other bytes are sealed again, and either reads back.
@Suite struct UpdateSecretKeptTests {
  /// The sealed secret of the only generic password, as stored.
  private func sealedSecret(of device: SimulatedDevice) throws -> Data? {
    let rows = try device.database.rows(in: .genp)
    try #require(rows.count == 1)
    return rows[0].sealedColumns["data"]
  }

  /// `seconds`: how far the clock moves before the update (0: the attributes are kept, else
  /// patched with the new modification date).
  @Test(arguments: [
    (0, "old", true), (0, "new", false), (0, "", false), (5, "old", true), (5, "new", false),
  ])
  func theSecretKeepsItsCiphertextOnlyWhenItHoldsTheSameBytes(
    seconds: Int, updated: String, kept: Bool
  ) throws {
    let device = try makeDevice()
    let added = device.secItemAdd(genp("alice", ["v_Data": secret("old")]))
    #expect(added.status == .errSecSuccess)
    let before = try sealedSecret(of: device)
    if seconds > 0 { _ = device.advanceClock(by: .seconds(Int64(seconds))) }
    let update = device.secItemUpdate(genp("alice"), ["v_Data": secret(updated)])
    #expect(update.status == .errSecSuccess)
    #expect((try sealedSecret(of: device) == before) == kept)
    let read = device.secItemCopyMatching(genp("alice", ["r_Data": .bool(true)]))
    #expect(read.status == .errSecSuccess)
    #expect(read.result == secret(updated))
  }
}
