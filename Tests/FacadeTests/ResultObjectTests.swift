import Foundation
import KeychainSimulatorTesting
import Security
import Synchronization
import Testing

/// The objects a SecItem call returns behave as the NSData / NSDictionary Apple returns, in
/// every way client code uses them (the layer makes its own NSData for speed).
@Suite struct ResultObjectTests {
  private func add(_ account: String, _ secret: Data) -> OSStatus {
    let query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
      kSecAttrService as String: "results", kSecValueData as String: secret,
    ]
    return SecItemAdd(query as CFDictionary, nil)
  }

  private func copy(_ account: String, _ extra: [String: Any]) -> (OSStatus, AnyObject?) {
    var query: [String: Any] = [
      kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: account,
      kSecAttrService as String: "results",
    ]
    query.merge(extra) { $1 }
    var result: AnyObject?
    let status = SecItemCopyMatching(query as CFDictionary, &result)
    return (status, result)
  }

  @Test func returnedDataIsAnOrdinaryNSData() throws {
    try onFreshPhone { _ in
      let secret = Data("s3cret-bytes".utf8)
      #expect(add("a", secret) == errSecSuccess)
      let (status, result) = copy("a", [kSecReturnData as String: true])
      #expect(status == errSecSuccess)
      let data = try #require(result as? NSData)
      let plain = NSData(data: secret)
      #expect(result as? Data == secret)
      #expect(data.length == secret.count)
      #expect(data.isEqual(plain) && plain.isEqual(data))
      #expect(data.hash == plain.hash)
      #expect(data.description == plain.description)
      #expect(data.base64EncodedString() == secret.base64EncodedString())
      #expect(data.mutableCopy() as? NSMutableData == NSMutableData(data: secret))
      #expect(data.subdata(with: NSRange(location: 2, length: 3)) == secret[2..<5])
      #expect(String(data: data as Data, encoding: .utf8) == "s3cret-bytes")
      #expect(AnyHashable(data) == AnyHashable(secret))
    }
  }

  @Test func dataInsideAttributeDictionariesCastsToData() throws {
    try onFreshPhone { _ in
      #expect(add("a", Data([0, 1, 2])) == errSecSuccess)
      #expect(add("b", Data([3])) == errSecSuccess)
      let (status, result) = copy(
        "a", [kSecReturnData as String: true, kSecReturnAttributes as String: true])
      #expect(status == errSecSuccess)
      let attributes = try #require(result as? [String: Any])
      #expect(attributes[kSecValueData as String] as? Data == Data([0, 1, 2]))
      var all: AnyObject?
      let query: [String: Any] = [
        kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: "results",
        kSecMatchLimit as String: kSecMatchLimitAll, kSecReturnData as String: true,
        kSecReturnAttributes as String: true,
      ]
      #expect(SecItemCopyMatching(query as CFDictionary, &all) == errSecSuccess)
      let items = try #require(all as? [[String: Any]])
      let secrets = Set(items.compactMap { $0[kSecValueData as String] as? Data })
      #expect(secrets == [Data([0, 1, 2]), Data([3])])
    }
  }

  /// The result is unboxed, not bridged, on `as? Data` (``SecResultData``): every cast client
  /// code makes still answers as for Apple's NSData, for a secret stored inline in a `Data`
  /// (up to 14 bytes), a longer one and an empty one.
  @Test(arguments: [Data(), Data([7]), Data("fourteen bytes".utf8), Data(repeating: 0xA5, count: 300)])
  func everyCastOfReturnedDataAnswersAsForNSData(secret: Data) throws {
    try onFreshPhone { _ in
      #expect(add("a", secret) == errSecSuccess)
      let (status, result) = copy("a", [kSecReturnData as String: true])
      #expect(status == errSecSuccess)
      let object = try #require(result)
      #expect(object as? Data == secret)
      #expect((object as! Data) == secret)
      #expect(object is NSData)
      let cfData = object as! CFData
      #expect(cfData.length == secret.count)
      #expect(Data(bytes: cfData.bytes, count: cfData.length) == secret)
      #expect(Data(referencing: object as! NSData) == secret)
      #expect(Data(object as! NSData) == secret)
      #expect((object as? NSData)?.isEqual(to: secret) == true)
      // What NSData is not, neither is the result.
      #expect(object as? String == nil)
      #expect(object as? NSString == nil)
      #expect(object as? [UInt8] == nil)
      #expect(object as? NSNumber == nil)
      #expect(object as? [String: Any] == nil)
    }
  }

  /// NSData's `bytes` is one address for the object's life, whichever thread asks first.
  @Test func bytesIsOneStableAddressAcrossThreads() throws {
    try onFreshPhone { _ in
      let secret = Data(repeating: 0x3C, count: 64)
      #expect(add("a", secret) == errSecSuccess)
      let (_, result) = copy("a", [kSecReturnData as String: true])
      let data = try #require(result as? NSData)
      let addresses = Mutex<Set<UInt>>([])
      // NSData is immutable and thread-safe, but not declared Sendable on Linux.
      nonisolated(unsafe) let shared = data
      DispatchQueue.concurrentPerform(iterations: 16) { _ in
        let address = UInt(bitPattern: shared.bytes)
        addresses.withLock { _ = $0.insert(address) }
      }
      #expect(addresses.withLock { $0.count } == 1)
      #expect(Data(bytes: data.bytes, count: data.length) == secret)
    }
  }

  /// Keys and values given as NSString (an `NSMutableDictionary` built by hand) read as the
  /// same strings as Swift `String`s and `kSec*` constants.
  @Test func nsStringKeysAndValuesReadAsStrings() throws {
    try onFreshPhone { _ in
      #expect(add("acct", Data("v".utf8)) == errSecSuccess)
      let query = NSMutableDictionary()
      query[NSString(string: "class")] = NSString(string: "genp")
      query[NSString(string: "acct")] = NSString(string: "acct")
      query[NSString(string: "svce")] = NSString(string: "results")
      query[NSString(string: "r_Data")] = kCFBooleanTrue
      var result: AnyObject?
      #expect(SecItemCopyMatching(query, &result) == errSecSuccess)
      #expect(result as? Data == Data("v".utf8))
    }
  }
}
