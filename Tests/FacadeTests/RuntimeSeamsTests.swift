import Foundation
import Testing

@testable import Security

/// Each private runtime feature of the Security module (`RuntimeSeams`) against its public-API
/// path on the same inputs: the same answers, and the private path still doing what it is there
/// for (a toolchain that changed it fails here, not in a client's code).
@Suite struct RuntimeSeamsTests {
  /// The dictionaries a query arrives as: Swift dictionaries bridged to NSDictionary, a mutable
  /// one built by hand, an empty one, one holding a Swift struct. Made afresh for each test:
  /// NSDictionary is not Sendable on Linux.
  static let shapes = 0..<5

  static func dictionary(_ shape: Int) -> NSDictionary {
    [
      [
        kSecClass as String: kSecClassGenericPassword, kSecAttrAccount as String: "acct",
        kSecAttrService as String: "svc", kSecReturnData as String: true,
      ] as NSDictionary,
      [
        kSecAttrPort as String: 443, kSecValueData as String: Data([1, 2, 3]),
        kSecAttrCreationDate as String: Date(timeIntervalSince1970: 0),
        kSecMatchLimit as String: kSecMatchLimitAll, "array": [1, 2] as [Any], "null": NSNull(),
      ] as NSDictionary,
      {
        let query = NSMutableDictionary()
        query[NSString(string: "class")] = NSString(string: "genp")
        query[kSecAttrAccount] = NSString(string: "mutable")
        query[NSString(string: "r_Data")] = kCFBooleanTrue
        return query
      }(),
      NSDictionary(),
      ["struct": CGPoint(x: 1, y: 2), "acct": "a"] as NSDictionary,
    ][shape]
  }

  /// Every entry as the translator would see it: key and value as text.
  static func entries(
    _ dictionary: NSDictionary,
    _ forEach: (NSDictionary, Int, (AnyObject, AnyObject) -> Bool) -> Bool
  ) -> (entries: [String], completed: Bool) {
    var seen: [String] = []
    let completed = forEach(dictionary, dictionary.count) { key, value in
      seen.append("\(key as? String ?? "<\(type(of: key))>") = \(value)")
      return true
    }
    return (seen, completed)
  }

  @Test(arguments: shapes)
  func thePublicPathReadsEveryEntryOfADictionary(index: Int) {
    let dictionary = Self.dictionary(index)
    let (entries, completed) = Self.entries(dictionary, RuntimeSeams.PublicAPI.forEachEntry)
    #expect(completed)
    #expect(entries.count == dictionary.count)
    let expected = dictionary.allKeys.map { key in
      "\(key as? String ?? "<\(type(of: key as AnyObject))>") = \(dictionary[key]! as AnyObject)"
    }
    #expect(entries.sorted() == expected.sorted())
  }

  @Test func bothPathsStopWhereTheBodySays() {
    let dictionary = Self.dictionary(1)
    var paths: [(NSDictionary, Int, (AnyObject, AnyObject) -> Bool) -> Bool] = [
      RuntimeSeams.PublicAPI.forEachEntry
    ]
    #if !KEYCHAIN_SIM_PUBLIC_API_ONLY && !_runtime(_ObjC) && canImport(CoreFoundation)
      paths.append(RuntimeSeams.PrivateRuntime.forEachEntry)
    #endif
    for forEach in paths {
      var calls = 0
      let completed = forEach(dictionary, dictionary.count) { _, _ in
        calls += 1
        return calls < 2
      }
      #expect(!completed)
      #expect(calls == 2)
    }
  }

  /// Every returned-data shape (inline, long, empty) answers every cast a client makes the same
  /// way on both paths.
  @Test(arguments: [
    Data(), Data([7]), Data("fourteen bytes".utf8), Data(repeating: 0xA5, count: 300),
  ])
  func bothResultObjectsAnswerEveryCastAlike(secret: Data) throws {
    var objects: [SecResultData] = [RuntimeSeams.PublicAPI.resultData(secret)]
    #if !KEYCHAIN_SIM_PUBLIC_API_ONLY && !_runtime(_ObjC) && canImport(CoreFoundation)
      objects.append(RuntimeSeams.PrivateRuntime.resultData(secret))
    #endif
    for result in objects {
      let object: AnyObject = result
      #expect(object as? Data == secret)
      #expect(object is NSData)
      let cfData = object as! CFData
      #expect(cfData.length == secret.count)
      #expect(Data(bytes: cfData.bytes, count: cfData.length) == secret)
      #expect(Data(referencing: object as! NSData) == secret)
      #expect((object as? NSData)?.isEqual(to: secret) == true)
      #expect(result.isEqual(NSData(data: secret)))
      #expect(result.hash == NSData(data: secret).hash)
      #expect(object as? String == nil)
      #expect(object as? NSNumber == nil)
    }
  }

  /// The texts a query's strings have: empty, short (kept inline by `String`), long, not
  /// ASCII.
  static let texts = [
    "", "a", "acct", "account-123", "com.example.bench",
    "caf\u{E9} \u{1F511} long enough to be kept on the heap",
  ]

