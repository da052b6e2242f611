import DeviceState
import Foundation
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// The cross-platform package (seed 003): its API over SecItem on an Apple device, its
/// per-app store on Android, and its Expo config plugin's entitlement.
@Suite struct PackagePersonalityTests {
  static let sharedGroup = "ABCDE12345.com.example.shared"
  static let shared = PackageKeychain(service: "shared", accessGroup: sharedGroup)
  static let appOnly = PackageKeychain(service: "shared")

  /// The default app, entitled to the shared group after its own group.
  static func entitledDevice(platform: DevicePlatform = .iPhone) throws -> SimulatedDevice {
    let device = try SimulatedDevice(options: .init(kdfProfile: .fast, platform: platform))
    let groups = ExpoConfigPlugin.keychainAccessGroups(
      existing: [], bundleID: "com.example.app", teamID: "ABCDE12345",
      accessGroups: ["com.example.shared"])
    let app = AppIdentity(
      bundleID: "com.example.app", teamID: "ABCDE12345", keychainAccessGroups: groups)
    #expect(device.install(app).succeeded)
    return device
  }

  // MARK: - iOS

  @Test func setItemWritesTheSeedsGenericPasswordAndAReadGetsItBack() throws {
    let device = try Self.entitledDevice()
    let set = device.perform(.setItem(key: "accessToken", value: "t1"), on: Self.shared)
    #expect(set.settled == .success(.nothing))
    #expect(set.steps.map(\.function) == ["SecItemAdd"])
    #expect(!set.steps[0].query.contains("t1"), "the value is masked in the rendered query")
    // The Swift extension's query from the seed finds it.
    let swift = device.secItemCopyMatching([
      "class": .string("genp"), "svce": .string("shared"), "acct": .string("accessToken"),
      "agrp": .string(Self.sharedGroup), "nleg": .bool(true), "r_Data": .bool(true),
    ])
    #expect(swift.status == .errSecSuccess)
    #expect(swift.result == .data(Data("t1".utf8)))
    let get = device.perform(.getItem(key: "accessToken"), on: Self.shared)
    #expect(get.settled == .success(.string("t1")))
    #expect(get.returnedValue == .string("t1"))
  }

