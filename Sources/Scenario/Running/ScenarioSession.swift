import KeyEngine
import Keychain
import ScenarioLanguage

/// One simulated device with the scenario state around it — bindings, the last outcome, the
/// queue of scripted user answers — playing one statement at a time.
///
/// The runner and the REPL share it, so a file and a typed session mean the same thing. It
/// holds no keychain semantics: statements become calls on `SimulatedDevice`, and what comes
/// back is reported.
///
/// ```swift
/// var session = try ScenarioSession(options: .init(kdfProfile: .fast))
/// let report = try session.execute(statement)
/// ```
public struct ScenarioSession {
  /// How to create the device.
  public struct Options: Sendable, Equatable {
    /// A device file to play on (created when missing); `nil` for a fresh in-memory device.
    public var devicePath: String?
    /// The passcode key derivation's cost; `.fast` for test suites (the behaviour is the same).
    public var kdfProfile: KDFProfile
    /// `--show-secrets`: item data a call returned is shown in every output instead of its
    /// length only (`<6 bytes: ••••>`); passcodes and the data written stay masked.
    public var showsSecrets: Bool

    public init(
      devicePath: String? = nil, kdfProfile: KDFProfile = .realistic, showsSecrets: Bool = false
    ) {
      self.devicePath = devicePath
      self.kdfProfile = kdfProfile
      self.showsSecrets = showsSecrets
    }
  }

  public let options: Options
  /// Whether `options.devicePath` held a device when the session started (it was reopened, not
  /// created).
  public let deviceFileWasReopened: Bool
  /// The user's devices; a scenario starts with one iPhone.
  var fleet: DeviceFleet
  /// The device statements act on (`device use <name>` changes it).
  var device: SimulatedDevice { fleet.current }
  var bindings: [String: BoundValue] = [:]
  var lastOutcome: RecordedOutcome? { didSet { outcomeGeneration &+= 1 } }
  /// The key the most recent SecItemCopyMatching returned for kSecReturnRef, alone, so that
  /// `let key = result` binds it (docs/scenario-language.md §6, "Keys").
  var lastKeyReference: SimulatedKey?
  /// Counts changes of `lastOutcome`, so `execute` can tell whether a statement produced one.
  private var outcomeGeneration = 0
  /// The simulated user: answers queued by `user will ...`, consumed by prompts in order.
  let user = ScriptedUserAgent()
  /// How many prompts the last statement that acted showed, for `expect prompt` and
  /// `expect prompts <n>`.
  var lastPromptCount: Int?
  /// The last sheet the last acting statement showed, for `expect sheet offers`.
  var lastSheet: AuthenticationPrompt?
  /// Renders values for the transcript, item data masked unless `options.showsSecrets`.
  var formatter: SecValueFormatter { SecValueFormatter(showsSecrets: options.showsSecrets) }
  /// Recognises known mistakes in the calls played (``Pitfall``).
  var pitfallDetector = PitfallDetector()

  /// - Throws: `ScenarioRuntimeError` when the device cannot be created or its file opened.
  public init(options: Options = Options()) throws(ScenarioRuntimeError) {
    self.options = options
    self.deviceFileWasReopened = options.devicePath.map(Self.holdsADevice) ?? false
    self.fleet = try Self.makeFleet(options)
    fleet.userAgent = user
  }

  /// A session playing on a device someone else owns (the simulated phone of a test suite):
  /// its prompts are answered by the session's scripted user while the session plays.
  public init(device: SimulatedDevice, options: Options = Options(kdfProfile: .fast)) {
    self.options = options
    self.deviceFileWasReopened = false
    self.fleet = DeviceFleet(first: device, kdfProfile: options.kdfProfile)
    fleet.userAgent = user
  }

  /// A fresh device (or the device file reopened) and no bindings: the REPL's `reset`.
  public mutating func reset() throws(ScenarioRuntimeError) {
    fleet = try Self.makeFleet(options)
    fleet.userAgent = user
    bindings = [:]
    lastOutcome = nil
    lastKeyReference = nil
    lastPromptCount = nil
    lastSheet = nil
    user.removeAllAnswers()
    pitfallDetector = PitfallDetector()
  }

  /// Ends the session's watch for mistakes: what only the end can show (an errSecDuplicateItem
  /// nothing handled).
  public mutating func finishPitfalls() -> [Pitfall] {
    pitfallDetector.finish()
    return pitfallDetector.take()
  }

  /// Prompts that find no scripted answer are asked through `ask` (the REPL) instead of
  /// failing the statement; `ask` returning `nil` dismisses the prompt.
  public mutating func answerPromptsInteractively(
    _ ask: @escaping (AuthenticationPrompt) -> UserResponse?
  ) {
    user.ask = ask
  }