  /// Plain `NSString`s made the ways client code makes them read the same text on both paths.
  @Test(arguments: texts)
  func bothPathsReadAPlainStringAlike(text: String) {
    let publicReader = RuntimeSeams.PublicAPI.PlainTextReader()
    var paths: [(NSString) -> String] = [
      RuntimeSeams.PublicAPI.text(of:), { publicReader.text(of: $0) },
    ]
    #if !KEYCHAIN_SIM_PUBLIC_API_ONLY && !_runtime(_ObjC) && canImport(CoreFoundation)
      let privateReader = RuntimeSeams.PrivateRuntime.PlainTextReader()
      paths.append(RuntimeSeams.PrivateRuntime.text(of:))
      paths.append { privateReader.text(of: $0) }
    #endif
    let made: [NSString] = [
      NSString(string: text), text._bridgeToObjectiveC(),
      NSString(characters: Array(text.utf16), length: text.utf16.count),
      ([text: 1] as NSDictionary).allKeys[0] as! NSString,
    ]
    #expect(made.allSatisfy { type(of: $0) == NSString.self })
    for string in made {
      for read in paths { #expect(read(string) == text) }
    }
  }

  #if !KEYCHAIN_SIM_PUBLIC_API_ONLY && !_runtime(_ObjC) && canImport(CoreFoundation)
    /// The private path's point: it found where an `NSString` keeps its `String`.
    @Test func thePrivatePathFindsWhereAnNSStringKeepsItsText() {
      #expect(RuntimeSeams.PrivateRuntime.plainStringStorage != nil)
    }

    /// A string of another class (here a mutable one, changed after it was made) is read
    /// through Foundation, as it is now.
    @Test func aStringOfAnotherClassIsReadThroughFoundation() {
      let mutable = NSMutableString(string: "acc")
      mutable.append("t")
      #expect(RuntimeSeams.PrivateRuntime.text(of: mutable) == "acct")
      #expect(RuntimeSeams.PrivateRuntime.text(of: kSecAttrAccount) == "acct")
      // One reader, as a query's strings are read: the mutable one read after its change.
      let reader = RuntimeSeams.PrivateRuntime.PlainTextReader()
      #expect(reader.text(of: mutable) == "acct")
      mutable.append("s")
      #expect(reader.text(of: mutable) == "accts")
      #expect(reader.text(of: kSecAttrAccount) == "acct")
    }

    @Test(arguments: shapes)
    func bothPathsReadTheSameEntriesInTheSameOrder(index: Int) {
      let dictionary = Self.dictionary(index)
      let fast = Self.entries(dictionary, RuntimeSeams.PrivateRuntime.forEachEntry)
      let slow = Self.entries(dictionary, RuntimeSeams.PublicAPI.forEachEntry)
      #expect(fast.completed == slow.completed)
      #expect(fast.entries == slow.entries)
    }

    /// Both paths count the same entries, in a plain dictionary and in a mutable one changed
    /// after it was made.
    @Test(arguments: shapes)
    func bothPathsCountTheSameEntries(index: Int) {
      let dictionary = Self.dictionary(index)
      #expect(
        RuntimeSeams.PrivateRuntime.count(of: dictionary)
          == RuntimeSeams.PublicAPI.count(of: dictionary))
      let mutable = dictionary.mutableCopy() as! NSMutableDictionary
      mutable["added"] = "entry"
      mutable.removeObject(forKey: kSecClass as String)
      #expect(
        RuntimeSeams.PrivateRuntime.count(of: mutable)
          == RuntimeSeams.PublicAPI.count(of: mutable))
      #expect(RuntimeSeams.PrivateRuntime.count(of: NSDictionary()) == 0)
    }

    /// The private path's point: it found where an `NSDictionary` keeps its entries.
    @Test func thePrivatePathFindsWhereAnNSDictionaryKeepsItsEntries() {
      #expect(RuntimeSeams.PrivateRuntime.plainDictionaryStorage != nil)
      let counted = NSMutableDictionary()
      for entry in 0..<9 {
        counted["key-\(entry)"] = entry
        #expect(RuntimeSeams.PrivateRuntime.count(of: counted) == entry + 1)
      }
    }

    /// The private path's point: `as? Data` hands out the engine's own `Data` (the same
    /// storage), where the public path's bridge copies it.
    @Test func thePrivateResultIsUnboxedNotCopied() throws {
      let secret = Data(repeating: 0x5A, count: 4096)
      let address = secret.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) }
      let unboxed = try #require(
        RuntimeSeams.PrivateRuntime.resultData(secret) as AnyObject as? Data)
      #expect(unboxed.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) } == address)
      let bridged = try #require(RuntimeSeams.PublicAPI.resultData(secret) as AnyObject as? Data)
      #expect(bridged == secret)
      #expect(bridged.withUnsafeBytes { UInt(bitPattern: $0.baseAddress) } != address)
    }

    @Test func theBuildTakesThePrivatePaths() {
      #expect(RuntimeSeams.Selected.self == RuntimeSeams.PrivateRuntime.self)
    }
  #else
    @Test func theBuildTakesThePublicPaths() {
      #expect(RuntimeSeams.Selected.self == RuntimeSeams.PublicAPI.self)
    }
  #endif

  /// `_HasCustomAnyHashableRepresentation` has no public equivalent: with it a constant and
  /// its string are one `AnyHashable`; without it (`KEYCHAIN_SIM_PUBLIC_API_ONLY`) they are
  /// not, and the rest of what a constant is stays the same.
  @Test func aConstantIsItsStringInAnyHashableOnlyThroughThePrivateFeature() {
    #if KEYCHAIN_SIM_PUBLIC_API_ONLY
      #expect(AnyHashable(kSecAttrAccount) != AnyHashable("acct"))
    #else
      #expect(AnyHashable(kSecAttrAccount) == AnyHashable("acct"))
      let attributes: [AnyHashable: Any] = ["acct": "me"]
      #expect(attributes[kSecAttrAccount] as? String == "me")
    #endif
    #expect(kSecAttrAccount as String == "acct")
    #expect(kSecAttrAccount.isEqual(NSString(string: "acct")))
    #expect(kSecAttrAccount.hash == NSString(string: "acct").hash)
  }
}
