import Keychain
import ScenarioLanguage

// Biometry, the app's execution context and LAContext statements. As elsewhere, every
// decision is the engine's; the session only words what comes back.
extension ScenarioSession {
  mutating func perform(_ command: BiometryCommand, statement: Statement) -> StepReport {
    let outcome: DeviceOutcome
    switch command {
    case .setType(let kind): outcome = device.setBiometryType(kind.hardware)
    case .enroll(let name): outcome = device.enrollBiometry(name)
    case .remove(let name): outcome = device.removeBiometry(name)
    }
    lastOutcome = .device(
      statement: statement.sourceText, line: statement.location.line,
      refusal: Self.refusal(of: outcome))
    return StepReport(lines: lines(for: outcome))
  }

  /// `app background` / `app foreground`: where prompts can be shown.
  mutating func performExecutionContext(_ command: AppCommand, statement: Statement)
    -> StepReport
  {
    let summary: String
    switch command {
    case .background:
      device.appState = .background
      summary =
        "\(device.caller.app.bundleID) is in the background: keychain calls still run, but no "
        + "Face ID, Touch ID or passcode prompt can be shown"
    case .foreground:
      device.appState = .foreground
      summary = "\(device.caller.app.bundleID) is in the foreground: prompts can be shown"
    default:
      return StepReport()  // the other `app` statements are ScenarioSession+Apps'
    }
    lastOutcome = .device(
      statement: statement.sourceText, line: statement.location.line, refusal: nil)
    return StepReport(lines: [TextWrap.labelled("→ ", summary)])
  }

  mutating func perform(_ action: ContextAction, on name: String, statement: Statement)
    throws(ScenarioRuntimeError) -> StepReport
  {
    guard case .context(let context)? = bindings[name] else {
      throw ScenarioRuntimeError(
        "'\(name)' is not an LAContext; bind it with `let \(name) = LAContext()`")
    }
    let line = statement.location.line
    switch action {
    case .setReuseDuration(let duration):
      context.touchIDAuthenticationAllowableReuseDuration = duration
      let applied = context.effectiveReuseDuration
      return applied == duration
        ? StepReport()
        : StepReport(lines: [
          TextWrap.labelled("note: ", "values above 5 minutes act as \(applied)", indent: 2)
        ])
    case .setInteractionNotAllowed(let flag):
      context.interactionNotAllowed = flag
      return StepReport()
    case .setLocalizedReason(let reason):
      context.localizedReason = reason
      return StepReport()
    case .setLocalizedFallbackTitle(let title):
      context.localizedFallbackTitle = title
      return StepReport()
    case .setLocalizedCancelTitle(let title):
      context.localizedCancelTitle = title
      return StepReport()
    case .invalidate:
      context.invalidate()
      return StepReport()
    case .canEvaluatePolicy(let policy):
      let outcome = device.canEvaluatePolicy(policy, context: context)
      lastOutcome = .evaluation(statement: statement.sourceText, outcome: outcome, line: line)
      var report = StepReport(lines: lines(for: outcome))
      report.lines.append("  \(name).biometryType = .\(context.biometryType.swiftName)")
      return report
    case .evaluatePolicy(let policy, let reason):
      let outcome: LAEvaluationOutcome
      do {
        outcome = try device.evaluatePolicy(policy, context: context, localizedReason: reason)
      } catch {
        throw ScenarioRuntimeError("\(error.description) (line \(line))")
      }
      lastOutcome = .evaluation(statement: statement.sourceText, outcome: outcome, line: line)
      return StepReport(lines: lines(for: outcome))
    }
  }

  /// `→ success`, or `→ LAError.userCancel (-2): the user tapped Cancel`, then why and fix.
  func lines(for outcome: LAEvaluationOutcome) -> [String] {
    var lines: [String]
    if outcome.value {
      lines = ["→ success (true)"]
    } else if let error = outcome.error {
      lines = [TextWrap.labelled("→ ", "\(error): \(error.meaning)")]
    } else {
      lines = ["→ false"]
    }
    if let explanation = outcome.explanation {
      lines.append(
        TextWrap.labelled(outcome.value ? "note: " : "why: ", explanation.cause, indent: 2))
      if let fix = explanation.fix { lines.append(TextWrap.labelled("fix: ", fix, indent: 2)) }
    }
    return lines
  }
}

extension BiometryKind {
  /// The engine's hardware value.
  var hardware: BiometryType {
    switch self {
    case .faceID: .faceID
    case .touchID: .touchID
    case .none: .none
    }
  }

  /// The word for the engine's hardware value.
  static func named(_ type: BiometryType) -> BiometryKind {
    switch type {
    case .faceID: .faceID
    case .touchID: .touchID
    case .none: .none
    }
  }
}

extension BiometryType {
  /// `faceID`, as `LABiometryType` spells it in Swift.
  var swiftName: String {
    switch self {
    case .faceID: "faceID"
    case .touchID: "touchID"
    case .none: "none"
    }
  }
}