  @Test func setItemOfAnExistingKeyAddsThenUpdates() throws {
    let device = try Self.entitledDevice()
    _ = device.perform(.setItem(key: "k", value: "v1"), on: Self.shared)
    let again = device.perform(.setItem(key: "k", value: "v2"), on: Self.shared)
    #expect(again.steps.map(\.function) == ["SecItemAdd", "SecItemUpdate"])
    #expect(again.steps.map(\.outcome.status) == [.errSecDuplicateItem, .errSecSuccess])
    #expect(again.resolved)
    #expect(
      device.perform(.getItem(key: "k"), on: Self.shared).settled == .success(.string("v2")))
    let all = device.secItemCopyMatching(
      genp("k", service: "shared", ["m_Limit": .string("m_LimitAll"), "r_Attributes": .bool(true)]))
    guard case .array(let items)? = all.result else {
      Issue.record("expected an array, got \(String(describing: all.result))")
      return
    }
    #expect(items.count == 1)
  }

  @Test func aMissingKeyIsNullAndDeletingItResolves() throws {
    let device = try Self.entitledDevice()
    let get = device.perform(.getItem(key: "nothing"), on: Self.shared)
    #expect(get.settled == .success(.null))
    #expect(get.lastStatus == .errSecItemNotFound)
    let delete = device.perform(.deleteItem(key: "nothing"), on: Self.shared)
    #expect(delete.settled == .success(.nothing))
    _ = device.perform(.setItem(key: "k", value: "v"), on: Self.shared)
    #expect(device.perform(.deleteItem(key: "k"), on: Self.shared).resolved)
    #expect(device.perform(.getItem(key: "k"), on: Self.shared).settled == .success(.null))
  }

  @Test(arguments: [
    PackageOperation.setItem(key: "k", value: "v"), .getItem(key: "k"), .deleteItem(key: "k"),
  ])
  func aGroupTheEntitlementLacksIsMissingEntitlement(_ operation: PackageOperation) throws {
    let device = try makeDevice()
    let outcome = device.perform(operation, on: Self.shared)
    #expect(outcome.error?.code == .missingEntitlement)
    #expect(outcome.error?.status == .errSecMissingEntitlement)
    #expect(outcome.error?.message.contains(Self.sharedGroup) == true)
    #expect(outcome.steps.count == 1)
  }

  @Test func anotherKeychainFailureIsKeychainErrorWithItsStatus() throws {
    let device = try makeDeviceWithPasscode()
    _ = device.perform(.setItem(key: "k", value: "v"), on: Self.appOnly)
    #expect(device.lock().succeeded)
    #expect(device.advanceClock(by: .seconds(11)).succeeded)
    let outcome = device.perform(.getItem(key: "k"), on: Self.appOnly)
    #expect(outcome.error?.code == .keychainError)
    #expect(outcome.error?.status == .errSecInteractionNotAllowed)
  }

  @Test func dataThatIsNotUTF8CannotBeAJavaScriptString() throws {
    let device = try makeDevice()
    mustAdd(device, genp("bin", service: "shared", ["v_Data": .data(Data([0xFF, 0xFE]))]))
    let outcome = device.perform(.getItem(key: "bin"), on: Self.appOnly)
    #expect(outcome.error?.code == .keychainError)
    #expect(outcome.error?.status == nil)
  }

  // MARK: - The Expo config plugin

  @Test func thePluginWritesExistingGroupsAndTheAppsOwnFirst() {
    #expect(
      ExpoConfigPlugin.keychainAccessGroups(
        existing: [], bundleID: "com.example.app", teamID: "ABCDE12345",
        accessGroups: ["com.example.shared"])
        == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.shared"])
    #expect(
      ExpoConfigPlugin.keychainAccessGroups(
        existing: ["ABCDE12345.com.example.legacy"], bundleID: "com.example.app",
        teamID: "ABCDE12345", accessGroups: ["com.example.shared", "com.example.more"])
        == [
          "ABCDE12345.com.example.legacy", "ABCDE12345.com.example.app",
          "ABCDE12345.com.example.shared", "ABCDE12345.com.example.more",
        ])
  }

  @Test func thePluginWritesNoGroupTwice() {
    #expect(
      ExpoConfigPlugin.keychainAccessGroups(
        existing: ["ABCDE12345.com.example.shared", "ABCDE12345.com.example.app"],
        bundleID: "com.example.app", teamID: "ABCDE12345",
        accessGroups: ["com.example.shared", "com.example.shared"])
        == ["ABCDE12345.com.example.shared", "ABCDE12345.com.example.app"])
  }

  @Test func withThePluginTheDefaultGroupDoesNotMove() throws {
    let device = try Self.entitledDevice()
    _ = device.perform(.setItem(key: "k", value: "v"), on: Self.appOnly)
    let found = device.secItemCopyMatching(
      genp("k", service: "shared", ["agrp": .string("ABCDE12345.com.example.app")]))
    #expect(found.status == .errSecSuccess)
  }

  // MARK: - Android

  @Test func onAndroidTheGroupIsIgnoredAndEachAppKeepsItsOwn() throws {
    let device = try SimulatedDevice(options: .init(kdfProfile: .fast, platform: .android))
    #expect(
      device.install(AppIdentity(bundleID: "com.example.notes", teamID: "ABCDE12345"))
        .succeeded)
    let set = device.perform(.setItem(key: "k", value: "a1"), on: Self.shared)
    #expect(set.resolved, "a group the app lacks is no error on Android")
    #expect(set.steps.isEmpty)
    #expect(set.note?.cause.contains("ignores accessGroup") == true)
    #expect(
      device.perform(.getItem(key: "k"), on: Self.appOnly).settled == .success(.string("a1")))
    #expect(device.listItemsOrEmpty.isEmpty, "no keychain item is written")
    #expect(device.useApp("com.example.notes").succeeded)
    #expect(device.perform(.getItem(key: "k"), on: Self.shared).settled == .success(.null))
  }

  @Test func androidValuesAreSealedAndBoundToTheirApp() throws {
    let device = try SimulatedDevice(options: .init(kdfProfile: .fast, platform: .android))
    _ = device.perform(.setItem(key: "k", value: "plain-secret"), on: Self.appOnly)
    let entry = AndroidAppStorage.EntryKey(
      packageName: "com.example.app", service: "shared", key: "k")
    let sealed = try #require(device.route.packageStorage?.value(at: entry))
    #expect(sealed.range(of: Data("plain-secret".utf8)) == nil)
    // Moved to another app's entry, the seal does not open.
    let moved = AndroidAppStorage.EntryKey(
      packageName: "com.example.notes", service: "shared", key: "k")
    device.route.packageStorage?.store(sealed, at: moved)
    #expect(
      device.install(AppIdentity(bundleID: "com.example.notes", teamID: "ABCDE12345")).succeeded)
    #expect(device.useApp("com.example.notes").succeeded)
    #expect(device.perform(.getItem(key: "k"), on: Self.appOnly).error?.code == .keychainError)
  }

  @Test func uninstallingAnAndroidAppErasesItsValues() throws {
    let device = try SimulatedDevice(options: .init(kdfProfile: .fast, platform: .android))
    #expect(
      device.install(AppIdentity(bundleID: "com.example.notes", teamID: "ABCDE12345"))
        .succeeded)
    #expect(device.useApp("com.example.notes").succeeded)
    _ = device.perform(.setItem(key: "k", value: "n1"), on: Self.appOnly)
    #expect(device.useApp("com.example.app").succeeded)
    _ = device.perform(.setItem(key: "k", value: "a1"), on: Self.appOnly)
    let uninstall = device.uninstall(bundleID: "com.example.notes")
    #expect(uninstall.summary.contains("1 value(s)"))
    #expect(device.route.packageStorage?.count(of: "com.example.notes") == 0)
    #expect(device.route.packageStorage?.count(of: "com.example.app") == 1)
    #expect(
      device.install(AppIdentity(bundleID: "com.example.notes", teamID: "ABCDE12345"))
        .explanation?.cause.contains("Android erased") == true)
  }

  @Test func onAnIPhoneUninstallingKeepsTheItems() throws {
    let device = try Self.entitledDevice()
    _ = device.perform(.setItem(key: "k", value: "v"), on: Self.appOnly)
    _ = device.uninstall(bundleID: "com.example.app")
    #expect(
      device.install(AppIdentity(bundleID: "com.example.app", teamID: "ABCDE12345")).succeeded)
    #expect(
      device.perform(.getItem(key: "k"), on: Self.appOnly).settled == .success(.string("v")))
  }

  @Test func androidValuesNeedTheFirstUnlock() throws {
    let device = try SimulatedDevice(options: .init(kdfProfile: .fast, platform: .android))
    #expect(device.setPasscode("1234").succeeded)
    _ = device.perform(.setItem(key: "k", value: "v"), on: Self.appOnly)
    #expect(device.reboot().succeeded)
    #expect(device.perform(.getItem(key: "k"), on: Self.appOnly).error?.code == .keychainError)
    #expect(device.unlock(passcode: "1234").succeeded)
    #expect(
      device.perform(.getItem(key: "k"), on: Self.appOnly).settled == .success(.string("v")))
  }
}

extension SimulatedDevice {
  /// Every keychain item, or none when listing fails (recorded as an issue).
  fileprivate var listItemsOrEmpty: [ItemSummary] {
    do {
      return try listItems()
    } catch {
      Issue.record("listing failed: \(error)")
      return []
    }
  }
}
