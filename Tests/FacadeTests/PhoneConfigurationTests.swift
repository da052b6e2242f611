import Foundation
import KeychainSimulatorTesting
import Security
import Testing

/// Configuring the calling app: from code, an Info.plist next to the executable, environment
/// variables, or the documented default.
@Suite struct PhoneConfigurationTests {
  @Test func theDefaultIsTheExampleApp() {
    let app = PhoneApp.resolve(environment: [:], infoDictionary: nil)
    #expect(app == .default)
    #expect(app.accessGroups == ["ABCDE12345.com.example.app"])
  }

  @Test func anInfoPlistNextToTheExecutableGivesTheApp() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("phone-config-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let plist: [String: Any] = [
      "CFBundleIdentifier": "com.acme.notes",
      "AppIdentifierPrefix": "ACME123456.",
      "keychain-access-groups": [
        "$(AppIdentifierPrefix)com.acme.shared", "ACME123456.com.acme.notes",
      ],
      "com.apple.security.application-groups": ["group.com.acme"],
    ]
    let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    try data.write(to: folder.appendingPathComponent("Info.plist"))
    let bundle = try #require(Bundle(path: folder.path))
    #expect(bundle.bundleIdentifier == "com.acme.notes")
    let app = PhoneApp.resolve(environment: [:], infoDictionary: bundle.infoDictionary)
    #expect(app.bundleID == "com.acme.notes")
    #expect(app.teamID == "ACME123456")
    #expect(
      app.accessGroups == [
        "ACME123456.com.acme.shared", "ACME123456.com.acme.notes", "group.com.acme",
      ])
  }

  @Test func environmentVariablesWinOverTheInfoPlist() {
    let app = PhoneApp.resolve(
      environment: [
        "KEYCHAIN_SIM_BUNDLE_ID": "com.env.app", "KEYCHAIN_SIM_TEAM_ID": "ENVTEAM123",
        "KEYCHAIN_SIM_ACCESS_GROUPS": "ENVTEAM123.one, ENVTEAM123.two",
        "KEYCHAIN_SIM_APP_GROUPS": "group.env",
      ],
      infoDictionary: ["CFBundleIdentifier": "com.plist.app"])
    #expect(app.bundleID == "com.env.app")
    #expect(
      app.accessGroups == [
        "ENVTEAM123.one", "ENVTEAM123.two", "ENVTEAM123.com.env.app", "group.env",
      ])
  }

  @Test func itemsGoToTheFirstGroupAndOtherTeamsGroupsAreMissingEntitlements() throws {
    let app = PhoneApp(
      bundleID: "com.acme.notes", teamID: "ACME123456",
      keychainAccessGroups: ["$(AppIdentifierPrefix)com.acme.shared"])
    try onFreshPhone(app: app) { phone in
      let add: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "a",
        kSecValueData as String: Data([1]), kSecReturnAttributes as String: true,
      ]
      var result: AnyObject?
      #expect(SecItemAdd(add as CFDictionary, &result) == errSecSuccess)
      #expect(
        (result as? [String: Any])?[kSecAttrAccessGroup as String] as? String
          == "ACME123456.com.acme.shared")
      let foreign: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrAccessGroup as String: "OTHER12345.com.other",
      ]
      #expect(SecItemCopyMatching(foreign as CFDictionary, nil) == errSecMissingEntitlement)
      #expect(phone.transcript.last?.fix != nil)
    }
  }

  @Test func anAppIOSWouldNotInstallIsRefusedWithTheReason() throws {
    #expect(throws: PhoneError.self) {
      try SimulatedPhone(app: PhoneApp(bundleID: "com.acme.app", teamID: "not-a-team"))
    }
    let stolen = PhoneApp(
      bundleID: "com.acme.app", teamID: "ACME123456", keychainAccessGroups: ["OTHER12345.shared"])
    #expect(throws: PhoneError.self) { try SimulatedPhone(app: stolen) }
    let phone = try SimulatedPhone(app: PhoneApp(bundleID: "com.acme.app", teamID: "ACME123456"))
    #expect(throws: PhoneError.self) { try phone.configure(app: stolen) }
    #expect(phone.app.keychainAccessGroups.isEmpty)
  }

  @Test func reconfiguringTheAppKeepsItsItems() throws {
    try onFreshPhone { phone in
      try CredentialStore(service: "s").set("v", for: "a")
      var updated = phone.app
      updated.appGroups = ["group.com.acme.bank"]
      try phone.configure(app: updated)
      #expect(phone.app.accessGroups.contains("group.com.acme.bank"))
      #expect(try CredentialStore(service: "s").get("a") == "v")
      try phone.configure(app: PhoneApp(bundleID: "com.other.app", teamID: "OTHER12345"))
      #expect(try CredentialStore(service: "s").get("a") == nil)
    }
  }
}

