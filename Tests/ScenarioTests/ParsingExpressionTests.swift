import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// Dictionary literals, merges, values and access-control expressions (docs/scenario-language.md
/// §6).
@Suite struct ParsingExpressionTests {
  typealias Case = ParseCase<Expr>

  private static func dict(_ pairs: (String, Expr)...) -> Expr {
    ParsingTestSupport.dict(pairs)
  }

  private static let generic = ParsingTestSupport.constant("kSecClassGenericPassword")

  static let values: [Case] = [
    Case("[:]", .dictionary([])),
    Case("[kSecClass: kSecClassGenericPassword]", dict(("kSecClass", generic))),
    Case("[kSecClass: kSecClassGenericPassword,]", dict(("kSecClass", generic))),
    Case("[kSecClass as String: kSecClassGenericPassword]", dict(("kSecClass", generic))),
    Case("[kSecClass as CFString: kSecClassGenericPassword]", dict(("kSecClass", generic))),
    Case("[String(kSecClass): kSecClassGenericPassword]", dict(("kSecClass", generic))),
    Case("[\"class\": \"genp\"]", dict(("class", .string("genp")))),
    Case("[\"custom\": 1]", dict(("custom", .integer(1)))),
    Case(
      "[kSecClass: kSecClassGenericPassword] as CFDictionary", dict(("kSecClass", generic))),
    Case(
      "[kSecClass: kSecClassGenericPassword] as [String: Any]", dict(("kSecClass", generic))),
    Case("[kSecAttrPort: 443]", dict(("kSecAttrPort", .integer(443)))),
    Case("[kSecAttrPort: -1]", dict(("kSecAttrPort", .integer(-1)))),
    Case("[kSecReturnData: true]", dict(("kSecReturnData", .bool(true)))),
    Case(
      "[kSecReturnData: kCFBooleanTrue]",
      dict(("kSecReturnData", ParsingTestSupport.constant("kCFBooleanTrue")))),
    Case(
      "[kSecMatchLimit: kSecMatchLimitAll]",
      dict(("kSecMatchLimit", ParsingTestSupport.constant("kSecMatchLimitAll")))),
    Case("[kSecAttrAccount: account]", dict(("kSecAttrAccount", .binding("account")))),
    Case(
      "[kSecUseAuthenticationContext: ctx]", dict(("kSecUseAuthenticationContext", .binding("ctx")))
    ),
    Case("[kSecAttrAccessControl: access]", dict(("kSecAttrAccessControl", .binding("access")))),
    Case(
      "[kSecUseAuthenticationContext: LAContext()]",
      dict(("kSecUseAuthenticationContext", .newContext))),
    Case("[kSecValueData: nil]", dict(("kSecValueData", .null))),
    // kSecValueData: a string means its UTF-8 bytes; the Swift spellings of Data too.
    Case("[kSecValueData: \"r1\"]", dict(("kSecValueData", .data(Data("r1".utf8))))),
    Case("[kSecValueData: Data(\"r1\".utf8)]", dict(("kSecValueData", .data(Data("r1".utf8))))),
    Case(
      "[kSecValueData: \"r1\".data(using: .utf8)!]", dict(("kSecValueData", .data(Data("r1".utf8))))
    ),
    Case("[kSecValueData: Data()]", dict(("kSecValueData", .data(Data())))),
    Case(
      "[kSecValueData: \"r1\".data(using: String.Encoding.utf8)!]",
      dict(("kSecValueData", .data(Data("r1".utf8))))),
    Case(
      "[kSecReturnData as String: kCFBooleanTrue!]",
      dict(("kSecReturnData", ParsingTestSupport.constant("kCFBooleanTrue")))),
    Case(
      "[kSecAttrAccount as String: account as AnyObject]",
      dict(("kSecAttrAccount", .binding("account")))),
    Case(
      "[kSecAttrGeneric: \"g\".data(using: .utf8)]",
      dict(("kSecAttrGeneric", .data(Data("g".utf8))))),
    // Merges: left-associative.
    Case(
      "token + [kSecReturnData: true]",
      .merge([.binding("token"), dict(("kSecReturnData", .bool(true)))])),
    Case(
      "token + attributes + [:]",
      .merge([.binding("token"), .binding("attributes"), .dictionary([])])),
    Case(
      "(token + attributes) as CFDictionary", .merge([.binding("token"), .binding("attributes")])),
    Case(
      "token as [String: Any] + [:]", .merge([.binding("token"), .dictionary([])])),
    // Arrays.
    Case("[]", .array([])),
    Case("[1, 2,]", .array([.integer(1), .integer(2)])),
    Case(
      "[[kSecAttrAccount: \"a\"], [:]]",
      .array([dict(("kSecAttrAccount", .string("a"))), .dictionary([])])),
  ]

  @Test(arguments: values)
  func value(_ test: Case) throws {
    let kind = try ParsingTestSupport.kind("let v = " + test.source)
    #expect(ParsingTestSupport.normalized(kind) == .bind(name: "v", value: test.expected))
  }

