import Foundation
import Keychain
import Testing

@testable import Scenario

/// `icloud sync`, `show cloud`, and the `sync:` lines that tell what moved and what did not.
@Suite struct ICloudSyncStatementTests {
  func play(_ source: String) -> ScenarioFileReport {
    ScenarioRunner(options: .init(kdfProfile: .fast)).run(source: source, name: "test.scenario")
  }

  static let twoDevices = """
    icloud sign-in alice@icloud.com
    icloud keychain on
    device add ipad ipad
    device use ipad
    icloud sign-in alice@icloud.com
    icloud keychain on
    device use iPhone

    """

  @Test func parsesTheSyncStatements() throws {
    #expect(try ParsingTestSupport.kind("icloud sync") == .icloud(.sync))
    #expect(try ParsingTestSupport.kind("show cloud") == .show(.cloud))
  }

  @Test func theTranscriptNamesWhatMovedAndWhatStayedNeverTheData() {
    let report = play(
      Self.twoDevices + """
        SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "token", kSecAttrSynchronizable: true, kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock, kSecValueData: Data("hunter2-secret".utf8)]
        SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "local", kSecAttrSynchronizable: true, kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly, kSecValueData: Data("x".utf8)]
        wait 1s
        device use ipad
        SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "token", kSecAttrSynchronizable: true]
        expect errSecSuccess
        SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "local", kSecAttrSynchronizable: true]
        expect errSecItemNotFound
        show cloud
        """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    let text = report.transcript
    #expect(
      text.contains(
        "sync: iPhone → iCloud: item `token` (genp) in ABCDE12345.com.example.app added"))
    #expect(text.contains("sync: iCloud → ipad: item `token` (genp)"))
    #expect(text.contains("item `local` (genp) in ABCDE12345.com.example.app stays on iPhone:"))
    #expect(text.contains("iCloud Keychain of alice@icloud.com: 1 item"))
    #expect(!text.contains("hunter2"), "the data never shows")
  }

  @Test func iCloudSyncIsRefusedWhenTheDeviceDoesNotSync() {
    let report = play(
      """
      icloud sync
      expect refused
      icloud sign-in alice@icloud.com
      icloud sync
      expect refused
      icloud keychain on
      icloud sync
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(report.transcript.contains("iCloud Keychain is off for alice@icloud.com"))
    #expect(report.transcript.contains("alice@icloud.com's devices synced: 0 changes moved"))
  }

  @Test func aScenarioWithoutICloudPrintsNoSyncLines() {
    let report = play(
      """
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecAttrSynchronizable: true, kSecValueData: Data("x".utf8)]
      wait 1s
      show cloud
      """)
    #expect(report.failures.isEmpty, "\(report.transcript)")
    #expect(!report.transcript.contains("sync:"))
    #expect(report.transcript.contains("iPhone is not signed into an Apple Account"))
  }
}

/// `--device` with several devices: the set of files reopens with the scenario's next run.
@Suite struct FleetDeviceFileStatementTests {
  @Test func aSecondRunFindsTheDevicesAndTheirSyncedItems() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-fleet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("phone.db").path
    let runner = ScenarioRunner(options: .init(devicePath: path, kdfProfile: .fast))
    let first = runner.run(
      source: ICloudSyncStatementTests.twoDevices + """
        SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "t", kSecAttrSynchronizable: true, kSecAttrAccessible: kSecAttrAccessibleAfterFirstUnlock, kSecValueData: "v1"]
        expect errSecSuccess
        """, name: "first.scenario")
    #expect(first.failures.isEmpty, "\(first.transcript)")
    #expect(first.transcript.contains("phone.ipad.db"))
    #expect(
      FileManager.default.fileExists(atPath: folder.appendingPathComponent("phone.ipad.db").path))
    let second = runner.run(
      source: """
        show devices
        icloud sync
        device use ipad
        SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "t", kSecAttrSynchronizable: true, kSecReturnData: true]
        expect result "v1"
        """, name: "second.scenario")
    #expect(second.failures.isEmpty, "\(second.transcript)")
    #expect(second.transcript.contains("ipad: iPad · before first unlock"))
  }

  /// A Mac's login keychain item and `mac app` setting, and an Android phone's package value,
  /// are in the set of files: the next run finds them.
  @Test func aSecondRunFindsTheMacsLoginItemAndTheAndroidPhonesValue() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-fleet-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("phone.db").path
    let runner = ScenarioRunner(options: .init(devicePath: path, kdfProfile: .fast))
    let first = runner.run(
      source: """
        device add mac mac
        device use mac
        app install com.example.tool team ABCDE12345
        mac app com.example.tool daemon
        SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "m", kSecValueData: "mac-v1"]
        expect errSecSuccess
        device add pixel android
        device use pixel
        let kc = createKeychain(service: "s")
        kc.setItem("k", "android-v1")
        expect success
        """, name: "first.scenario")
    #expect(first.failures.isEmpty, "\(first.transcript)")
    #expect(!first.transcript.contains("memory only"))
    let second = runner.run(
      source: """
        device use mac
        device unlock
        SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "m", kSecReturnData: true]
        expect result "mac-v1"
        app use com.example.tool
        SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "m", kSecUseDataProtectionKeychain: true]
        expect errSecNotAvailable
        device use pixel
        device unlock
        let kc = createKeychain(service: "s")
        kc.getItem("k")
        expect result "android-v1"
        """, name: "second.scenario")
    #expect(second.failures.isEmpty, "\(second.transcript)")
  }
}
