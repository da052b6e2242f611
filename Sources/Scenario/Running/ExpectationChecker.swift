import Foundation
import Keychain

/// Decides whether one `expect` holds (docs/scenario-language.md §9) and, when not, says what was
/// expected and what happened, in the transcript's words.
struct ExpectationChecker {
  /// What the check found.
  enum Verdict: Equatable {
    case held
    case failed(expected: String, actual: String, explanation: String?)
  }

  var formatter = SecValueFormatter()

  /// - Parameters:
  ///   - last: the outcome of the most recent statement that produced one.
  ///   - lockState: the device's lock state now, for `expect device ...`.
  ///   - evaluate: turns the value of `expect result <value>` into a `SecValue`.
  /// - Throws: `ScenarioRuntimeError` for expectations about features not simulated yet.
  func check(
    _ expectation: Expectation, source: String, last: RecordedOutcome?,
    lockState: ExpectedLockState, prompted: Bool? = nil,
    evaluate: (Expr) throws(ScenarioRuntimeError) -> SecValue
  ) throws(ScenarioRuntimeError) -> Verdict {
    switch expectation {
    case .device(let expected):
      return expected == lockState
        ? .held
        : .failed(expected: "device \(expected)", actual: "device \(lockState)", explanation: nil)
    case .success, .laError, .bool:
      return checkEvaluation(expectation, last: last)
    case .prompt, .noPrompt:
      guard let prompted else {
        return .failed(
          expected: expectation == .prompt ? "a prompt" : "no prompt",
          actual: "no statement before this one could have shown one", explanation: nil)
      }
      let wanted = expectation == .prompt
      return wanted == prompted
        ? .held
        : .failed(
          expected: wanted ? "a prompt" : "no prompt",
          actual: prompted ? "the user was prompted" : "no prompt was shown",
          explanation: last?.explanation)
    case .status, .result, .noResult, .count:
      break
    }
    guard let last else {
      return .failed(
        expected: describe(expectation, evaluate: evaluate),
        actual: "no statement before this one produced an outcome", explanation: nil)
    }
    guard let status = last.status else {
      return .failed(
        expected: describe(expectation, evaluate: evaluate),
        actual: "\(last.origin) has no status or result; use `expect device ...` after a "
          + "device statement", explanation: nil)
    }
    switch expectation {
    case .status(let expected):
      return expected == status
        ? .held
        : .failed(
          expected: statusText(expected), actual: status.description,
          explanation: last.explanation)
    case .noResult:
      guard let result = last.result else { return .held }
      return .failed(
        expected: "no result", actual: "result " + formatter.format(result, indent: 0),
        explanation: last.explanation ?? statusContext(status))
    case .count(let expected):
      let actual = Self.count(of: last.result)
      return actual == expected
        ? .held
        : .failed(
          expected: "count \(expected)",
          actual: "count \(actual)" + (last.result.map { " (" + summary($0) + ")" } ?? ""),
          explanation: last.explanation ?? statusContext(status))
    case .result(let expr):
      let expected = try evaluate(expr)
      guard let result = last.result else {
        return .failed(
          expected: "result " + formatter.format(expected, indent: 0),
          actual: "no result (\(status.name))", explanation: last.explanation)
      }
      return Self.matches(expected, result)
        ? .held
        : .failed(
          expected: "result " + formatter.format(expected, indent: 0),
          actual: "result " + formatter.format(result, indent: 0),
          explanation: last.explanation)
    case .device, .success, .laError, .bool, .prompt, .noPrompt:
      return .held  // handled above
    }
  }

  /// `expect success`, `expect LAError.x`, `expect true|false` against an LAContext outcome.
  private func checkEvaluation(_ expectation: Expectation, last: RecordedOutcome?) -> Verdict {
    guard case .evaluation(_, let outcome, _)? = last else {
      return .failed(
        expected: describe(expectation, evaluate: { _ in .null }),
        actual: last.map { "\($0.origin) is not an LAContext evaluation" }
          ?? "no statement before this one produced an outcome", explanation: nil)
    }
    let actual: String
    if outcome.value {
      actual = "success (true)"
    } else if let error = outcome.error {
      actual = "\(error) (false)"
    } else {
      actual = "false"
    }
    let held: Bool
    switch expectation {
    case .success: held = outcome.value
    case .bool(let flag): held = outcome.value == flag
    case .laError(let code): held = !outcome.value && outcome.error == code
    default: held = false
    }
    return held
      ? .held
      : .failed(
        expected: describe(expectation, evaluate: { _ in .null }), actual: actual,
        explanation: outcome.explanation?.description)
  }

  // MARK: - Matching rules (docs/scenario-language.md §9)

  /// Whether a returned object matches the expected value: a string matches data holding its
  /// UTF-8 bytes and an equal string; a dictionary must be contained in the returned dictionary;
  /// an array compares element by element, in order.
  static func matches(_ expected: SecValue, _ actual: SecValue) -> Bool {
    switch (expected, actual) {
    case (.string(let text), .data(let data)): return Data(text.utf8) == data
    case (.dictionary(let wanted), .dictionary(let returned)):
      return wanted.allSatisfy { key, value in returned[key].map { matches(value, $0) } ?? false }
    case (.array(let wanted), .array(let returned)):
      return wanted.count == returned.count && zip(wanted, returned).allSatisfy(matches)
    case (.bool(let flag), .number(let number)), (.number(let number), .bool(let flag)):
      return (number != 0) == flag  // a CFBoolean and a CFNumber 0/1 read back alike in Swift
    default: return expected == actual
    }
  }

  /// The number of returned objects: 0 for none, the length of an array, else 1.
  static func count(of result: SecValue?) -> Int {
    switch result {
    case nil, .null?: 0
    case .array(let elements)?: elements.count
    case _?: 1
    }
  }

  // MARK: - Wording

  private func statusText(_ status: OSStatus) -> String {
    "\(status.name) (\(status.rawValue))"
  }

  private func statusContext(_ status: OSStatus) -> String? {
    status == .errSecSuccess ? nil : "the call returned \(status.name) (\(status.rawValue))"
  }

  private func summary(_ value: SecValue) -> String {
    switch value {
    case .array(let elements): "an array of \(elements.count)"
    case .dictionary: "a dictionary"
    case .data: "data"
    default: "one value"
    }
  }

  private func describe(
    _ expectation: Expectation, evaluate: (Expr) throws(ScenarioRuntimeError) -> SecValue
  ) -> String {
    switch expectation {
    case .status(let status): statusText(status)
    case .noResult: "no result"
    case .count(let n): "count \(n)"
    case .result(let expr):
      "result " + ((try? evaluate(expr)).map { formatter.format($0, indent: 0) } ?? "?")
    case .device(let state): "device \(state)"
    case .success: "success"
    case .laError(let error): error.description
    case .bool(let flag): String(flag)
    case .prompt: "prompt"
    case .noPrompt: "no prompt"
    }
  }
}
