import Dispatch
import Foundation
import Synchronization
import Testing

@testable import Security

/// A query of keys seen before is built from its kept shape (``QueryShape``), without hashing:
/// whatever order the client's dictionary gives its keys in, however many shapes a client
/// uses, from any thread, the query is the one key-by-key insertion builds.
@Suite struct QueryShapeTests {
  /// Expects the translation of `dictionary` to be the query insertion builds: each entry in
  /// the dictionary's own order, the later of two keys that are one Swift string winning.
  private static func expectTranslatedAsInserted(
    _ dictionary: NSDictionary, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let translated = try ValueTranslator.query(dictionary, role: "query")
    var inserted = try ValueTranslator.query(NSDictionary(), role: "query")
    for (key, value) in dictionary {
      let name = try #require(key as? String)
      inserted[name] = try ValueTranslator.secValue(value, key: name)
    }
    #expect(translated == inserted, sourceLocation: sourceLocation)
  }

  /// Expects `QueryShape.query` of `names[i]: texts[i]` (each value a string) to hold
  /// `expected` (name: text) and nothing else; returns its word on the access group.
  @discardableResult
  private static func expectShapedQuery(
    names: [String], texts: [String], expected: KeyValuePairs<String, String>,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> Bool {
    var names = names
    var values = try texts.map { try ValueTranslator.secValue($0, key: "k") }
    let (query, mayNameAccessGroup) = names.withUnsafeMutableBufferPointer { names in
      values.withUnsafeMutableBufferPointer { values in
        // `query` moves the values out; they are put back, for the array to destroy.
        let shaped = QueryShape.query(names: names, values: values, empty: [:])
        for index in values.indices { (values.baseAddress! + index).initialize(to: .null) }
        return shaped
      }
    }
    #expect(query.count == expected.count, sourceLocation: sourceLocation)
    for (name, text) in expected {
      let value = try ValueTranslator.secValue(text, key: "k")
      #expect(query[name] == value, "\(name)", sourceLocation: sourceLocation)
    }
    return mayNameAccessGroup
  }

  /// Key sets of one to seven keys (seven is past the largest kept shape), each key a
  /// constant, its values differing by `variant`.
  private static func dictionary(keys: Int, variant: Int, reversed: Bool = false) -> NSDictionary
  {
    let names = [
      kSecClass, kSecAttrAccount, kSecAttrService, kSecReturnData, kSecAttrLabel,
      kSecAttrAccessGroup, kSecAttrGeneric,
    ].map { $0 as String }
    let values: [Any] = [
      kSecClassGenericPassword, "account-\(variant)", "service-\(variant)", variant % 2 == 0,
      NSNumber(value: variant), "group-\(variant)", Data([UInt8(variant & 0xFF)]),
    ]
    var order = Array(0..<keys)
    if reversed { order.reverse() }
    let dictionary = NSMutableDictionary()
    for index in order { dictionary[names[index]] = values[index] }
    return dictionary
  }

  @Test func aKnownShapeInAnyOrderGetsEveryValueRight() throws {
    for variant in 0..<40 {
      for keys in 1...7 {
        for reversed in [false, true] {
          try Self.expectTranslatedAsInserted(
            Self.dictionary(keys: keys, variant: variant, reversed: reversed))
        }
      }
    }
  }

  /// More key sets than are kept: each evicted shape is learnt again, and every query is
  /// still the inserted one.
  @Test func moreShapesThanAreKeptAreEachTranslatedRight() throws {
    for round in 0..<3 {
      for shape in 0..<(QueryShape.kept * 3) {
        let dictionary: NSDictionary = [
          "key-\(shape)-a": "a\(round)", "key-\(shape)-b": round, kSecClass as String: "genp",
        ]
        try Self.expectTranslatedAsInserted(dictionary)
      }
    }
  }

  /// Two names that are one Swift string (no client's `NSDictionary` has them: `NSString`s
  /// that are one Swift string are one key of it) make no shape; the later value wins, as
  /// insertion has it.
  @Test func namesThatAreOneSwiftStringAreMergedAsInsertionMergesThem() throws {
    for _ in 0..<3 {
      let mayNameAccessGroup = try Self.expectShapedQuery(
        names: ["caf\u{E9}", "class", "cafe\u{301}"], texts: ["first", "genp", "second"],
        expected: ["caf\u{E9}": "second", "class": "genp"])
      #expect(mayNameAccessGroup)  // no shape: nothing is known of the names
    }
  }

  /// A known shape's names are found by their bits first, and by string comparison when the
  /// bits differ: a long name made anew (its own storage) and a name in another Unicode form
  /// (equal as Swift strings, other bits) each match the shape they belong to, and every value
  /// lands under its own key.
  @Test func namesOfOtherBitsStillMatchTheirShape() throws {
    let long = String(repeating: "kSecAttrLongName-", count: 2)
    for round in 0..<4 {
      // Built at run time, so each round's long name has storage of its own.
      let longName = String(long.reversed().reversed())
      let accented = round % 2 == 0 ? "caf\u{E9}-\(round / 4)" : "cafe\u{301}-\(round / 4)"
      try Self.expectShapedQuery(
        names: [longName, accented, "class"],
        texts: ["long-\(round)", "accented-\(round)", "genp"],
        expected: [long: "long-\(round)", "caf\u{E9}-0": "accented-\(round)", "class": "genp"])
    }
  }

  /// Many threads translating queries of a dozen shapes at once (learning, matching and
  /// evicting shapes together) each get their own values.
  @Test func threadsTranslatingManyShapesAtOnceEachGetTheirOwnQuery() {
    let threads = 8
    let wrong = Mutex(0)
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
      for call in 0..<300 {
        let variant = thread * 1_000 + call
        let dictionary: NSDictionary = [
          "shape-\(call % 12)": "value-\(variant)", kSecClass as String: "genp",
          kSecAttrAccount as String: "account-\(variant)",
        ]
        do {
          let query = try ValueTranslator.query(dictionary, role: "query")
          func text(_ key: String) -> String { query[key].map { "\($0)" } ?? "nil" }
          let right =
            query.count == 3 && text("shape-\(call % 12)") == "string(\"value-\(variant)\")"
            && text("class") == "string(\"genp\")"
            && text("acct") == "string(\"account-\(variant)\")"
          if !right { wrong.withLock { $0 += 1 } }
        } catch {
          wrong.withLock { $0 += 1 }
        }
      }
    }
    #expect(wrong.withLock { $0 } == 0)
  }

  /// The pitfall detector skips its look for an access group only on the shape's word: a
  /// query that names one is never said to name none, and a known shape without one says so.
  @Test func aShapeTellsWhetherItsQueryMayNameAnAccessGroup() throws {
    for variant in 0..<3 {
      for keys in 1...7 {
        for reversed in [false, true] {
          var keyRef: SecKey? = nil
          var mayNameAccessGroup = true
          let query = try ValueTranslator.query(
            Self.dictionary(keys: keys, variant: variant, reversed: reversed), role: "query",
            keyRef: &keyRef, mayNameAccessGroup: &mayNameAccessGroup)
          let namesGroup = query[kSecAttrAccessGroup as String] != nil
          #expect(namesGroup == (keys >= 6))
          if namesGroup || keys > QueryShape.largest {
            #expect(mayNameAccessGroup, "keys: \(keys)")
          } else {
            #expect(!mayNameAccessGroup, "keys: \(keys)")
          }
        }
      }
    }
  }
}
