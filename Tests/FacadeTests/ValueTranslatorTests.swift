import Foundation
import KeychainSimulatorTesting
import Testing

@testable import Security

/// The translation of a client's dictionary, whichever way each key and value reached the
/// `NSDictionary` (a `String`, a `kSec*` constant, a Swift `Bool`, `kCFBooleanTrue`, a number,
/// data, a mutable Foundation object, a Swift value of no CF type).
@Suite struct ValueTranslatorTests {
  /// A dictionary of another class than NSDictionary/NSMutableDictionary is read through its
  /// iterator, with the same meaning.
  @Test func aSubclassOfNSDictionaryIsReadTheSameWay() throws {
    let query = PairsDictionary([
      kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "sub",
      kSecReturnData as String: true,
    ])
    let translated = try ValueTranslator.query(query, role: "query")
    #expect(describe(translated["class"]) == "string(\"genp\")")
    #expect(describe(translated["acct"]) == "string(\"sub\")")
    #expect(describe(translated["r_Data"]) == "bool(true)")
  }

  /// Keys of another string class, dates, arrays, nested dictionaries and NSNull take the
  /// general path, inside a plain dictionary read in place.
  @Test func lessCommonKeysAndValuesKeepTheirMeaning() throws {
    let query: NSDictionary = [
      NSMutableString(string: "acct"): "a",
      kSecAttrCreationDate as String: Date(timeIntervalSince1970: 0),
      kSecMatchSearchList as String: ["x", "y"],
      kSecAttrLabel as String: NSNull(),
      "nested": [kSecAttrService as String: "s"] as NSDictionary,
    ]
    let translated = try ValueTranslator.query(query, role: "query")
    #expect(describe(translated["acct"]) == "string(\"a\")")
    #expect(describe(translated["cdat"]).hasPrefix("date(1970-01-01"))
    #expect(
      describe(translated["m_SearchList"])
        == "array([KeychainEngine.SecValue.string(\"x\"), KeychainEngine.SecValue.string(\"y\")])")
    #expect(describe(translated["labl"]) == "null")
    #expect(
      describe(translated["nested"])
        == "dictionary([\"svce\": KeychainEngine.SecValue.string(\"s\")])")
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
      kSecAttrGeneric as String: Data(),
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
    #expect(describe(translated["v_Data"]) == "data(3 bytes)")
    #expect(describe(translated["gena"]) == "data(0 bytes)")
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

/// An `NSDictionary` subclass with storage of its own, as a client library might pass.
private final class PairsDictionary: NSDictionary {
  private let pairs: [String: Any]

  init(_ pairs: [String: Any]) {
    self.pairs = pairs
    super.init(objects: nil, forKeys: nil, count: 0)
  }

  required init(
    objects: UnsafePointer<AnyObject>!, forKeys keys: UnsafePointer<NSObject>!, count: Int
  ) {
    pairs = [:]
    super.init(objects: objects, forKeys: keys, count: count)
  }

  required init?(coder: NSCoder) { return nil }

  required convenience init(dictionaryLiteral elements: (Any, Any)...) { self.init([:]) }

  override var count: Int { pairs.count }
  override func object(forKey key: Any) -> Any? { (key as? String).flatMap { pairs[$0] } }
  override func keyEnumerator() -> NSEnumerator {
    (pairs.keys.map { NSString(string: $0) } as NSArray).objectEnumerator()
  }
}