  /// Plays one statement.
  ///
  /// - Throws: `ScenarioRuntimeError` when the statement cannot be played (an unbound name, a
  ///   feature not simulated yet); a refused call or a failed expectation is a report, not an
  ///   error.
  public mutating func execute(_ statement: Statement) throws(ScenarioRuntimeError) -> StepReport {
    guard Self.acts(statement.kind) else {
      var report = try play(statement)
      if case .expect = statement.kind { pitfallDetector.observeExpectation() }
      report.pitfalls = pitfallDetector.take()
      return report
    }
    user.beginStatement()
    let generation = outcomeGeneration
    var report = try play(statement)
    if outcomeGeneration != generation { report.outcome = lastOutcome }
    switch statement.kind {
    case .device, .biometry, .reset, .icloud, .backup, .mac:
      pitfallDetector.observeDeviceChange()
    default: break
    }
    report.pitfalls = pitfallDetector.take()
    lastPromptCount = user.promptCount
    lastSheet = user.lastPrompt
    if let problem = user.problem {
      throw ScenarioRuntimeError("\(problem) (line \(statement.location.line))")
    }
    // A change the device file did not keep fails the statement: the run cannot go on as if
    // it had been saved.
    // Every device's: a `wait` or a sync pass changes devices other than the current one.
    for member in fleet.members {
      if let failure = member.device.takeSaveFailure() {
        throw ScenarioRuntimeError("\(failure.description) (line \(statement.location.line))")
      }
    }
    report.lines = user.log + report.lines + syncLines()
    try saveFleet(line: statement.location.line)
    return report
  }

  /// Whether a statement does something to the device (and may show a prompt), as opposed to
  /// checking, narrating or queuing answers.
  static func acts(_ kind: StatementKind) -> Bool {
    switch kind {
    case .device, .biometry, .wait, .app, .secItem, .bind, .context, .reset, .icloud, .backup,
      .mac, .package, .key:
      true
    case .userWill, .expect, .say, .show, .help, .explain, .quit, .declaration: false
    }
  }

  private mutating func play(_ statement: Statement) throws(ScenarioRuntimeError) -> StepReport {
    let line = statement.location.line
    switch statement.kind {
    case .device(let command):
      return try perform(command, statement: statement)
    case .icloud(let command):
      return perform(command, statement: statement)
    case .backup(let command):
      return try perform(command, statement: statement)
    case .mac(let command):
      return perform(command, statement: statement)
    case .package(let command):
      return try perform(command, statement: statement)
    case .wait(let duration):
      return try advanceClock(by: duration, line: line)
    case .secItem(let call):
      return try perform(call, line: line)
    case .key(let call, let name):
      return try perform(call, binding: name, statement: statement)
    case .bind(let name, let value):
      return try bind(name, to: value, line: line)
    case .expect(let expectation):
      return try check(expectation, statement: statement)
    case .say(let text):
      return StepReport(lines: ["» " + text])
    case .show(let topic):
      return try show(topic, statement: statement)
    case .help(let topic):
      return StepReport(lines: HelpText.text(for: topic).components(separatedBy: "\n"))
    case .explain(let subject):
      return StepReport(lines: explanation(of: subject).components(separatedBy: "\n"))
    case .reset:
      let forgotten = boundNames
      try reset()
      return StepReport(lines: [
        Self.resetSummary(forgotten: forgotten, devicePath: options.devicePath)
      ])
    case .quit:
      return StepReport(quit: true)
    case .declaration:
      return StepReport()
    case .biometry(let command):
      return perform(command, statement: statement)
    case .userWill(let answer, let times):
      user.enqueue(answer, times: times, line: line)
      return StepReport()
    case .app(let command):
      return try perform(command, statement: statement)
    case .context(let name, let action):
      return try perform(action, on: name, statement: statement)
    }
  }

  /// Answers still queued, as `user will` statements would write them (`fail 3 times`): reported
  /// as one warning when a scenario ends.
  public var unusedAnswers: [String] {
    user.queue.map { $0.remaining == 1 ? "\($0.answer)" : "\($0.answer) \($0.remaining) times" }
  }

  /// The line of the `user will` that queued the first answer still queued.
  public var firstUnusedAnswerLine: Int? { user.queue.first?.line }

  /// How many answers are still queued (saturating at `Int.max`).
  public var unusedAnswerCount: Int { user.unusedCount }

  /// Names bound so far, for tab completion.
  public var boundNames: [String] { bindings.keys.sorted() }

  /// Names bound to an `LAContext()`, whose members complete after `name.`.
  public var contextNames: [String] {
    bindings.filter { if case .context = $0.value { true } else { false } }.keys.sorted()
  }

  /// What `reset` did: the device, and the names it forgot.
  static func resetSummary(forgotten: [String], devicePath: String?) -> String {
    let device =
      devicePath.map { "the device file \($0) reopened (as after a reboot)" }
      ?? "a fresh device: no passcode, unlocked, no items"
    switch forgotten.count {
    case 0: return device + "; no bindings to forget"
    case 1: return device + "; forgot the binding \(forgotten[0])"
    default:
      return device + "; forgot the \(forgotten.count) bindings "
        + forgotten.joined(separator: ", ")
    }
  }

