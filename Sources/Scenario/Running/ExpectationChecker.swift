import Foundation
import Keychain
import ScenarioLanguage

/// Decides whether one `expect` holds (docs/scenario-language.md §9) and, when not, says what was
/// expected and what happened, in the transcript's words.
struct ExpectationChecker {
  /// What the check found.
  enum Verdict: Equatable {
    case held
    case failed(expected: String, actual: String, explanation: String?)
  }

  /// Renders what a call returned (an `actual:`), item data masked unless it shows secrets.
  var formatter = SecValueFormatter()

  /// Renders what the scenario expects (an `expected:`): shown as written, as the statement's
  /// echo shows `expect result`.
  private var expectedFormatter: SecValueFormatter {
    SecValueFormatter(width: formatter.width, showsSecrets: true)
  }

  /// - Parameters:
  ///   - last: the outcome of the most recent statement that produced one.
  ///   - lockState: the device's lock state now, for `expect device ...`.
  ///   - evaluate: turns the value of `expect result <value>` into a `SecValue`.
  /// - Throws: `ScenarioRuntimeError` for expectations about features not simulated yet.
  func check(
    _ expectation: Expectation, source: String, last: RecordedOutcome?,
    lockState: ExpectedLockState, prompts: Int? = nil, sheet: AuthenticationPrompt? = nil,
    context: (String) -> LAContext? = { _ in nil },
    evaluate: (Expr) throws(ScenarioRuntimeError) -> SecValue
  ) throws(ScenarioRuntimeError) -> Verdict {
    let prompted = prompts.map { $0 > 0 }
    switch expectation {
    case .refused:
      return checkRefused(last: last)
    case .promptCount(let expected):
      guard let prompts else {
        return .failed(
          expected: "\(expected) prompt(s)",
          actual: "no statement before this one could have shown one", explanation: nil)
      }
      return prompts == expected
        ? .held
        : .failed(
          expected: "\(expected) prompt(s)", actual: "\(prompts) prompt(s)",
          explanation: last?.explanation)
    case .domainStateIsNil(let name, let isNil):
      guard let context = context(name) else { return Self.notAContext(name) }
      let actual = context.evaluatedPolicyDomainState == nil
      return actual == isNil
        ? .held
        : .failed(
          expected: "\(name).evaluatedPolicyDomainState \(isNil ? "==" : "!=") nil",
          actual: actual
            ? "nil: neither canEvaluatePolicy nor a biometric evaluation set it yet"
            : "a domain state, set by canEvaluatePolicy or a biometric evaluation",
          explanation: nil)
    case .resultDate(let key, let comparison, let operand):
      return try checkDate(key, comparison, operand, evaluate: evaluate)
    case .sheetOffers(let expected):
      guard let sheet else {
        return .failed(
          expected: "a sheet offering " + Self.answers(expected),
          actual: "the last statement showed no sheet", explanation: nil)
      }
      let offered = sheet.acceptedResponses
      return Set(offered) == Set(expected)
        ? .held
        : .failed(
          expected: "a sheet offering " + Self.answers(expected),
          actual: "the \(sheet) offered " + Self.answers(offered), explanation: nil)
    case .biometryType(let name, let kind):
      guard let context = context(name) else { return Self.notAContext(name) }
      let actual = BiometryKind.named(context.biometryType)
      return actual == kind
        ? .held
        : .failed(
          expected: "\(name).biometryType == .\(kind.rawValue)",
          actual: ".\(actual.rawValue)"
            + (actual == .none
              ? " (set only once canEvaluatePolicy ran for the biometric policy)" : ""),
          explanation: nil)
    case .domainState(let left, let equal, let right):
      return checkDomainStates(left, equal: equal, right, context: context)
    case .device(let expected):
      return expected == lockState
        ? .held
        : .failed(expected: "device \(expected)", actual: "device \(lockState)", explanation: nil)
    case .packageError(let code):
      return checkPackageError(code, last: last)
    case .success, .laError, .bool, .status:
      if case .key(let outcome, _)? = last { return checkKey(expectation, outcome) }
      if case .status = expectation { break }
      if case .success = expectation, case .package(_, let outcome, _)? = last {
        return checkPackageResolved(outcome)
      }
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
    case .result, .noResult, .count, .resultLacks, .strictResult, .resultIsItemReference:
      break
    }
    guard let last else {
      return .failed(
        expected: describe(expectation, evaluate: evaluate),
        actual: "no statement before this one produced an outcome", explanation: nil)
    }
    if case .package(_, let outcome, _) = last,
      let verdict = try checkPackage(expectation, outcome, evaluate: evaluate)
    {
      return verdict
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
        expected: "no result", actual: "result " + (last.formattedResult(formatter) ?? ""),
        explanation: last.explanation ?? statusContext(status))
    case .count(let expected):
      let actual = Self.count(of: last.result)
      return actual == expected
        ? .held
        : .failed(
          expected: "count \(expected)",
          actual: "count \(actual)" + (last.result.map { " (" + summary($0) + ")" } ?? ""),
          explanation: last.explanation ?? statusContext(status))
    case .resultIsItemReference:
      let expected = "result \(Vocabulary.keychainItemReference)"
      guard let result = last.result else {
        return .failed(
          expected: expected, actual: "no result (\(status.name))", explanation: last.explanation)
      }
      let elements: [SecValue]
      if case .array(let array) = result { elements = array } else { elements = [result] }
      let allReferences = elements.allSatisfy {
        if case .keychainItemReference = $0 { return true }
        return false
      }
      return allReferences && !elements.isEmpty
        ? .held
        : .failed(
          expected: expected, actual: "result " + formatter.format(result, indent: 0),
          explanation: last.explanation)
    case .resultLacks(let key):
      let expected = "result has no \(key)"
      guard let result = last.result else {
        return .failed(
          expected: expected, actual: "no result (\(status.name))",
          explanation: last.explanation)
      }
      let elements: [SecValue]
      if case .array(let array) = result { elements = array } else { elements = [result] }
      let dictionaries: [[String: SecValue]] = elements.compactMap {
        if case .dictionary(let dictionary) = $0 { return dictionary }
        return nil
      }
      guard dictionaries.count == elements.count else {
        return .failed(
          expected: expected,
          actual: "result " + (last.formattedResult(formatter) ?? "") + " (not a dictionary)",
          explanation: nil)
      }
      guard let holder = dictionaries.first(where: { $0[key.raw] != nil }),
        let value = holder[key.raw]
      else { return .held }
      return .failed(
        expected: expected,
        actual: "\(key): " + formatter.format(value, forKey: key.raw), explanation: nil)
    case .result(let expr), .strictResult(let expr):
      let strict: Bool
      if case .strictResult = expectation { strict = true } else { strict = false }
      let expected = try evaluate(expr)
      let word = strict ? "result strictly " : "result "
      guard let result = last.result else {
        return .failed(
          expected: word + expectedFormatter.format(expected, indent: 0),
          actual: "no result (\(status.name))", explanation: last.explanation)
      }
      if strict {
        return Self.matchesStrictly(expected, result)
          ? .held
          : .failed(
            expected: word + expectedFormatter.format(expected, indent: 0),
            actual: "result " + maskedHint(last.formattedResult(formatter) ?? ""),
            explanation: Self.typeMismatch(expected, result))
      }
      return Self.matches(expected, result)
        ? .held
        : .failed(
          expected: "result " + expectedFormatter.format(expected, indent: 0),
          actual: "result " + maskedHint(last.formattedResult(formatter) ?? ""),
          explanation: last.explanation)
    case .device, .success, .laError, .bool, .prompt, .noPrompt, .refused, .promptCount,
      .sheetOffers, .resultDate, .biometryType, .domainState, .domainStateIsNil, .packageError:
      return .held  // handled above
    }
  }

  /// `expect refused`: the last outcome is a device, biometry or app statement that was refused.
  private func checkRefused(last: RecordedOutcome?) -> Verdict {
    guard case .device(let statement, _, let refusal)? = last else {
      return .failed(
        expected: "a refused device, biometry or app statement",
        actual: last.map { "\($0.origin) is not a device statement" }
          ?? "no statement before this one produced an outcome", explanation: nil)
    }
    guard refusal != nil else {
      return .failed(
        expected: "`\(statement)` refused", actual: "it was done", explanation: nil)
    }
    return .held
  }

  private func checkDomainStates(
    _ left: String, equal: Bool, _ right: String, context: (String) -> LAContext?
  ) -> Verdict {
    guard let leftContext = context(left) else { return Self.notAContext(left) }
    guard let rightContext = context(right) else { return Self.notAContext(right) }
    let expected =
      "\(left).evaluatedPolicyDomainState \(equal ? "==" : "!=") "
      + "\(right).evaluatedPolicyDomainState"
    let unset = [(left, leftContext), (right, rightContext)].filter {
      $0.1.evaluatedPolicyDomainState == nil
    }
    if let (name, _) = unset.first {
      return .failed(
        expected: expected, actual: "\(name).evaluatedPolicyDomainState is nil",
        explanation:
          "it is set only by canEvaluatePolicy or a successful evaluatePolicy with Face ID or "
          + "Touch ID (LAContext.h)")
    }
    let same = leftContext.evaluatedPolicyDomainState == rightContext.evaluatedPolicyDomainState
    return same == equal
      ? .held
      : .failed(
        expected: expected,
        actual: same
          ? "the same domain state: no face or finger was enrolled or removed in between"
          : "different domain states: the enrolled faces or fingers changed in between",
        explanation: nil)
  }

  /// `expect result kSecAttrModificationDate later than created`.
  private func checkDate(
    _ key: DictionaryKey, _ comparison: DateComparison, _ operand: DateOperand,
    evaluate: (Expr) throws(ScenarioRuntimeError) -> SecValue
  ) throws(ScenarioRuntimeError) -> Verdict {
    let expected = "result \(key) \(comparison.rawValue) \(operand)"
    guard let actual = Self.date(key, in: try evaluate(.lastResult)) else {
      return .failed(
        expected: expected, actual: "the last result has no \(key) date", explanation: nil)
    }
    let bound: Date
    switch operand {
    case .literal(let date): bound = date
    case .binding(let name):
      guard let date = Self.date(key, in: try evaluate(.binding(name))) else {
        return .failed(
          expected: expected, actual: "\(name) has no \(key) date", explanation: nil)
      }
      bound = date
    }
    let holds =
      switch comparison {
      case .equal: actual == bound
      case .later: actual > bound
      case .earlier: actual < bound
      }
    return holds
      ? .held
      : .failed(
        expected: expected,
        actual: "\(key) \(actual.formatted(.iso8601)) against \(bound.formatted(.iso8601))",
        explanation: nil)
  }

  /// The date under `key` in a returned dictionary (or the only one of an array).
  private static func date(_ key: DictionaryKey, in value: SecValue) -> Date? {
    switch value {
    case .dictionary(let entries):
      if case .date(let date)? = entries[key.raw] { return date }
      return nil
    case .array(let items) where items.count == 1:
      return date(key, in: items[0])
    default:
      return nil
    }
  }

  private static func notAContext(_ name: String) -> Verdict {
    .failed(
      expected: "an LAContext named \(name)", actual: "\(name) is not bound to an LAContext",
      explanation: nil)
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
    case (.accessControl(let wanted), .accessControl(let returned)):
      // An item's default (protection-only) access control reads like one made with no flags.
      return wanted.protection == returned.protection && wanted.flags == returned.flags
    default: return expected == actual
    }
  }

  /// `expect result strictly`: as ``matches(_:_:)``, but a string matches only a string and a
  /// Boolean only a Boolean (the CoreFoundation types must be the same).
  static func matchesStrictly(_ expected: SecValue, _ actual: SecValue) -> Bool {
    switch (expected, actual) {
    case (.dictionary(let wanted), .dictionary(let returned)):
      return wanted.allSatisfy { key, value in
        returned[key].map { matchesStrictly(value, $0) } ?? false
      }
    case (.array(let wanted), .array(let returned)):
      return wanted.count == returned.count && zip(wanted, returned).allSatisfy(matchesStrictly)
    default: return expected == actual
    }
  }

  /// Why a strict comparison failed when the lenient one would have held.
  static func typeMismatch(_ expected: SecValue, _ actual: SecValue) -> String? {
    guard matches(expected, actual) else { return nil }
    return "the values match only across types (a string against data, or a Boolean against a "
      + "number); `strictly` compares CoreFoundation types too"
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

  func statusText(_ status: OSStatus) -> String {
    "\(status.name) (\(status.rawValue))"
  }

  private func statusContext(_ status: OSStatus) -> String? {
    status == .errSecSuccess ? nil : "the call returned \(status.name) (\(status.rawValue))"
  }

  /// The rendered result, with how to see the data when it was masked: a mismatch against
  /// `<6 bytes: ••••>` cannot be told apart otherwise.
  private func maskedHint(_ rendered: String) -> String {
    guard !formatter.showsSecrets, rendered.contains(SecValueFormatter.mask) else {
      return rendered
    }
    return rendered + " (item data masked; --show-secrets shows it)"
  }

  private func summary(_ value: SecValue) -> String {
    switch value {
    case .array(let elements): "an array of \(elements.count)"
    case .dictionary: "a dictionary"
    case .data: "data"
    default: "one value"
    }
  }

  func describe(
    _ expectation: Expectation, evaluate: (Expr) throws(ScenarioRuntimeError) -> SecValue
  ) -> String {
    switch expectation {
    case .status(let status): statusText(status)
    case .noResult: "no result"
    case .count(let n): "count \(n)"
    case .result(let expr):
      "result " + ((try? evaluate(expr)).map { expectedFormatter.format($0, indent: 0) } ?? "?")
    case .device(let state): "device \(state)"
    case .success: "success"
    case .laError(let error): error.description
    case .bool(let flag): String(flag)
    case .prompt: "prompt"
    case .noPrompt: "no prompt"
    case .refused: "refused"
    case .promptCount(let n): "\(n) prompt(s)"
    case .sheetOffers(let answers): "sheet offers " + Self.answers(answers)
    case .resultDate(let key, let comparison, let operand):
      "result \(key) \(comparison.rawValue) \(operand)"
    case .domainStateIsNil(let name, let isNil):
      "\(name).evaluatedPolicyDomainState \(isNil ? "==" : "!=") nil"
    case .resultLacks(let key): "result has no \(key)"
    case .resultIsItemReference: "result \(Vocabulary.keychainItemReference)"
    case .strictResult(let expr):
      "result strictly "
        + ((try? evaluate(expr)).map { expectedFormatter.format($0, indent: 0) } ?? "?")
    case .biometryType(let name, let kind): "\(name).biometryType == .\(kind.rawValue)"
    case .domainState(let left, let equal, let right):
      "\(left).evaluatedPolicyDomainState \(equal ? "==" : "!=") "
        + "\(right).evaluatedPolicyDomainState"
    case .packageError(let code): code.rawValue
    }
  }

  /// `cancel, fallback`.
  static func answers(_ kinds: [UserResponse.Kind]) -> String {
    kinds.map(\.rawValue).joined(separator: ", ")
  }
}
