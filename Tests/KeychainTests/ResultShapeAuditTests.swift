import Foundation
import Testing

@testable import Keychain
@testable import KeychainEngine

/// The object each kSecReturn combination yields, per securityd's `handle_result`
/// (SecItemDb.c) and the client's `SecItemResultCopyPrepared` (SecItem.m); docs/evidence.md §4.
@Suite struct ResultShapeAuditTests {
  /// What a result for one genp item with data "pw" must look like.
  enum Shape: Sendable, CustomStringConvertible {
    case none
    case data(String)
    case persistentRef
    /// A dictionary with exactly these keys (attributes are abbreviated to `acct`).
    case dictionary(has: Set<String>, lacks: Set<String>)

    var description: String {
      switch self {
      case .none: "no result"
      case .data(let text): "data \(text)"
      case .persistentRef: "persistent ref"
      case .dictionary(let has, let lacks):
        "dictionary with \(has.sorted()) without \(lacks.sorted())"
      }
    }
  }

  struct Case: Sendable, CustomStringConvertible {
    let returns: [String]
    let shape: Shape
    var description: String { returns.isEmpty ? "none" : returns.joined(separator: "+") }
  }

  static let cases: [Case] = [
    Case(returns: [], shape: .none),
    Case(returns: ["r_Data"], shape: .data("pw")),
    Case(
      returns: ["r_Attributes"],
      shape: .dictionary(
        has: ["acct", "svce", "pdmn"], lacks: ["v_Data", "class", "tomb", "sha1"])),
    Case(returns: ["r_PersistentRef"], shape: .persistentRef),
    Case(returns: ["r_Ref"], shape: .none),
    Case(
      returns: ["r_Attributes", "r_Data"],
      shape: .dictionary(has: ["acct", "v_Data"], lacks: ["class", "tomb", "v_PersistentRef"])),
    Case(
      returns: ["r_Attributes", "r_Ref"],
      shape: .dictionary(has: ["acct", "class"], lacks: ["tomb", "v_Ref"])),
    Case(
      returns: ["r_Data", "r_PersistentRef"],
      shape: .dictionary(has: ["v_Data", "v_PersistentRef"], lacks: ["acct", "class"])),
    Case(
      returns: ["r_Attributes", "r_PersistentRef"],
      shape: .dictionary(has: ["acct", "v_PersistentRef"], lacks: ["v_Data", "class"])),
    // No SecKeychainItemRef exists for passwords on iOS, so the client keeps the attributes,
    // `class` and the data it fetched to build one (SecItem.m l.1271-1282).
    Case(
      returns: ["r_Data", "r_Ref"],
      shape: .dictionary(has: ["acct", "class", "v_Data"], lacks: ["v_Ref", "tomb"])),
    Case(
      returns: ["r_PersistentRef", "r_Ref"],
      shape: .dictionary(has: ["acct", "class", "v_Data", "v_PersistentRef"], lacks: ["v_Ref"])),
  ]

  @Test(arguments: cases)
  func copyMatchingShape(_ test: Case) throws {
    let device = try makeDevice()
    mustAdd(device, genp("a").adding(["v_Data": secret("pw")]))
    var query = genp("a")
    for key in test.returns { query[key] = .bool(true) }
    let outcome = device.secItemCopyMatching(query)
    #expect(outcome.status == .errSecSuccess)
    Self.check(outcome.result, test.shape)
  }

  @Test(arguments: cases)
  func addShape(_ test: Case) throws {
    let device = try makeDevice()
    var query = genp("a").adding(["v_Data": secret("pw")])
    for key in test.returns { query[key] = .bool(true) }
    let outcome = device.secItemAdd(query)
    #expect(outcome.status == .errSecSuccess)
    Self.check(outcome.result, test.shape)
  }

  static func check(_ result: SecValue?, _ shape: Shape) {
    switch shape {
    case .none:
      #expect(result == nil)
    case .data(let text):
      #expect(result == .data(Data(text.utf8)))
    case .persistentRef:
      guard case .data(let bytes)? = result else {
        Issue.record("expected a persistent ref, got \(String(describing: result))")
        return
      }
      #expect(bytes.count == 12)
    case .dictionary(let has, let lacks):
      guard case .dictionary(let dictionary)? = result else {
        Issue.record("expected a dictionary, got \(String(describing: result))")
        return
      }
      for key in has { #expect(dictionary[key] != nil, "missing \(key)") }
      for key in lacks { #expect(dictionary[key] == nil, "unexpected \(key)") }
    }
  }

  @Test func dataOfAnItemWithoutDataIsEmptyData() throws {
    let device = try makeDevice()
    mustAdd(device, genp("empty"))
    let single = device.secItemCopyMatching(genp("empty").adding(["r_Data": .bool(true)]))
    #expect(single.status == .errSecSuccess)
    #expect(single.result == .data(Data()))
    let all = device.secItemCopyMatching(
      genp("empty").adding(["r_Data": .bool(true), "m_Limit": .string("m_LimitAll")]))
    #expect(all.result == .array([.data(Data())]))
    // si-80-empty-data: with attributes too, the dictionary has no v_Data.
    let both = device.secItemCopyMatching(
      genp("empty").adding([
        "r_Data": .bool(true), "r_Attributes": .bool(true), "m_Limit": .string("m_LimitAll"),
      ]))
    guard case .array(let rows)? = both.result, case .dictionary(let row)? = rows.first else {
      Issue.record("expected an array of one dictionary")
      return
    }
    #expect(rows.count == 1)
    #expect(row["v_Data"] == nil)
    #expect(row["acct"] == .string("empty"))
  }

  struct LimitCase: Sendable, CustomStringConvertible {
    let limit: SecValue
    let status: OSStatus
    let result: SecValue?
    var description: String { "\(limit)" }
  }

  /// Three items "1", "2", "3": the number forms of kSecMatchLimit (SecDbQuery.c
  /// `query_add_match`, SecItemDb.c `s3dl_query`): 1 is a single object, -1 is
  /// kSecMatchUnlimited, 0 is `LIMIT 0`, other negatives stop after the first row.
  static let limitCases: [LimitCase] = [
    LimitCase(limit: .number(1), status: .errSecSuccess, result: secret("1")),
    LimitCase(limit: .string("m_LimitOne"), status: .errSecSuccess, result: secret("1")),
    LimitCase(
      limit: .number(2), status: .errSecSuccess, result: .array([secret("1"), secret("2")])),
    LimitCase(
      limit: .number(-1), status: .errSecSuccess,
      result: .array([secret("1"), secret("2"), secret("3")])),
    LimitCase(
      limit: .string("m_LimitAll"), status: .errSecSuccess,
      result: .array([secret("1"), secret("2"), secret("3")])),
    LimitCase(limit: .number(0), status: .errSecItemNotFound, result: nil),
    LimitCase(limit: .number(-7), status: .errSecSuccess, result: .array([secret("1")])),
  ]

  @Test(arguments: limitCases)
  func matchLimitNumbers(_ test: LimitCase) throws {
    let device = try makeDevice()
    for name in ["1", "2", "3"] { mustAdd(device, genp(name).adding(["v_Data": secret(name)])) }
    let outcome = device.secItemCopyMatching([
      "class": passwordClass, "r_Data": .bool(true), "m_Limit": test.limit,
    ])
    #expect(outcome.status == test.status)
    #expect(outcome.result == test.result)
  }
}
