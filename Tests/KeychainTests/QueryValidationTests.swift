import Foundation
import ItemStore
import Testing

@testable import Devices
@testable import Keychain
@testable import KeychainEngine

/// The acceptance matrix of docs/evidence.md §2, one row per rule, through the public calls.
@Suite struct QueryValidationTests {
  enum Call: String, Sendable { case add, copy, update, updateAttributes, delete }

  struct Case: Sendable, CustomTestStringConvertible {
    let name: String
    let call: Call
    let query: SecQuery
    let expected: OSStatus
    /// Why the call fails, as the engine reports it; `nil` for a success.
    let failure: SecItemFailure.Kind?
    var testDescription: String { name }

    init(
      _ name: String, _ call: Call, _ query: SecQuery, _ expected: OSStatus,
      _ failure: SecItemFailure.Kind? = nil
    ) {
      self.name = name
      self.call = call
      self.query = query
      self.expected = expected
      self.failure = failure
    }
  }

  static let control = SecValue.accessControl(SecAccessControl(protection: "ak", flags: []))

  static let cases: [Case] = [
    Case(
      "missing kSecClass → -50", .copy, ["acct": .string("a")], .errSecParam, .missingClass),
    Case(
      "kSecClass not a string → -50", .copy, ["class": .number(1)], .errSecParam,
      .wrongType(key: .itemClass, got: .number)),
    Case(
      "bogus kSecClass → -25306", .copy, ["class": .string("bogus")], .errSecNoSuchClass,
      .unknownClass("bogus")),
    Case(
      "genp + kSecAttrApplicationTag → -25303", .copy,
      genp().adding(["atag": .string("tag")]), .errSecNoSuchAttr,
      .noSuchAttribute(.applicationTag, itemClass: .genp)),
    Case(
      "unknown 4-char attribute → -25303", .add, genp().adding(["zzzz": .string("x")]),
      .errSecNoSuchAttr, .noSuchAttribute(AttributeName(rawValue: "zzzz"), itemClass: .genp)),
    Case(
      "nleg is ignored", .add, genp("bob").adding(["nleg": .bool(true), "v_Data": secret()]),
      .errSecSuccess),
    Case(
      "unknown c key → -50", .copy, genp().adding(["cls": .string("x")]), .errSecParam,
      .unknownKey("cls", function: .copyMatching)),
    Case(
      "unknown r_ key → -50", .copy, genp().adding(["r_Bogus": .bool(true)]), .errSecParam,
      .unknownKey("r_Bogus", function: .copyMatching)),
    Case(
      "unknown u_ key → -50", .copy, genp().adding(["u_Bogus": .bool(true)]), .errSecParam,
      .unknownKey("u_Bogus", function: .copyMatching)),
    Case(
      "unknown v_ key → -50", .copy, genp().adding(["v_Bogus": secret()]), .errSecParam,
      .unknownKey("v_Bogus", function: .copyMatching)),
    Case(
      "unknown m_ key accepted", .copy, genp().adding(["m_Whatever": .bool(true)]),
      .errSecSuccess),
    Case("f key ignored", .copy, genp().adding(["f_anything": .bool(true)]), .errSecSuccess),
    Case(
      "other key → -50", .copy, genp().adding(["zebra": .bool(true)]), .errSecParam,
      .unknownKey("zebra", function: .copyMatching)),
    Case(
      "return value not a boolean → -50", .copy, genp().adding(["r_Data": .number(1)]),
      .errSecParam, .wrongType(key: .returnKey(.returnData), got: .number)),
    Case(
      "kSecValueData NULL → -50", .add, genp().adding(["v_Data": .null]), .errSecParam,
      .wrongType(key: .valueData, got: .null)),
    Case(
      "kSecValueData string → -50", .add, genp().adding(["v_Data": .string("x")]),
      .errSecParam, .wrongType(key: .valueData, got: .string)),
    Case(
      "kSecMatchLimit bogus → -50", .copy, genp().adding(["m_Limit": .string("many")]),
      .errSecParam, .wrongType(key: .matchLimit, got: .string)),
    Case(
      "kSecUseAuthenticationUI not a string → -50", .copy,
      genp().adding(["u_AuthUI": .bool(true)]), .errSecParam,
      .wrongType(key: .authenticationUI, got: .bool)),
    Case(
      "kSecAttrAccessControl a string → -50 (add)", .add,
      genp().adding(["accc": .string("ak")]), .errSecParam,
      .wrongType(key: .accessControl, got: .string)),
    Case(
      "kSecAttrAccessControl a string → -50 (delete)", .delete,
      genp().adding(["accc": .string("ak")]), .errSecParam,
      .wrongType(key: .accessControl, got: .string)),
    Case(
      "unknown kSecAttrAccessible → -50", .add, genp().adding(["pdmn": .string("zz")]),
      .errSecParam, .unknownProtection("zz", key: .accessible)),
    Case(
      "kSecAttrAccessible + kSecAttrAccessControl → -50", .add,
      genp().adding(["pdmn": .string("ak"), "accc": control]), .errSecParam,
      .accessibleWithAccessControl),
    Case(
      "blob attribute as data accepted", .add,
      ["class": passwordClass, "acct": .data(Data("alice".utf8)), "v_Data": secret()],
      .errSecSuccess),
    Case(
      // copyBlob (SecDbItem.c) keeps a CFNumber; copyData hashes its SInt32 bytes.
      "blob attribute as number → stored", .add, genp("n").adding(["labl": .number(3)]),
      .errSecSuccess),
    Case(
      "blob attribute as a date → -50", .add,
      genp().adding(["labl": .date(Date(timeIntervalSinceReferenceDate: 0))]),
      .errSecParam, .unconvertible(.label, got: .date, expected: .blob)),
    Case(
      "clip on add → -50", .add, genp().adding(["clip": .bool(true)]), .errSecParam,
      .internalAttribute(.appClipItem)),
    Case(
      "clip on copy → -50", .copy, genp().adding(["clip": .bool(true)]), .errSecParam,
      .internalAttribute(.appClipItem)),
    Case(
      "clip on update query → -50", .update, genp().adding(["clip": .bool(true)]),
      .errSecParam, .internalAttribute(.appClipItem)),
    Case(
      "clip in attributesToUpdate → -50", .updateAttributes, ["clip": .bool(true)],
      .errSecParam, .internalAttribute(.appClipItem)),
    Case(
      "clip on delete → -50", .delete, genp().adding(["clip": .bool(true)]), .errSecParam,
      .internalAttribute(.appClipItem)),
    Case(
      "more than 128 keys → -50", .copy,
      genp().adding(Dictionary(uniqueKeysWithValues: (0..<130).map { ("m_x\($0)", .bool(true)) })),
      .errSecParam, .tooManyKeys(count: 133, limit: 128)),
    Case(
      "update query with kSecReturnData → -50", .update,
      genp().adding(["r_Data": .bool(true)]), .errSecParam, .returnKeyInUpdate(.returnData)),
    Case(
      "update query with kSecMatchLimit → -50", .update,
      genp().adding(["m_Limit": .string("m_LimitAll")]), .errSecParam, .matchKeyInUpdate("m_Limit")),
    Case(
      "attributesToUpdate with kSecClass → -25303", .updateAttributes,
      ["class": passwordClass], .errSecNoSuchAttr, .notUpdatable("class")),
    Case(
      "attributesToUpdate with kSecMatchLimit → -25303", .updateAttributes,
      ["m_Limit": .number(1)], .errSecNoSuchAttr, .notUpdatable("m_Limit")),
    Case(
      "attributesToUpdate with kSecReturnData → -25303", .updateAttributes,
      ["r_Data": .bool(true)], .errSecNoSuchAttr, .notUpdatable("r_Data")),
    Case(
      "attributesToUpdate with kSecUseOperationPrompt → -25303", .updateAttributes,
      ["u_OpPrompt": .string("hi")], .errSecNoSuchAttr, .notUpdatable("u_OpPrompt")),
    Case(
      "attributesToUpdate with AC + sync → -50", .updateAttributes,
      ["accc": control, "sync": .bool(true)], .errSecParam, .accessControlSynchronizable),
    Case(
      "delete with kSecMatchLimitAll → -50", .delete,
      genp().adding(["m_Limit": .string("m_LimitAll")]), .errSecParam, .matchKeyInDelete("m_Limit")),
    Case(
      "delete with kSecMatchLimitOne → -50", .delete,
      genp().adding(["m_Limit": .string("m_LimitOne")]), .errSecParam, .matchKeyInDelete("m_Limit")),
    Case(
      "delete ignores kSecReturnData", .delete, genp().adding(["r_Data": .bool(true)]),
      .errSecSuccess),
    Case(
      "add with kSecValuePersistentRef → -50", .add,
      genp().adding(["v_PersistentRef": .data(wellFormedReference)]), .errSecParam,
      .persistentRefWithAttributes(["acct", "svce"])),
    Case(
      "add with AuthUI Skip → -50", .add,
      genp().adding(["u_AuthUI": .string("u_AuthUIS")]), .errSecParam,
      .authenticationUISkipOutsideCopy(.add)),
    Case(
      "update with AuthUI Skip → -50", .update,
      genp().adding(["u_AuthUI": .string("u_AuthUIS")]), .errSecParam,
      .authenticationUISkipOutsideCopy(.update)),
    Case(
      "copy with AuthUI Skip allowed", .copy,
      genp().adding(["u_AuthUI": .string("u_AuthUIS")]), .errSecSuccess),
    Case(
      "add with AC + sync → -50", .add,
      genp().adding(["accc": control, "sync": .bool(true)]), .errSecParam,
      .accessControlSynchronizable),
    Case(
      "AuthContext + CredRef → -50", .copy,
      genp().adding(["u_AuthCtx": .string("ctx"), "u_CredRef": .data(Data())]), .errSecParam,
      .contextWithCredentialReference),
    Case(
      "kSecValueRef on a password → -50", .add, genp().adding(["v_Ref": .string("ref")]),
      .errSecParam, .valueRefUnsupported),
    Case(
      "persistent ref with attributes → -50", .copy,
      genp().adding(["v_PersistentRef": .data(wellFormedReference)]), .errSecParam,
      .persistentRefWithAttributes(["acct", "svce"])),
    Case(
      "malformed persistent ref → -50 (query_add_value)", .copy,
      ["class": .string("genp"), "v_PersistentRef": .data(Data(count: 12))], .errSecParam,
      .malformedPersistentRef(length: 12)),
    Case(
      "short persistent ref → -50", .delete,
      ["class": .string("genp"), "v_PersistentRef": .data(Data([1, 2, 3]))], .errSecParam,
      .malformedPersistentRef(length: 3)),
    Case(
      "kSecClassIdentity on an empty keychain → -25300", .copy, ["class": .string("idnt")],
      .errSecItemNotFound, .noIdentity(searchedGroups: ["ABCDE12345.com.example.app"])),
    Case(
      "kSecClassIdentity delete on an empty keychain → -25300", .delete,
      ["class": .string("idnt")], .errSecItemNotFound,
      .noIdentity(searchedGroups: ["ABCDE12345.com.example.app"])),
  ]

