import Foundation
import KeychainSimulatorTesting
import Security
import Testing

/// Code written as wrappers write it, run against the simulated phone.
@Suite struct WrapperStyleTests {
  @Test func setGetUpdateRemoveRoundTrip() throws {
    try onFreshPhone { _ in
      let store = CredentialStore(service: "api")
      try store.set("first", for: "alice")
      #expect(try store.get("alice") == "first")
      try store.set("second", for: "alice")
      #expect(try store.get("alice") == "second")
      try store.remove("alice")
      #expect(try store.get("alice") == nil)
    }
  }

  @Test func addingTwiceIsADuplicate() throws {
    try onFreshPhone { _ in
      let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrAccount as String: "dup",
        kSecValueData as String: Data("x".utf8),
      ]
      #expect(SecItemAdd(query as CFDictionary, nil) == errSecSuccess)
      #expect(SecItemAdd(query as CFDictionary, nil) == errSecDuplicateItem)
    }
  }

  @Test func attributesComeBackAsStringKeyedDictionaries() throws {
    try onFreshPhone { phone in
      let store = CredentialStore(service: "api")
      try store.set("one", for: "alice")
      try store.set("two", for: "bob")
      let items = try store.allAttributes()
      let accounts = items.compactMap { $0[kSecAttrAccount as String] as? String }.sorted()
      #expect(accounts == ["alice", "bob"])
      // The default access group is the app's first: its application identifier.
      #expect(items.first?[kSecAttrAccessGroup as String] as? String == phone.app.accessGroups[0])
      // No secret in an attributes-only result.
      #expect(items.allSatisfy { $0[kSecValueData as String] == nil })
    }
  }

  @Test func anyHashableLookUpsFindResultKeys() throws {
    try onFreshPhone { _ in
      try CredentialStore(service: "api").set("v", for: "acct")
      let query: [CFString: Any] = [
        kSecClass: kSecClassGenericPassword,
        kSecAttrAccount: "acct",
        kSecReturnAttributes: kCFBooleanTrue!,
        kSecReturnData: kCFBooleanTrue!,
      ]
      var result: AnyObject?
      #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
      let attributes = try #require(result as? [AnyHashable: Any])
      // A constant finds its string's key only through a private runtime feature
      // (RuntimeSeamsTests: none in the public-API-only build).
      #if !KEYCHAIN_SIM_PUBLIC_API_ONLY
        #expect(AnyHashable(kSecAttrAccount) == AnyHashable("acct"))
        #expect(attributes[kSecAttrAccount] as? String == "acct")
        #expect(attributes[AnyHashable(kSecValueData)] as? Data == Data("v".utf8))
      #endif
      let typed = try #require(result as? [String: AnyHashable])
      #expect(typed[kSecAttrService as String] == AnyHashable("api"))
    }
  }

  @Test func aPortStaysANumberAndABooleanStaysABoolean() throws {
    try onFreshPhone { _ in
      let add: [String: Any] = [
        kSecClass as String: kSecClassInternetPassword,
        kSecAttrServer as String: "example.com",
        kSecAttrAccount as String: "me",
        kSecAttrPort as String: 443,
        kSecAttrProtocol as String: kSecAttrProtocolHTTPS,
        kSecAttrIsInvisible as String: true,
        kSecValueData as String: Data("pw".utf8),
      ]
      #expect(SecItemAdd(add as CFDictionary, nil) == errSecSuccess)
      let query: [String: AnyHashable] = [
        kSecClass as String: kSecClassInternetPassword,
        kSecAttrServer as String: "example.com",
        kSecAttrPort as String: 443,
        kSecReturnAttributes as String: true,
      ]
      var result: AnyObject?
      #expect(SecItemCopyMatching(query as CFDictionary, &result) == errSecSuccess)
      let attributes = try #require(result as? [String: Any])
      #expect(attributes[kSecAttrPort as String] as? Int == 443)
      #expect(attributes[kSecAttrProtocol as String] as? String == kSecAttrProtocolHTTPS as String)
      #expect(attributes[kSecAttrIsInvisible as String] as? Bool == true)
    }
  }

  @Test func aNumberWhereABooleanIsExpectedIsNotTakenForOne() throws {
    try onFreshPhone { phone in
      try CredentialStore(service: "api").set("v", for: "acct")
      // kSecReturnData: 2 is a CFNumber, not kCFBooleanTrue: whatever the engine answers, the
      // layer must hand it a number, and the transcript shows what was passed.
      let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword,
        kSecAttrAccount as String: "acct",
        kSecReturnData as String: 2,
      ]
      var result: AnyObject?
      _ = SecItemCopyMatching(query as CFDictionary, &result)
      #expect(phone.transcript.last?.arguments.contains("kSecReturnData: 2") == true)
    }
  }

  @Test func closuresHoldingTheFunctionsCompileWithApplesShapes() throws {
    try onFreshPhone { _ in
      let copy: (CFDictionary, UnsafeMutablePointer<CFTypeRef?>?) -> OSStatus = SecItemCopyMatching
      let add: (CFDictionary, UnsafeMutablePointer<AnyObject?>?) -> OSStatus = SecItemAdd
      let item: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "c",
        kSecValueData as String: Data([1, 2, 3]), kSecReturnData as String: true,
      ]
      var added: AnyObject?
      #expect(add(item as CFDictionary, &added) == errSecSuccess)
      #expect(added as? Data == Data([1, 2, 3]))
      var result: CFTypeRef?
      let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "c",
        kSecReturnData as String: kCFBooleanTrue!, kSecMatchLimit as String: kSecMatchLimitAll,
      ]
      #expect(copy(query as CFDictionary, &result) == errSecSuccess)
      #expect((result as? [Data]) == [Data([1, 2, 3])])
    }
  }

  @Test func constantsWorkInSwitchesAndComparisons() {
    func describe(_ value: CFString) -> String {
      switch value {
      case kSecAttrAccessibleWhenUnlocked: "when unlocked"
      case kSecAttrAccessibleAfterFirstUnlock: "after first unlock"
      default: "other"
      }
    }
    #expect(describe(kSecAttrAccessibleAfterFirstUnlock) == "after first unlock")
    #expect(describe("ak" as CFString) == "when unlocked")
    #expect(String(kSecClassGenericPassword) == "genp")
    #expect(kSecAttrAccount == "acct" as CFString)
  }
}

