import Foundation
import Keychain
import Testing

@testable import Scenario
@testable import ScenarioLanguage

@Suite struct ValueEvaluatorTests {
  let here = SourceLocation(file: "t.scenario", line: 1, column: 1)

  func entry(_ raw: String, _ value: Expr) -> DictionaryEntry {
    DictionaryEntry(key: DictionaryKey(raw: raw, appleName: nil), value: value, location: here)
  }

  @Test func dictionaryLiteralIsKeyedByRawStrings() throws {
    let expr = Expr.dictionary([
      entry("class", .constant(name: "kSecClassGenericPassword", value: .string("genp"))),
      entry("acct", .string("alice")), entry("r_Data", .bool(true)), entry("port", .integer(443)),
    ])
    let value = try ValueEvaluator(bindings: [:]).evaluate(expr)
    #expect(
      value
        == .dictionary([
          "class": .string("genp"), "acct": .string("alice"), "r_Data": .bool(true),
          "port": .number(443),
        ]))
  }

  @Test func stringForValueDataMeansItsUTF8Bytes() throws {
    let value = try ValueEvaluator(bindings: [:]).evaluate(
      .dictionary([
        entry("v_Data", .string("r1")), entry("gena", .string("r1")),
      ]))
    #expect(value == .dictionary(["v_Data": .data(Data("r1".utf8)), "gena": .string("r1")]))
  }

  @Test func boundStringForValueDataIsConvertedToo() throws {
    let evaluator = ValueEvaluator(bindings: ["secret": .value(.string("é"))])
    let value = try evaluator.evaluate(.dictionary([entry("v_Data", .binding("secret"))]))
    #expect(value == .dictionary(["v_Data": .data(Data("é".utf8))]))
  }

  @Test func mergeKeepsBothSidesAndTheRightSideWins() throws {
    let evaluator = ValueEvaluator(bindings: [
      "token": .value(.dictionary(["svce": .string("auth"), "acct": .string("old")]))
    ])
    let value = try evaluator.evaluate(
      .merge([.binding("token"), .dictionary([entry("acct", .string("new"))])]))
    #expect(value == .dictionary(["svce": .string("auth"), "acct": .string("new")]))
  }

  @Test func accessControlBecomesASecAccessControl() throws {
    let control = AccessControlExpr(
      protectionName: "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly", protection: "akpu",
      flagNames: ["biometryAny", "or", "devicePasscode"],
      flags: [.biometryAny, .or, .devicePasscode])
    let value = try ValueEvaluator(bindings: [:]).evaluate(.accessControl(control))
    #expect(
      value
        == .accessControl(
          SecAccessControl(protection: "akpu", flags: [.biometryAny, .or, .devicePasscode])))
  }

  @Test func dataArrayAndNullPassThrough() throws {
    let value = try ValueEvaluator(bindings: [:]).evaluate(
      .array([.data(Data([1, 2])), .null, .integer(-1)]))
    #expect(value == .array([.data(Data([1, 2])), .null, .number(-1)]))
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    let expr: Expr
    let message: String
    var testDescription: String { message }
  }

  static let failures: [Failure] = [
    Failure(
      expr: .binding("nope"), message: "'nope' is not bound; bind it first with `let nope = ...`"),
    Failure(
      expr: .merge([.string("a"), .dictionary([])]),
      message: "expected a dictionary on the left of `+`, got a string"),
    Failure(
      expr: .dictionary([
        DictionaryEntry(
          key: DictionaryKey(raw: "acct", appleName: "kSecAttrAccount"), value: .string("a"),
          location: SourceLocation(file: "t", line: 3, column: 2)),
        DictionaryEntry(
          key: DictionaryKey(raw: "acct", appleName: "kSecAttrAccount"), value: .string("b"),
          location: SourceLocation(file: "t", line: 4, column: 2)),
      ]),
      message: "dictionary literal contains duplicate key kSecAttrAccount at line 4 "
        + "(Swift traps on this at run time)"),
  ]

  @Test func aNewContextIsAnAuthenticationContext() throws {
    let value = try ValueEvaluator(bindings: [:]).evaluate(.newContext)
    guard case .authenticationContext = value else {
      Issue.record("expected an LAContext, got \(value)")
      return
    }
  }

  @Test(arguments: failures)
  func badExpressionsAreScenarioErrors(_ failure: Failure) {
    #expect(throws: ScenarioRuntimeError(failure.message)) {
      _ = try ValueEvaluator(bindings: [:]).evaluate(failure.expr)
    }
  }
}
