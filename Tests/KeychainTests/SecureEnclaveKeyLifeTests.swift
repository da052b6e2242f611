import DeviceState
import Foundation
import KeyCrypto
import KeyEngine
import Testing

@testable import Devices
@testable import Fleet
@testable import Keychain
@testable import KeychainEngine

/// Where a Secure Enclave key can go: nowhere. Never in a backup, never synced, useless on
/// another device, and its private key never on disk (SecItemDb.c: "The same applies to
/// SEP-based keys"; SecItemDataSource.c; Apple's "Protecting keys with the Secure Enclave").
@Suite struct SecureEnclaveKeyLifeTests {
  static let tag = SecValue.data(Data("binding".utf8))

  /// A stored Secure Enclave key and a stored software key on `device`.
  static func storeKeys(on device: SimulatedDevice) throws -> (enclave: SimulatedKey, software: SimulatedKey) {
    let enclaveKey = try KeyGeneration(
      parameters: [
        "type": .string("73"), "bsiz": .number(256), "tkid": .string("com.apple.setoken"),
        "private": .dictionary(["atag": tag]),
      ], enclave: device.secureEnclave)
    for item in enclaveKey.itemsToAdd { mustAdd(device, item) }
    let software = try KeyGeneration(parameters: [
      "type": .string("73"), "bsiz": .number(256),
      "private": .dictionary(["perm": .bool(true), "atag": .data(Data("soft".utf8))]),
    ])
    for item in software.itemsToAdd { mustAdd(device, item) }
    return (enclaveKey.privateKey, software.privateKey)
  }

  @Test func anEncryptedBackupLeavesTheEnclaveKeyBehind() throws {
    let fleet = DeviceFleet(first: try makeDevice(), kdfProfile: .fast)
    #expect(fleet.current.setPasscode("123456").succeeded)
    _ = try Self.storeKeys(on: fleet.current)
    let made = try fleet.createBackup(named: "monday", kind: .encrypted, password: "hunter2")
    #expect(made.outcome.succeeded)
    let fates = made.items.map(\.fate)
    #expect(fates.contains(.stayedBehind(.secureEnclaveKey)))
    #expect(fates.contains(.backedUp(sameDeviceOnly: false)))
    try fleet.addDevice(named: "newPhone", platform: .iPhone)
    #expect(try fleet.use("newPhone").succeeded)
    let restored = try fleet.restoreBackup(named: "monday", password: "hunter2")
    #expect(restored.outcome.succeeded)
    let query: SecQuery = ["class": .string("keys"), "m_Limit": .string("m_LimitAll"), "r_Attributes": .bool(true)]
    let found = fleet.current.secItemCopyMatching(query)
    guard case .array(let rows)? = found.result else {
      Issue.record("expected the software key on the new phone: \(found.status)")
      return
    }
    #expect(rows.count == 1)
  }

  @Test func aTokenObjectDoesNotOpenOnAnotherDevice() throws {
    let phone = try makeDeviceWithPasscode()
    let other = try makeDeviceWithPasscode()
    let keys = try Self.storeKeys(on: phone)
    let enclave = try #require(keys.enclave.enclave)
    // The same token object, on another device's enclave: its UID does not open it.
    let stolen = SimulatedKey(enclave: enclave, publicKey: keys.enclave.material)
    let algorithm = try #require(KeyAlgorithm(rawValue: "algid:sign:ECDSA:message-X962:SHA256"))
    do {
      _ = try stolen.signature(algorithm, of: Data("x".utf8), enclave: other.secureEnclave)
      Issue.record("another device's enclave opened the token object")
    } catch {
      #expect(error.status == .errSecDecode)
    }
    // On its own device it signs (no constraint: no prompt).
    _ = try stolen.signature(algorithm, of: Data("x".utf8), enclave: phone.secureEnclave)
  }

  @Test func theEnclaveKeyStaysWhenTheAccountSyncs() {
    let content = SyncedContent(
      itemClass: .keys,
      attributes: ["tkid": .text("com.apple.setoken"), "pdmn": .text("dk"), "sync": .integer(1)],
      data: Data([1]))
    #expect(SyncEligibility.reasonToStay(content) == .secureEnclaveKey)
  }

  @Test func noPrivateKeyBytesReachTheDeviceFile() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("se-\(UUID().uuidString).keychain").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    var scalars: [Data] = []
    do {
      let device = try SimulatedDevice(options: .init(kdfProfile: .fast, path: path))
      #expect(device.setPasscode("246810").succeeded)
      let keys = try Self.storeKeys(on: device)
      // The software key's private scalar is the last 32 bytes of its X9.63 representation.
      scalars.append(Data(try keys.software.externalRepresentation().suffix(32)))
      // And the enclave key's, as the enclave lends it for one operation.
      let enclave = try #require(device.secureEnclave)
      let lent = try enclave.privateKey(for: try #require(keys.enclave.enclave), operation: .sign)
      scalars.append(Data(try lent.externalRepresentation().suffix(32)))
    }
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    for scalar in scalars {
      #expect(bytes.range(of: scalar) == nil)
      #expect(bytes.range(of: scalar.prefix(16)) == nil)
    }
  }
}
