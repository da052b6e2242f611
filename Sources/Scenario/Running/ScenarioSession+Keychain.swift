import Keychain
import ScenarioLanguage

extension ScenarioSession {
  /// Plays a SecItem call as the current app and reports Apple's status, the result object and
  /// the engine's explanation.
  mutating func perform(_ call: SecItemCall, line: Int) throws(ScenarioRuntimeError) -> StepReport {
    let evaluator = self.evaluator
    lastKeyReference = nil
    let outcome: SecItemOutcome
    let function: PitfallDetector.Call.Function
    let query: SecQuery
    var attributes: SecQuery = [:]
    switch call {
    case .add(let expr):
      (function, query) = (.add, try evaluator.dictionary(from: expr))
      outcome = shapeKeyResult(device.secItemAdd(query), query: query)
    case .copyMatching(let expr):
      (function, query) = (.copyMatching, try evaluator.dictionary(from: expr))
      outcome = shapeKeyResult(device.secItemCopyMatching(query), query: query)
    case .update(let expr, let attributesExpr):
      (function, query) = (.update, try evaluator.dictionary(from: expr))
      attributes = try evaluator.dictionary(from: attributesExpr)
      outcome = device.secItemUpdate(query, attributes)
    case .delete(let expr):
      (function, query) = (.delete, try evaluator.dictionary(from: expr))
      outcome = device.secItemDelete(query)
    }
    // The device refuses a call no program could make (a deleted app; an Android phone,
    // which has no SecItem): a scenario error, as a call that cannot happen.
    if let refusal = outcome.callRefusal {
      lastOutcome = nil
      throw ScenarioRuntimeError("\(refusal.reason) (line \(line)); \(refusal.advice)")
    }
    if let limitation = outcome.limitation {
      lastOutcome = nil
      throw ScenarioRuntimeError(
        "not simulated yet: \(limitation.feature) (\(call.functionName) at line \(line))")
    }
    let returnsData = query[SecQueryKey.returnData.rawValue] == .bool(true)
    lastOutcome = .secItem(
      function: call.functionName, outcome: outcome, line: line, returnsData: returnsData)
    pitfallDetector.observe(
      .init(
        function: function, query: query, attributes: attributes, status: outcome.status,
        inBackground: device.appState == .background, caller: device.caller.app, line: line,
        addsToLoginKeychainByDefault: function == .add
          && device.addsToLoginKeychainByDefault(query)))
    return StepReport(lines: lines(for: outcome, returnsData: returnsData))
  }

  /// `→ status`, then the result (item data masked unless the session shows secrets), then
  /// why and fix when the call did not simply succeed.
  func lines(for outcome: SecItemOutcome, returnsData: Bool) -> [String] {
    var lines = ["→ " + outcome.status.description]
    if let result = outcome.result {
      lines.append(
        "  result: " + formatter.format(result: result, returnsData: returnsData, indent: 2))
    }
    if let explanation = outcome.explanation {
      let label = outcome.status == .errSecSuccess || explanation.isWarning ? "note: " : "why: "
      lines.append(TextWrap.labelled(label, explanation.cause, indent: 2))
      if let fix = explanation.fix { lines.append(TextWrap.labelled("fix: ", fix, indent: 2)) }
    }
    return lines
  }

  /// `let ac = SecAccessControlCreateWithFlags(...)`: the engine's `SecAccessControl.create`
  /// decides; a refusal binds nil and records errSecParam, as the call's `&error` would.
  mutating func createAccessControl(_ control: AccessControlExpr, name: String, line: Int)
    -> StepReport
  {
    do {
      let created = try SecAccessControl.create(
        protection: control.protection, flags: control.flags)
      let value = SecValue.accessControl(created)
      bindings[name] = .value(value)
      lastOutcome = .accessControl(
        status: .errSecSuccess, value: value, explanation: nil, line: line)
      return StepReport(lines: ["→ \(name) = " + formatter.format(value)])
    } catch {
      bindings[name] = .value(.null)
      lastOutcome = .accessControl(
        status: error.status, value: nil, explanation: error.message, line: line)
      return StepReport(lines: [
        TextWrap.labelled(
          "→ ", "\(name) = nil: SecAccessControlCreateWithFlags failed with \(error.status)"),
        TextWrap.labelled("why: ", error.message, indent: 2),
      ])
    }
  }
}
