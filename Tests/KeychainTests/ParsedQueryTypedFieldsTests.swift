import Foundation
import ItemStore
import Testing

@testable import Keychain
@testable import KeychainEngine

/// The query parser resolves every constant once into typed fields; the engine reads only
/// those fields (see docs/architecture.md, "Rules that keep it honest": keys are named by type).
@Suite struct ParsedQueryTypedFieldsTests {
  private func parse(_ query: SecQuery, as function: SecItemFunction = .copyMatching) throws
    -> ParsedQuery
  {
    do {
      return try QueryParser().parse(query, as: function)
    } catch {
      Issue.record("parse failed: \(error.explanation)")
      throw error
    }
  }

  @Test func protectionComesFromAccessibleOrFromTheAccessControl() throws {
    #expect(try parse(genp().adding(["pdmn": .string("cku")])).protection == .cku)
    let control = SecAccessControl(protection: "akpu", flags: [.userPresence])
    let parsed = try parse(genp().adding(["accc": .accessControl(control)]), as: .add)
    #expect(parsed.protection == .akpu)
    #expect(parsed.accessControl == control)
    // In a search the access control is kept but selects nothing (query_set_access_control).
    let search = try parse(genp().adding(["accc": .accessControl(control)]))
    #expect(search.accessControl == nil && search.protection == nil)
    #expect(search.searchAccessControl == control)
    #expect(try parse(genp()).protection == nil)
  }

  @Test(arguments: [
    ("u_AuthUIA", AuthenticationUI.allow), ("u_AuthUIF", .fail), ("u_AuthUIS", .skip),
  ])
  func authenticationUIIsAnEnum(raw: String, expected: AuthenticationUI) throws {
    #expect(try parse(genp().adding(["u_AuthUI": .string(raw)])).authenticationUI == expected)
  }

  @Test func anUnknownAuthenticationUIStringBehavesAsAbsent() throws {
    let parsed = try parse(genp().adding(["u_AuthUI": .string("u_AuthUIZ")]))
    #expect(parsed.authenticationUI == nil)
    #expect(parsed.useKeysPresent == [.authenticationUI])
  }

  @Test func useKeysBecomeTypedFields() throws {
    let context = LAContext()
    let parsed = try parse(
      genp().adding([
        "u_AuthCtx": .authenticationContext(context), "u_OpPrompt": .string("Pay"),
        "u_NoAuthUI": .bool(true), "u_ItemList": .array([]),
      ]))
    #expect(parsed.authenticationContext === context)
    #expect(parsed.operationPrompt == "Pay")
    #expect(parsed.noAuthenticationUI)
    #expect(
      parsed.useKeysPresent
        == [.authenticationContext, .operationPrompt, .noAuthenticationUI, .itemList])
  }

  @Test func returnKeysAreTypedWhateverTheirValue() throws {
    let parsed = try parse(
      genp().adding(["r_Data": .bool(true), "r_Attributes": .bool(false)]))
    #expect(parsed.returns == [.data])
    #expect(parsed.returnKeysPresent == [.data, .attributes])
  }

  @Test func returnKeySetsCountAndListTheirMembers() {
    let keys: QueryKey.ReturnKeys = [.persistentRef, .data]
    #expect(keys.count == 2 && keys.members == [.data, .persistentRef] && keys.first == .data)
    #expect(QueryKey.ReturnKeys().count == 0 && QueryKey.ReturnKeys().first == nil)
    for key in QueryKey.ReturnKey.allCases {
      #expect(QueryKey.ReturnKeys(key).members == [key])
    }
  }

  /// A dictionary is parsed in its own order, and again in sorted order only when it has a
  /// fault: whatever the order a dictionary keeps its keys in, the fault reported is the one of
  /// the first faulty key in sorted order, and a query that passes parses the same.
  @Test func theFaultReportedDoesNotDependOnTheDictionarysOrder() throws {
    let faults: [(String, SecValue)] = [
      ("zz_key", .bool(true)), ("u_Nope", .bool(true)), ("r_Data", .string("yes")),
      ("m_Limit", .string("m_LimitBogus")),
    ]
    let base: [(String, SecValue)] = [("class", .string("genp")), ("acct", .string("a"))]
    func failure(_ pairs: [(String, SecValue)], capacity: Int) -> SecItemFailure? {
      var query = SecQuery(minimumCapacity: capacity)
      for (key, value) in pairs { query[key] = value }
      do {
        _ = try QueryParser().parse(query, as: .copyMatching)
        return nil
      } catch {
        return error
      }
    }
    let expected = try #require(failure(base + [faults[3]], capacity: 2))
    for capacity in [0, 6, 13, 40, 100] {
      for rotation in 0..<faults.count {
        let rotated = Array(faults[rotation...] + faults[..<rotation])
        #expect(failure(base + rotated, capacity: capacity) == expected)
        #expect(failure(rotated.reversed() + base, capacity: capacity) == expected)
      }
    }
    let passing = genp().adding([
      "r_Data": .bool(true), "pdmn": .string("ck"), "labl": .string("l"),
    ])
    let reference = try parse(passing)
    for capacity in [0, 9, 40] {
      var query = SecQuery(minimumCapacity: capacity)
      for (key, value) in passing.sorted(by: { $0.key > $1.key }) { query[key] = value }
      #expect(try parse(query) == reference)
    }
  }

  @Test func matchLimitConstantsAndNumbers() throws {
    #expect(try parse(genp().adding(["m_Limit": .string("m_LimitOne")])).limit == .count(1))
    #expect(try parse(genp().adding(["m_Limit": .string("m_LimitAll")])).limit == .all)
    #expect(try parse(genp().adding(["m_Limit": .number(-1)])).limit == .all)
    #expect(try parse(genp().adding(["m_Limit": .number(3)])).limit == .count(3))
  }

  @Test func attributesAreReadByTypedName() throws {
    let parsed = try parse(genp("bob").adding(["labl": .data(Data("L".utf8))]))
    #expect(parsed.attributes[.account] == .text("bob"))
    #expect(parsed.attributes[.label] == .blob(Data("L".utf8)))
    #expect(parsed.attributes[.service] == .text("com.example.auth"))
  }
}
