import Foundation
import Testing

@testable import Keychain

/// A Mac's file-based keychains and an Android phone's package values are not in the device
/// file (docs/cli.md, "Several devices in files"): what is put there says so, on a device kept
/// in a file, and only there.
@Suite struct MemoryOnlyStoreNoteTests {
  static func device(_ platform: DevicePlatform, inFile: Bool) throws -> (SimulatedDevice, URL) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("memory-only-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = inFile ? folder.appendingPathComponent("device.db").path : nil
    let device = try SimulatedDevice(
      options: .init(kdfProfile: .fast, path: path, platform: platform))
    return (device, folder)
  }

  @Test(arguments: [true, false])
  func anItemInTheMacsLoginKeychainSaysItIsNotInTheFile(inFile: Bool) throws {
    let (mac, folder) = try Self.device(.mac, inFile: inFile)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = mac.secItemAdd(genp("alice", ["v_Data": secret()]))
    #expect(outcome.status == .errSecSuccess)
    let cause = outcome.explanation?.cause ?? ""
    #expect(cause.contains("reached the login keychain"))
    #expect(cause.contains("kept in memory only") == inFile)
  }

  @Test func anItemInTheDataProtectionKeychainIsInTheFile() throws {
    let (mac, folder) = try Self.device(.mac, inFile: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = mac.secItemAdd(
      genp("alice", ["v_Data": secret(), "nleg": .bool(true)]))
    #expect(outcome.status == .errSecSuccess)
    let cause = outcome.explanation?.cause ?? ""
    #expect(cause.contains("data protection keychain"))
    #expect(cause.contains("memory only") == false)
  }

  @Test(arguments: [true, false])
  func anAndroidPackageValueSaysItIsNotInTheFile(inFile: Bool) throws {
    let (phone, folder) = try Self.device(.android, inFile: inFile)
    defer { try? FileManager.default.removeItem(at: folder) }
    let outcome = phone.perform(
      .setItem(key: "token", value: "v"), on: PackageKeychain(service: "auth"))
    #expect((outcome.note?.cause ?? "").contains("kept in memory only") == inFile)
  }
}