/// The process-wide phone, used by code that no test bound a phone for. Serialised: it is
/// shared by every test of this suite.
@Suite(.serialized) struct SharedPhoneTests {
  @Test func aCallBeforeAnyConfigurationUsesTheDocumentedDefault() throws {
    let shared = try #require(SimulatedPhone.shared)
    try shared.reset(app: .resolve())
    let add: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "unconfigured",
      kSecValueData as String: Data([7]), kSecReturnAttributes as String: true,
    ]
    var result: AnyObject?
    #expect(SecItemAdd(add as CFDictionary, &result) == errSecSuccess)
    let group = (result as? [String: Any])?[kSecAttrAccessGroup as String] as? String
    #expect(group == PhoneApp.resolve().accessGroups.first)
    #expect(shared.transcript.count == 1)
    try shared.reset()
  }

  @Test func threadsOutsideSwiftConcurrencyAreSerialisedOnTheSharedPhone() throws {
    let shared = try #require(SimulatedPhone.shared)
    try shared.reset()
    let failures = Counter()
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      for index in 0..<20 {
        let account = "w\(worker)-\(index)"
        let add: [String: Any] = [
          kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
          kSecValueData as String: Data(account.utf8),
        ]
        let read: [String: Any] = [
          kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
          kSecReturnData as String: true,
        ]
        var result: AnyObject?
        if SecItemAdd(add as CFDictionary, nil) != errSecSuccess
          || SecItemCopyMatching(read as CFDictionary, &result) != errSecSuccess
          || result as? Data != Data(account.utf8)
        {
          failures.increment()
        }
      }
    }
    #expect(failures.value == 0)
    #expect(try shared.itemCount() == 160)
    #expect(shared.transcript.count == 320)
    try shared.reset()
  }

  /// Issue 26: a test that made a phone but forgot `phone.use { }` is told, in both
  /// transcripts, where its calls went.
  @Test func aForgottenUseIsNamedInBothTranscripts() throws {
    let shared = try #require(SimulatedPhone.shared)
    try shared.reset()
    let mine = try SimulatedPhone(app: PhoneApp(bundleID: "com.acme.bank", teamID: "ACME123456"))
    let add: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "forgot-use",
      kSecValueData as String: Data([1]),
    ]
    #expect(SecItemAdd(add as CFDictionary, nil) == errSecSuccess)  // no mine.use { }
    #expect(SecItemDelete(add as CFDictionary) == errSecSuccess)
    let warnings = shared.transcriptEntries.compactMap { entry -> String? in
      if case .warning(let text) = entry { return text }
      return nil
    }
    #expect(warnings.count == 1)  // once per transcript, not per call
    #expect(warnings.first?.contains("bound no phone, so it went to SimulatedPhone.shared") == true)
    #expect(shared.transcriptText.contains("run the code under test inside phone.use { }"))
    // The calls-only transcript is unchanged: the warning is not a call.
    #expect(shared.transcript.map(\.function) == ["SecItemAdd", "SecItemDelete"])
    #expect(
      mine.transcriptText.contains("no Security or LocalAuthentication call reached this phone"))
    #expect(try mine.itemCount() == 0)

    // Bound, the calls reach the phone and neither transcript warns.
    shared.clearTranscript()
    mine.use { #expect(SecItemAdd(add as CFDictionary, nil) == errSecSuccess) }
    #expect(shared.transcriptEntries.isEmpty)
    #expect(!mine.transcriptText.contains("reached this phone"))
    #expect(mine.transcript.map(\.function) == ["SecItemAdd"])
    try shared.reset()
  }
}

/// A thread-safe tally.
final class Counter: @unchecked Sendable {
  private let lock = NSLock()
  private var count = 0
  func increment() {
    lock.lock()
    count += 1
    lock.unlock()
  }
  var value: Int {
    lock.lock()
    defer { lock.unlock() }
    return count
  }
}
