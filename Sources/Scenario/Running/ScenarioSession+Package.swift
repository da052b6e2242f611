import Keychain
import ScenarioLanguage

// The cross-platform package's statements. What each call does (the SecItem calls on an Apple
// device, the app's own store on Android) is the engine's (`SimulatedDevice.perform(_:on:)`);
// the session evaluates the value, records the outcome and words it.
extension ScenarioSession {
  mutating func perform(_ command: PackageCommand, statement: Statement)
    throws(ScenarioRuntimeError) -> StepReport
  {
    let line = statement.location.line
    switch command {
    case .create(let name, let keychain):
      bindings[name] = .packageKeychain(keychain)
      let group = keychain.accessGroup.map { ", access group \($0)" } ?? ", the app's default group"
      return StepReport(lines: ["→ \(name): service \"\(keychain.service)\"\(group)"])
    case .call(let name, let call):
      guard case .packageKeychain(let keychain)? = bindings[name] else {
        throw ScenarioRuntimeError(
          "'\(name)' is not a package keychain (line \(line)); bind one with "
            + "`let \(name) = createKeychain(service: \"...\")`")
      }
      try requireInstalledCaller(line: line)
      let operation: PackageOperation
      switch call {
      case .setItem(let key, let expr):
        guard case .string(let value) = try evaluator.evaluate(expr) else {
          throw ScenarioRuntimeError(
            "setItem stores a string: the value at line \(line) is not one")
        }
        operation = .setItem(key: key, value: value)
      case .getItem(let key): operation = .getItem(key: key)
      case .deleteItem(let key): operation = .deleteItem(key: key)
      }
      let outcome = device.perform(operation, on: keychain)
      if let limitation = outcome.steps.lazy.compactMap(\.outcome.limitation).first {
        lastOutcome = nil
        throw ScenarioRuntimeError(
          "not simulated yet: \(limitation.feature) (\(name).\(operation.methodName) at line "
            + "\(line))")
      }
      lastOutcome = .package(
        statement: "\(name).\(operation)", outcome: outcome, line: line)
      // The package's SecItem calls are the app's: the same mistakes show through them
      // (a getItem that failed while locked, then deleteItem).
      for step in outcome.steps {
        guard let function = PitfallDetector.Call.Function(appleName: step.function) else {
          preconditionFailure("a package step names no SecItem function: \(step.function)")
        }
        pitfallDetector.observe(
          .init(
            function: function, query: step.sentQuery, attributes: step.sentAttributes,
            status: step.outcome.status, inBackground: device.appState == .background,
            caller: device.caller.app, line: line,
            addsToLoginKeychainByDefault: function == .add
              && device.addsToLoginKeychainByDefault(step.sentQuery)))
      }
      return StepReport(lines: lines(for: outcome))
    }
  }

  /// `show items` on an Android phone: no keychain, but what each app keeps through the
  /// package, by app, service and key (never the values).
  func androidValueLines() -> [String] {
    let entries = device.androidPackageEntries
    var lines = [
      "no keychain on an \(device.platform.displayName): \(entries.count) value(s) kept "
        + "through the package"
    ]
    for entry in entries {
      lines.append("- \(entry.app): service \"\(entry.service)\", key \"\(entry.key)\" (sealed)")
    }
    return lines
  }

  /// Names bound to a package keychain, whose methods complete after `name.`.
  public var packageKeychainNames: [String] {
    bindings.filter { if case .packageKeychain = $0.value { true } else { false } }.keys.sorted()
  }

  /// Each SecItem call the package made and its status, then how the promise settled, then
  /// why and the fix.
  func lines(for outcome: PackageOutcome) -> [String] {
    var lines: [String] = []
    for step in outcome.steps {
      let call = step.function + " " + step.query + (step.attributes.map { " " + $0 } ?? "")
      lines.append(TextWrap.labelled("  ", call + " → " + step.outcome.status.description))
    }
    lines.append(
      TextWrap.labelled(
        "→ ", ExpectationChecker.settlement(outcome, showsSecrets: options.showsSecrets)))
    if outcome.error != nil, let explanation = outcome.steps.last?.outcome.explanation {
      // The keychain's reason for the status the package turned into its error code.
      lines.append(TextWrap.labelled("why: ", explanation.cause, indent: 2))
      if let fix = explanation.fix { lines.append(TextWrap.labelled("fix: ", fix, indent: 2)) }
    } else if let note = outcome.note {
      lines.append(TextWrap.labelled("note: ", note.cause, indent: 2))
      if let fix = note.fix { lines.append(TextWrap.labelled("fix: ", fix, indent: 2)) }
    }
    return lines
  }
}