/// The translator reads a dictionary's keys and values in one pass; a large query of mixed
/// types must come through with every key paired with its own value.
@Suite struct TranslationPairingTests {
  @Test func everyAttributeKeepsItsOwnValueInALargeMixedQuery() throws {
    try onFreshPhone { _ in
      let add = NSMutableDictionary()
      add[kSecClass] = kSecClassInternetPassword
      add[kSecAttrServer] = "pairs.example.com"
      add[kSecAttrAccount] = "account-value"
      add[kSecAttrLabel] = "label-value"
      add[kSecAttrComment] = "comment-value"
      add[kSecAttrDescription] = "description-value"
      add[kSecAttrPath] = "/path-value"
      add[kSecAttrSecurityDomain] = "domain-value"
      add[kSecAttrPort] = 8443
      add[kSecAttrIsNegative] = false
      add[kSecValueData] = Data("secret".utf8)
      add[kSecReturnAttributes] = kCFBooleanTrue
      var result: AnyObject?
      #expect(SecItemAdd(add, &result) == errSecSuccess)
      let attributes = try #require(result as? [String: Any])
      #expect(attributes["srvr"] as? String == "pairs.example.com")
      #expect(attributes["acct"] as? String == "account-value")
      #expect(attributes["labl"] as? String == "label-value")
      #expect(attributes["icmt"] as? String == "comment-value")
      #expect(attributes["desc"] as? String == "description-value")
      #expect(attributes["path"] as? String == "/path-value")
      #expect(attributes["sdmn"] as? String == "domain-value")
      #expect(attributes["port"] as? Int == 8443)
    }
  }
}