  static let wellFormedReference = PersistentReference.encode(.genp, rowID: 1)

  @Test(arguments: cases)
  func validation(_ testCase: Case) throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let outcome: SecItemOutcome
    switch testCase.call {
    case .add: outcome = device.secItemAdd(testCase.query)
    case .copy: outcome = device.secItemCopyMatching(testCase.query)
    case .update: outcome = device.secItemUpdate(testCase.query, ["labl": .string("new")])
    case .updateAttributes: outcome = device.secItemUpdate(genp(), testCase.query)
    case .delete: outcome = device.secItemDelete(testCase.query)
    }
    #expect(outcome.status == testCase.expected, "\(outcome.explanation?.description ?? "-")")
    if testCase.expected != .errSecSuccess {
      #expect(outcome.failure == testCase.failure)
      let explanation = try #require(outcome.explanation)
      #expect(!explanation.cause.isEmpty)
      #expect(explanation.fix != nil)
    }
  }

  @Test func updateQueryWithFalseReturnKeyIsAccepted() throws {
    let device = try makeDevice()
    mustAdd(device, genp().adding(["v_Data": secret()]))
    let outcome = device.secItemUpdate(
      genp().adding(["r_Data": .bool(false)]), ["labl": .string("x")])
    #expect(outcome.status == .errSecSuccess)
  }

  @Test func addWithMatchKeyReportsSuccessButStoresNothing() throws {
    let device = try makeDevice()
    let outcome = device.secItemAdd(
      genp().adding(["v_Data": secret(), "m_Limit": .string("m_LimitOne")]))
    #expect(outcome.status == .errSecSuccess)
    #expect(outcome.warning == .addIgnored(key: "m_Limit"))
    #expect(outcome.explanation?.isWarning == true)
    #expect(device.secItemCopyMatching(genp()).status == .errSecItemNotFound)
  }

  @Test func explicitAccessGroupOutsideEntitlementsComesBeforeParsing() throws {
    // §10: the explicit-group check (-34018) precedes attribute resolution (-25303).
    let device = try makeDevice()
    let query = genp().adding(["agrp": .string("OTHER.group"), "atag": .string("x")])
    #expect(device.secItemCopyMatching(query).status == .errSecMissingEntitlement)
  }

  @Test func clientChecksComeBeforeEntitlements() throws {
    let app = AppIdentity(bundleID: "tool", teamID: "T", hasApplicationIdentifier: false)
    let device = try makeDevice(caller: Caller(app: app))
    #expect(device.secItemAdd(genp().adding(["accc": .string("ak")])).status == .errSecParam)
    #expect(device.secItemAdd(genp()).status == .errSecMissingEntitlement)
  }
}