  @Test func multiLineDictionaryPastesAsIs() throws {
    let source = """
      let query: [String: Any] = [
          kSecClass as String: kSecClassGenericPassword,   // a comment
          kSecAttrService as String: "com.app.auth",       # another, with a ] in it
          kSecAttrAccount as String: "a#b//c",
          kSecValueData as String: "s3cret".data(using: .utf8)!,
      ]
      SecItemAdd(query as CFDictionary, nil)
      """
    let result = ParsingTestSupport.parse(source)
    #expect(result.diagnostics == [])
    try #require(result.statements.count == 2)
    let expected = Self.dict(
      ("kSecClass", Self.generic), ("kSecAttrService", .string("com.app.auth")),
      ("kSecAttrAccount", .string("a#b//c")), ("kSecValueData", .data(Data("s3cret".utf8))))
    #expect(
      ParsingTestSupport.normalized(result.statements[0].kind)
        == .bind(name: "query", value: expected))
    #expect(result.statements[1].location.line == 7)
    guard case .bind(_, .dictionary(let entries)) = result.statements[0].kind else {
      Issue.record("not a dictionary binding")
      return
    }
    #expect(entries.map(\.location.line) == [2, 3, 4, 5])
    #expect(entries.map(\.location.column) == [5, 5, 5, 5])
  }

  // MARK: - Access control

  struct AccessCase: CustomTestStringConvertible, Sendable {
    let source: String
    let protection: String
    let flagNames: [String]
    let flags: SecAccessControlCreateFlags
    var testDescription: String { source }
  }

  static let accessControls: [AccessCase] = [
    AccessCase(
      source:
        "SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil)",
      protection: "ak", flagNames: ["userPresence"], flags: .userPresence),
    AccessCase(
      source: "SecAccessControlCreateWithFlags(kCFAllocatorDefault, "
        + "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.biometryAny, .or, .devicePasscode], &error)",
      protection: "akpu", flagNames: ["biometryAny", "or", "devicePasscode"],
      flags: [.biometryAny, .or, .devicePasscode]),
    AccessCase(
      source:
        "SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleAfterFirstUnlock as CFString, "
        + "SecAccessControlCreateFlags.biometryCurrentSet, nil)!",
      protection: "ck", flagNames: ["biometryCurrentSet"], flags: .biometryCurrentSet),
    AccessCase(
      source:
        "SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, [], nil)",
      protection: "aku", flagNames: [], flags: []),
    AccessCase(
      source: "SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, "
        + "kSecAccessControlTouchIDAny, nil)",
      protection: "ak", flagNames: ["touchIDAny"], flags: .biometryAny),
    AccessCase(
      source: "SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, "
        + "[.biometryAny, .and, .devicePasscode,], nil)",
      protection: "ak", flagNames: ["biometryAny", "and", "devicePasscode"],
      flags: [.biometryAny, .and, .devicePasscode]),
  ]

  @Test(arguments: accessControls)
  func accessControl(_ test: AccessCase) throws {
    let kind = try ParsingTestSupport.kind("let ac = " + test.source)
    guard case .bind("ac", .accessControl(let access)) = kind else {
      Issue.record("not an access control binding: \(kind)")
      return
    }
    #expect(access.protection == test.protection)
    #expect(access.flagNames == test.flagNames)
    #expect(access.flags == test.flags)
  }

  @Test func accessControlInlineInAQuery() throws {
    let kind = try ParsingTestSupport.kind(
      """
      SecItemAdd([kSecClass: kSecClassGenericPassword,
                  kSecAttrAccessControl: SecAccessControlCreateWithFlags(
                    nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil)!] as CFDictionary, nil)
      """)
    guard case .secItem(.add(.dictionary(let entries))) = kind else {
      Issue.record("not an add: \(kind)")
      return
    }
    #expect(entries.map(\.key.raw) == ["class", "accc"])
    guard case .accessControl(let access) = entries.last?.value else {
      Issue.record("no access control")
      return
    }
    #expect(access.flags == .userPresence)
  }

  @Test func bindingKindsAreTracked() {
    var parser = ScenarioParser(file: "t")
    let result = parser.parse(
      """
      let q = [kSecClass: kSecClassGenericPassword]
      let m = q + [:]
      let ac = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, .userPresence, nil)
      let ctx = LAContext()
      let name = "alice"
      let alias = q
      """)
    #expect(result.diagnostics == [])
    #expect(
      parser.bindings == [
        "q": .dictionary, "m": .dictionary, "ac": .accessControl, "ctx": .context, "name": .value,
        "alias": .dictionary,
      ])
  }

  @Test func rebindingReplacesTheKind() {
    var parser = ScenarioParser(file: "t")
    #expect(parser.parse("let x = LAContext()\nlet x = [:]\nSecItemAdd x").diagnostics == [])
    #expect(parser.bindings["x"] == .dictionary)
  }
}
