import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

@Suite struct ExpectationCheckerTests {
  typealias Verdict = ExpectationChecker.Verdict

  static let found = RecordedOutcome.secItem(
    function: "SecItemCopyMatching",
    outcome: SecItemOutcome(status: .errSecSuccess, result: .data(Data("r1".utf8))), line: 4,
    returnsData: true)
  static let attributes = RecordedOutcome.secItem(
    function: "SecItemCopyMatching",
    outcome: SecItemOutcome(
      status: .errSecSuccess,
      result: .dictionary([
        "acct": .string("alice"), "svce": .string("auth"), "v_Data": .data(Data("pw".utf8)),
        "sync": .number(0),
      ])),
    line: 4, returnsData: true)
  static let array = RecordedOutcome.secItem(
    function: "SecItemCopyMatching",
    outcome: SecItemOutcome(
      status: .errSecSuccess, result: .array([.data(Data("a".utf8)), .data(Data("b".utf8))])),
    line: 4, returnsData: true)
  static let locked = RecordedOutcome.secItem(
    function: "SecItemCopyMatching",
    outcome: SecItemOutcome(
      status: .errSecInteractionNotAllowed,
      explanation: Explanation(cause: "class A key discarded", fix: "use AfterFirstUnlock")),
    line: 9, returnsData: true)

  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let expectation: Scenario.Expectation
    let last: RecordedOutcome?
    let holds: Bool
    var testDescription: String { name }
  }

  static let itemReference = SecValue.keychainItemReference(
    KeychainItemReference(keychain: "login keychain", persistentReference: Data([1, 2])))
  static let references = RecordedOutcome.secItem(
    function: "SecItemCopyMatching",
    outcome: SecItemOutcome(
      status: .errSecSuccess, result: .array([itemReference, itemReference])),
    line: 4, returnsData: false)
  static let reference = RecordedOutcome.secItem(
    function: "SecItemCopyMatching",
    outcome: SecItemOutcome(status: .errSecSuccess, result: itemReference), line: 4,
    returnsData: false)

  static let cases: [Case] = [
    Case(
      name: "an item reference", expectation: .resultIsItemReference, last: reference, holds: true),
    Case(
      name: "an array of item references", expectation: .resultIsItemReference,
      last: references, holds: true),
    Case(
      name: "data is no item reference", expectation: .resultIsItemReference, last: found,
      holds: false),
    Case(
      name: "data in an array is no item reference", expectation: .resultIsItemReference,
      last: array, holds: false),
    Case(
      name: "no result is no item reference", expectation: .resultIsItemReference,
      last: locked, holds: false),
    Case(
      name: "status by name holds", expectation: .status(.errSecSuccess), last: found, holds: true),
    Case(name: "status differs", expectation: .status(.errSecSuccess), last: locked, holds: false),
    Case(
      name: "status by number", expectation: .status(OSStatus(rawValue: -25308)), last: locked,
      holds: true),
    Case(
      name: "string matches data bytes", expectation: .result(.string("r1")), last: found,
      holds: true),
    Case(
      name: "string differs from data", expectation: .result(.string("r2")), last: found,
      holds: false),
    Case(
      name: "dictionary contained",
      expectation: .result(dictionary(["acct": .string("alice"), "v_Data": .string("pw")])),
      last: attributes, holds: true),
    Case(
      name: "dictionary value differs",
      expectation: .result(dictionary(["acct": .string("bob")])), last: attributes, holds: false),
    Case(
      name: "dictionary key missing",
      expectation: .result(dictionary(["labl": .string("x")])), last: attributes, holds: false),
    Case(
      name: "bool matches CFNumber 0",
      expectation: .result(dictionary(["sync": .bool(false)])), last: attributes, holds: true),
    Case(
      name: "array in order", expectation: .result(.array([.string("a"), .string("b")])),
      last: array, holds: true),
    Case(
      name: "array out of order", expectation: .result(.array([.string("b"), .string("a")])),
      last: array, holds: false),
    Case(
      name: "array shorter", expectation: .result(.array([.string("a")])), last: array,
      holds: false),
    Case(
      name: "result but none returned", expectation: .result(.string("r1")), last: locked,
      holds: false),
    Case(name: "no result holds", expectation: .noResult, last: locked, holds: true),
    Case(name: "no result fails", expectation: .noResult, last: found, holds: false),
    Case(name: "count 0 of nothing", expectation: .count(0), last: locked, holds: true),
    Case(name: "count 1 of one object", expectation: .count(1), last: found, holds: true),
    Case(name: "count 2 of array", expectation: .count(2), last: array, holds: true),
    Case(name: "count wrong", expectation: .count(3), last: array, holds: false),
    Case(name: "no outcome yet", expectation: .status(.errSecSuccess), last: nil, holds: false),
    Case(
      name: "device statement has no status", expectation: .status(.errSecSuccess),
      last: .device(statement: "device lock", line: 2, refusal: nil), holds: false),
    Case(
      name: "refused holds after a refusal", expectation: .refused,
      last: .device(statement: "device unlock biometry", line: 2, refusal: "still locked"),
      holds: true),
    Case(
      name: "refused fails after a done statement", expectation: .refused,
      last: .device(statement: "device lock", line: 2, refusal: nil), holds: false),
    Case(name: "refused fails after a call", expectation: .refused, last: found, holds: false),
    Case(name: "device unlocked", expectation: .device(.unlocked), last: nil, holds: true),
    Case(name: "device locked", expectation: .device(.locked), last: nil, holds: false),
  ]

  static func dictionary(_ values: [String: Expr]) -> Expr {
    .dictionary(
      values.sorted { $0.key < $1.key }.map {
        DictionaryEntry(
          key: DictionaryKey(raw: $0.key), value: $0.value,
          location: SourceLocation(file: "t", line: 1, column: 1))
      })
  }

  func check(
    _ expectation: Scenario.Expectation, last: RecordedOutcome?, showsSecrets: Bool = false
  ) throws -> Verdict {
    let evaluator = ValueEvaluator(bindings: [:])
    return try ExpectationChecker(formatter: SecValueFormatter(showsSecrets: showsSecrets)).check(
      expectation, source: "expect", last: last, lockState: .unlocked,
      evaluate: { (expr: Expr) throws(ScenarioRuntimeError) -> SecValue in
        try evaluator.evaluate(expr)
      })
  }

  @Test(arguments: cases)
  func eachKindHoldsOrFails(_ testCase: Case) throws {
    let verdict = try check(testCase.expectation, last: testCase.last)
    #expect((verdict == .held) == testCase.holds)
  }

  @Test func failedStatusCarriesTheCallsExplanation() throws {
    let verdict = try check(.status(.errSecSuccess), last: Self.locked)
    #expect(
      verdict
        == .failed(
          expected: "errSecSuccess (0)",
          actual: "errSecInteractionNotAllowed (-25308): User interaction is not allowed.",
          explanation: "class A key discarded\nfix: use AfterFirstUnlock"))
  }

  @Test func failedResultShowsBothValuesTheDataMasked() throws {
    let verdict = try check(.result(.string("r2")), last: Self.found)
    #expect(
      verdict
        == .failed(
          expected: #"result "r2""#,
          actual: "result <2 bytes: ••••> (item data masked; --show-secrets shows it)",
          explanation: nil))
  }

  @Test func failedResultShowsTheDataWithShowSecrets() throws {
    let verdict = try check(.result(.string("r2")), last: Self.found, showsSecrets: true)
    #expect(
      verdict
        == .failed(
          expected: #"result "r2""#, actual: #"result <2 bytes: "r1">"#, explanation: nil))
  }

  @Test(arguments: [
    Scenario.Expectation.success, .bool(true), .laError(.userCancel),
  ])
  func evaluationExpectationsNeedAnEvaluation(_ expectation: Scenario.Expectation) throws {
    guard case .failed(_, let actual, _) = try check(expectation, last: Self.found) else {
      Issue.record("held after a SecItem call")
      return
    }
    #expect(actual.contains("is not an LAContext evaluation"))
  }

  struct EvaluationCase: Sendable, CustomTestStringConvertible {
    var expectation: Scenario.Expectation
    var outcome: LAEvaluationOutcome
    var holds: Bool
    var testDescription: String {
      "\(expectation) vs \(outcome.value) \(outcome.error.map { "\($0)" } ?? "")"
    }
  }

  static let evaluationCases: [EvaluationCase] = [
    EvaluationCase(expectation: .success, outcome: .init(value: true), holds: true),
    EvaluationCase(
      expectation: .success, outcome: .init(value: false, error: .userCancel), holds: false),
    EvaluationCase(
      expectation: .bool(false), outcome: .init(value: false, error: .biometryLockout), holds: true),
    EvaluationCase(
      expectation: .bool(true), outcome: .init(value: false, error: .biometryLockout), holds: false),
    EvaluationCase(
      expectation: .laError(.biometryLockout),
      outcome: .init(value: false, error: .biometryLockout), holds: true),
    EvaluationCase(
      expectation: .laError(.userCancel),
      outcome: .init(value: false, error: .biometryLockout), holds: false),
  ]

  @Test(arguments: evaluationCases)
  func evaluationExpectations(_ testCase: EvaluationCase) throws {
    let last = RecordedOutcome.evaluation(
      statement: "ctx.evaluatePolicy", outcome: testCase.outcome, line: 3)
    #expect((try check(testCase.expectation, last: last) == .held) == testCase.holds)
  }

  @Test(arguments: [
    (Scenario.Expectation.prompt, 1, true), (.prompt, 0, false),
    (.noPrompt, 0, true), (.noPrompt, 2, false),
    (.promptCount(2), 2, true), (.promptCount(1), 2, false), (.promptCount(0), 0, true),
  ])
  func promptExpectations(_ expectation: Scenario.Expectation, prompts: Int, holds: Bool) throws {
    let verdict = try ExpectationChecker().check(
      expectation, source: "expect", last: Self.found, lockState: .unlocked, prompts: prompts,
      evaluate: { (_: Expr) throws(ScenarioRuntimeError) -> SecValue in .null })
    #expect((verdict == .held) == holds)
  }

  @Test func promptExpectationWithNothingBeforeFails() throws {
    let verdict = try ExpectationChecker().check(
      .prompt, source: "expect", last: nil, lockState: .unlocked, prompts: nil,
      evaluate: { (_: Expr) throws(ScenarioRuntimeError) -> SecValue in .null })
    #expect(verdict != .held)
  }
}