  /// The device in words for the REPL's banner: a fresh iPhone, or a device file created or
  /// reopened, with its lock state, passcode and calling app as they really are.
  public var deviceDescription: String {
    let state = device.state
    let lock = Self.lockWord(state.lock)
    let facts = "\(state.passcodeSet ? "passcode set" : "no passcode"), \(lock)"
    let app = state.caller.app.bundleID
    guard let path = options.devicePath else {
      return "a fresh iPhone (\(facts)) running \(app)"
    }
    return deviceFileWasReopened
      ? "the device in \(path), reopened as after a reboot (\(facts)) running \(app)"
      : "a fresh iPhone (\(facts)) saved in \(path), running \(app)"
  }

  // MARK: - Statements without the device

  private mutating func bind(_ name: String, to value: Expr, line: Int) throws(ScenarioRuntimeError)
    -> StepReport
  {
    if case .newContext = value {
      bindings[name] = .context(LAContext())
      return StepReport()
    }
    if case .accessControl(let control) = value {
      return createAccessControl(control, name: name, line: line)
    }
    if case .lastResult = value, case .secItem? = lastOutcome, let key = lastKeyReference {
      // `let key = result as! SecKey` after kSecReturnRef found one key.
      bindings[name] = .key(BoundKey(key: key))
      return StepReport()
    }
    bindings[name] = .value(try evaluator.evaluate(value))
    return StepReport()
  }

  private mutating func check(_ expectation: Expectation, statement: Statement)
    throws(ScenarioRuntimeError) -> StepReport
  {
    let evaluator = self.evaluator
    let verdict = try ExpectationChecker(formatter: formatter).check(
      expectation, source: statement.sourceText, last: lastOutcome, lockState: lockState,
      prompts: lastPromptCount, sheet: lastSheet, context: context(named:),
      evaluate: { (expr: Expr) throws(ScenarioRuntimeError) -> SecValue in
        try evaluator.evaluate(expr)
      })
    switch verdict {
    case .held:
      return StepReport(expectation: .held)
    case .failed(let expected, let actual, let explanation):
      let failure = ScenarioFailure(
        kind: .expectation, line: statement.location.line, statement: statement.sourceText,
        expected: expected, actual: actual, explanation: explanation)
      let lines = ScenarioFailure.detailLines(
        expected: expected, actual: actual, explanation: explanation)
      return StepReport(lines: lines, expectation: .failed(failure))
    }
  }

  /// The LAContext bound to `name`, for `expect ctx.biometryType == ...`.
  func context(named name: String) -> LAContext? {
    if case .context(let context)? = bindings[name] { return context }
    return nil
  }

  var evaluator: ValueEvaluator {
    ValueEvaluator(bindings: bindings, lastResult: lastOutcome?.result)
  }

  /// `explain <status>`, or for `explain` alone the last outcome: which call it was, the
  /// engine's reason, then what its status means.
  private func explanation(of subject: ExplainSubject) -> String {
    guard case .lastOutcome = subject else { return StatusExplainer.explain(subject) }
    guard let lastOutcome else {
      return "nothing to explain yet: `explain` alone explains the outcome of the last call"
        + " or evaluation; `explain <status>` explains any status"
    }
    let resolved: ExplainSubject
    switch lastOutcome {
    case .evaluation(_, let outcome, _):
      guard let error = outcome.error else {
        return "the last outcome, \(lastOutcome.origin), succeeded: nothing went wrong"
      }
      resolved = .laError(error)
    case .device:
      return "the last outcome, \(lastOutcome.origin), has no status; `show device` shows the"
        + " device state"
    case .inspection:
      return "the last outcome, \(lastOutcome.origin), has no status: it lists what the backup"
        + " gives away"
    case .package(_, let outcome, _):
      guard let error = outcome.error else {
        return "the last outcome, \(lastOutcome.origin), resolved: nothing went wrong"
      }
      guard let status = error.status else {
        return "the last outcome, \(lastOutcome.origin), was rejected: \(error)"
      }
      resolved = .status(status)
    case .key(let outcome, _):
      guard outcome.failure != nil else {
        return "the last outcome, \(lastOutcome.origin), succeeded: nothing went wrong"
      }
      resolved = outcome.laError.map(ExplainSubject.laError) ?? .status(outcome.status)
    case .secItem, .accessControl:
      guard let status = lastOutcome.status else { return StatusExplainer.explain(subject) }
      resolved = .status(status)
    }
    var lines = ["the last outcome, \(lastOutcome.origin):"]
    if let why = lastOutcome.explanation {
      lines.append(TextWrap.labelled("why: ", why, indent: 2))
    }
    if case .key(let outcome, _) = lastOutcome, let fix = outcome.failure?.fix {
      lines.append(TextWrap.labelled("fix: ", fix, indent: 2))
    }
    lines.append("")
    var meaning = StatusExplainer.explain(resolved)
    if case .key(let outcome, _) = lastOutcome, outcome.failure?.localAuthenticationCode != nil {
      // StatusExplainer speaks of SecItem calls; a key operation keeps the LAError.
      meaning += "\nFor a Secure Enclave key it stays an LAError (SecCTKKey.m)."
    }
    return (lines + [meaning]).joined(separator: "\n")
  }
}
