import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

/// Issue 10 §3: binding a call's result, `expect result has no`, `expect result strictly`,
/// `expect refused`, `expect prompts <n>`, `expect ctx.biometryType`, and comparing domain
/// states. Each check is shown to hold where it should and to fail where it should not.
@Suite struct LanguageChecksTests {
  typealias Case = ParseCase<StatementKind>

  static let forms: [Case] = [
    Case("let ref = result", .bind(name: "ref", value: .lastResult)),
    Case("expect refused", .expect(.refused)),
    Case("expect prompts 2", .expect(.promptCount(2))),
    Case(
      "expect result has no kSecValueData",
      .expect(.resultLacks(DictionaryKey(raw: "v_Data", appleName: "kSecValueData")))),
    Case(
      "expect result has no key kSecAttrLabel",
      .expect(.resultLacks(DictionaryKey(raw: "labl", appleName: "kSecAttrLabel")))),
    Case("expect result strictly \"a\"", .expect(.strictResult(.string("a")))),
    Case("expect result SecKeychainItemRef", .expect(.resultIsItemReference)),
    Case("expect ctx.biometryType == .touchID", .expect(.biometryType(context: "ctx", .touchID))),
    Case(
      "expect ctx.biometryType == LABiometryType.none",
      .expect(.biometryType(context: "ctx", .none))),
    Case(
      "expect ctx.evaluatedPolicyDomainState != ctx.evaluatedPolicyDomainState",
      .expect(.domainState("ctx", equal: false, "ctx"))),
  ]

  @Test(arguments: forms)
  func parses(_ test: Case) throws {
    let kind = try ParsingTestSupport.kind(test.source)
    #expect(ParsingTestSupport.normalized(kind) == test.expected)
  }

  @Test(arguments: [
    ("expect result has kSecValueData", "`no`"),
    ("expect ctx.biometryType = .faceID", "`==`"),
    ("expect ctx.biometryTyp == .faceID", "biometryType"),
    ("expect ctx.evaluatedPolicyDomainState == token.evaluatedPolicyDomainState", "LAContext"),
    ("expect prompts -1", "-1"),
  ])
  func refusesMalformedChecks(source: String, mentions: String) {
    let result = ParsingTestSupport.parse(source)
    #expect(result.diagnostics.count == 1, "\(source)")
    let text = result.diagnostics.map(\.description).joined()
    #expect(text.contains(mentions), "\(text)")
  }

  /// Plays `source` and returns the lines whose expectations failed.
  private func failedLines(_ source: String) -> [Int] {
    let report = ScenarioRunner(options: .init(kdfProfile: .fast)).run(
      source: source, name: "checks.scenario")
    #expect(report.loadError == nil, "\(report.loadError ?? "")")
    return report.failures.map(\.line)
  }

  @Test func aResultBoundByNameIsUsedByALaterCall() {
    let source = """
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecValueData: "s", kSecReturnPersistentRef: true]
      let ref = result
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "b", kSecValueData: "t"]
      SecItemCopyMatching [kSecValuePersistentRef: ref, kSecReturnData: true]
      expect result "s"
      expect result "t"
      """
    #expect(failedLines(source) == [6])
  }

  @Test func resultWithoutAnEarlierCallIsARuntimeError() {
    let report = ScenarioRunner(options: .init(kdfProfile: .fast)).run(
      source: "let ref = result\n", name: "checks.scenario")
    #expect(report.failures.map(\.kind) == [.scenarioError])
  }

  @Test func hasNoKeyAndStrictlyFailWhenTheyShould() {
    let source = """
      SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a", kSecValueData: "s"]
      SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecReturnAttributes: true, kSecReturnData: true]
      expect result has no kSecValueData
      expect result has no kSecAttrLabel
      expect result strictly [kSecAttrAccount: Data("a".utf8)]
      expect result strictly [kSecAttrAccount: "a", kSecValueData: "s"]
      SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecReturnData: true]
      expect result "s"
      expect result strictly "s"
      expect result strictly Data("s".utf8)
      """
    #expect(failedLines(source) == [3, 5, 9])
  }

  @Test func refusedAndPromptCountsFailWhenTheyShould() {
    let source = """
      device lock
      expect refused
      biometry enroll alice
      expect refused
      expect prompts 0
      expect prompts 1
      """
    #expect(failedLines(source) == [2, 6])
  }

  @Test func domainStatesAndBiometryTypeFailWhenTheyShould() {
    let source = """
      device passcode 123456
      biometry enroll alice
      let a = LAContext()
      a.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics)
      let b = LAContext()
      b.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics)
      expect a.evaluatedPolicyDomainState != b.evaluatedPolicyDomainState
      expect a.biometryType == .touchID
      let c = LAContext()
      expect c.evaluatedPolicyDomainState == a.evaluatedPolicyDomainState
      """
    #expect(failedLines(source) == [7, 8, 10])
  }
}
