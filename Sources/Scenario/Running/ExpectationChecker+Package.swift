import Keychain
import ScenarioLanguage

/// `expect` after a call of the cross-platform package: its promise resolved (`expect
/// success`), rejected with a code (`expect MISSING_ENTITLEMENT`), or what `getItem` returned
/// (`expect result "t1"`, `expect no result` for `null`). An OSStatus expectation checks the
/// last SecItem call the package made, which an Android phone never makes.
extension ExpectationChecker {
  /// `expect MISSING_ENTITLEMENT`.
  func checkPackageError(_ code: PackageError.Code, last: RecordedOutcome?) -> Verdict {
    guard case .package(_, let outcome, _)? = last else {
      return .failed(
        expected: "a package call rejected with \(code.rawValue)",
        actual: last.map { "\($0.origin) is not a package call" }
          ?? "no statement before this one produced an outcome", explanation: nil)
    }
    return outcome.error?.code == code
      ? .held
      : .failed(
        expected: "rejected with \(code.rawValue)", actual: settlement(outcome),
        explanation: outcome.note?.description)
  }

  /// `expect success` after a package call: its promise resolved.
  func checkPackageResolved(_ outcome: PackageOutcome) -> Verdict {
    outcome.resolved
      ? .held
      : .failed(
        expected: "resolved", actual: settlement(outcome), explanation: nil)
  }

  /// The result and status expectations against a package call; `nil` when the generic
  /// check applies (an OSStatus on an Apple device: the last SecItem call's).
  func checkPackage(
    _ expectation: Expectation, _ outcome: PackageOutcome,
    evaluate: (Expr) throws(ScenarioRuntimeError) -> SecValue
  ) throws(ScenarioRuntimeError) -> Verdict? {
    let returned = outcome.returnedValue
    switch expectation {
    case .status(let expected):
      guard outcome.lastStatus == nil else { return nil }
      return .failed(
        expected: statusText(expected),
        actual: "no status: on an \(outcome.platform.displayName) the package makes no SecItem "
          + "call (it \(settlement(outcome)))", explanation: nil)
    case .result(let expr), .strictResult(let expr):
      let expected = try evaluate(expr)
      let strict: Bool
      if case .strictResult = expectation { strict = true } else { strict = false }
      let wanted =
        (strict ? "result strictly " : "result ")
        + SecValueFormatter(showsSecrets: true).format(expected, indent: 0)
      guard let returned else {
        return .failed(
          expected: wanted, actual: settlement(outcome),
          explanation: outcome.error?.description ?? outcome.note?.description)
      }
      let held =
        strict ? Self.matchesStrictly(expected, returned) : Self.matches(expected, returned)
      return held
        ? .held
        : .failed(
          expected: wanted, actual: settlement(outcome),
          explanation: outcome.note?.description)
    case .noResult:
      return returned == nil
        ? .held
        : .failed(expected: "no result (null)", actual: settlement(outcome), explanation: nil)
    default:
      return .failed(
        expected: describe(expectation, evaluate: evaluate),
        actual: "a package call resolves with a string, null or nothing: use `expect result`, "
          + "`expect no result`, `expect success` or an error code", explanation: nil)
    }
  }

  /// `resolved ••••` (`resolved "t1"` when the formatter shows secrets: the value `getItem`
  /// read is the item's secret), `resolved null`, `rejected MISSING_ENTITLEMENT: ...`.
  func settlement(_ outcome: PackageOutcome) -> String {
    Self.settlement(outcome, showsSecrets: formatter.showsSecrets)
  }

  static func settlement(_ outcome: PackageOutcome, showsSecrets: Bool) -> String {
    switch outcome.settled {
    case .success(.nothing): "resolved"
    case .success(.null): "resolved null"
    case .success(.string(let text)):
      "resolved " + (showsSecrets ? SecValueFormatter.quoted(text) : SecValueFormatter.mask)
    case .failure(let error): "rejected \(error)"
    }
  }
}
