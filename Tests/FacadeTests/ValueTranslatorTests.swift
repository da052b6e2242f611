import Foundation
import KeychainSimulatorTesting
import Testing

@testable import Security

/// The translation of a client's dictionary, whichever way each key and value reached the
/// `NSDictionary` (a `String`, a `kSec*` constant, a Swift `Bool`, `kCFBooleanTrue`, a number,
/// data, a mutable Foundation object, a Swift value of no CF type).
@Suite struct ValueTranslatorTests {
  /// The translator reads the class instances of `allKeys`/`allValues` in place, relying on
  /// Swift's layout of `Any`: a three-word inline buffer, then the stored type's metadata.
  @Test func anyIsAThreeWordBufferThenItsType() {
    #expect(MemoryLayout<Any>.size == 4 * MemoryLayout<UnsafeRawPointer>.size)
    #expect(ValueTranslator.anyTypeOffset == 3 * MemoryLayout<UnsafeRawPointer>.size)
    let values = ([0: NSString(string: "text")] as NSDictionary).allValues
    values.withUnsafeBufferPointer { buffer in
      let stored = UnsafeRawPointer(buffer.baseAddress!).load(
        fromByteOffset: ValueTranslator.anyTypeOffset, as: Any.Type.self)
      #expect(stored == AnyObject.self || stored is AnyClass)
    }
  }

  @Test func everyShapeOfKeyAndValueKeepsItsMeaning() throws {
    let mutable = NSMutableString(string: "mutable")
    let query: [AnyHashable: Any] = [
      kSecClass: kSecClassInternetPassword,  // a constant key and value
      kSecAttrAccount as String: "acct-1",  // a String key and value
      kSecAttrServer as String: mutable,  // an NSString subclass
      kSecAttrPort as String: 443,  // an Int
      kSecAttrProtocol as String: NSNumber(value: 7),  // an NSNumber
      kSecAttrSynchronizable as String: true,  // a Swift Bool
      kSecReturnData as String: kCFBooleanTrue!,  // CFBoolean
      kSecReturnAttributes as String: kCFBooleanFalse!,
      kSecValueData as String: Data([1, 2, 3]),
      kSecAttrAuthenticationType as String: 44.0,  // an integral Double
    ]
    let translated = try ValueTranslator.query(query as CFDictionary, role: "query")
    #expect(translated.count == query.count)
    #expect(describe(translated["class"]) == "string(\"inet\")")
    #expect(describe(translated["acct"]) == "string(\"acct-1\")")
    #expect(describe(translated["srvr"]) == "string(\"mutable\")")
    #expect(describe(translated["port"]) == "number(443)")
    #expect(describe(translated["ptcl"]) == "number(7)")
    #expect(describe(translated["sync"]) == "bool(true)")
    #expect(describe(translated["r_Data"]) == "bool(true)")
    #expect(describe(translated["r_Attributes"]) == "bool(false)")
    #expect(describe(translated["atyp"]) == "number(44)")
    #expect(describe(translated["v_Data"]).hasPrefix("data("))
  }

  @Test func aMutableDictionaryIsReadTheSameWay() throws {
    let query = NSMutableDictionary()
    query[kSecClass as String] = kSecClassGenericPassword
    query[kSecAttrAccount as String] = "a"
    query[kSecReturnData as String] = true
    let translated = try ValueTranslator.query(query, role: "query")
    #expect(describe(translated["class"]) == "string(\"genp\")")
    #expect(describe(translated["acct"]) == "string(\"a\")")
    #expect(describe(translated["r_Data"]) == "bool(true)")
  }

  @Test func aRefusedValueIsNamedByTheClientsOwnType() {
    struct Token { var text: String }
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "a",
      kSecAttrService as String: Token(text: "s"),
    ]
    #expect {
      try ValueTranslator.query(query as CFDictionary, role: "query")
    } throws: { error in
      (error as? ValueTranslator.Untranslatable)?.reason.contains("is a Token") == true
    }
  }

  @Test func anUpdateIsRecordedWithBothDictionaries() throws {
    try onFreshPhone { phone in
      let item: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "u",
        kSecValueData as String: Data([1]),
      ]
      #expect(SecItemAdd(item as CFDictionary, nil) == errSecSuccess)
      let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "u",
      ]
      let change: [String: Any] = [kSecAttrLabel as String: "renamed"]
      #expect(SecItemUpdate(query as CFDictionary, change as CFDictionary) == errSecSuccess)
      let call = try #require(phone.transcript.last)
      #expect(call.function == "SecItemUpdate")
      #expect(
        call.arguments
          == "[kSecClass: kSecClassGenericPassword, kSecAttrAccount: \"u\"], "
          + "[kSecAttrLabel: \"renamed\"]")
      #expect(call.statusName == "errSecSuccess")
      #expect(call.status == 0)
    }
  }

  @Test func aStatusNameSetByATestIsKept() throws {
    try onFreshPhone { phone in
      let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "none",
      ]
      #expect(SecItemCopyMatching(query as CFDictionary, nil) == errSecItemNotFound)
      var call = try #require(phone.transcript.last)
      #expect(call.statusName == "errSecItemNotFound")
      let recorded = call
      #expect(call == recorded)
      call.statusName = "renamed"
      #expect(call.statusName == "renamed")
      #expect(call != recorded)
    }
  }

  private func describe(_ value: Any?) -> String {
    value.map { "\($0)" } ?? "nil"
  }
}
