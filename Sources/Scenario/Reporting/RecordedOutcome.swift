import Keychain
import ScenarioLanguage

/// The outcome of the most recent statement that produced one: what `expect` checks.
enum RecordedOutcome: Sendable {
  /// A SecItem call; `returnsData` when its query asked for `kSecReturnData`, so a bare data
  /// result is the item's secret (``SecValueFormatter/format(result:returnsData:indent:)``).
  case secItem(function: String, outcome: SecItemOutcome, line: Int, returnsData: Bool)
  /// `let x = SecAccessControlCreateWithFlags(...)`: a value, or nil with errSecParam.
  case accessControl(status: OSStatus, value: SecValue?, explanation: String?, line: Int)
  /// A device statement (`device unlock 1234`, `app install`, `biometry enroll`): no
  /// OSStatus, the device state tells the story; `refusal` says why it was refused, if it was.
  case device(statement: String, line: Int, refusal: String?)
  /// `ctx.evaluatePolicy(...)` or `ctx.canEvaluatePolicy(...)`.
  case evaluation(statement: String, outcome: LAEvaluationOutcome, line: Int)
  /// A call of the cross-platform package (`shared.getItem("k")`).
  case package(statement: String, outcome: PackageOutcome, line: Int)
  /// A SecKey call (`SecKeyCreateSignature(key, ...)`).
  case key(KeyCallOutcome, line: Int)
  /// `backup inspect monday`: the values readable in the backup without the phone or a
  /// password, as an array of strings (the result `expect result` checks).
  case inspection(statement: String, readable: [String], line: Int)

  var status: OSStatus? {
    switch self {
    case .secItem(function: _, let outcome, line: _, returnsData: _): outcome.status
    case .accessControl(let status, value: _, explanation: _, line: _): status
    case .device, .evaluation: nil
    case .package(_, let outcome, _): outcome.lastStatus
    case .key(let outcome, _): outcome.status
    // Reading a backup's files is no SecItem call; it always succeeds, and standing for it
    // with errSecSuccess lets `expect result` and `expect count` check what it read.
    case .inspection: .errSecSuccess
    }
  }

  var result: SecValue? {
    switch self {
    case .secItem(function: _, let outcome, line: _, returnsData: _): outcome.result
    case .accessControl(status: _, let value, explanation: _, line: _): value
    case .device, .evaluation: nil
    case .package(_, let outcome, _): outcome.returnedValue
    case .key(let outcome, _): outcome.result
    case .inspection(_, let readable, _): .array(readable.map { .string($0) })
    }
  }

  var explanation: String? {
    switch self {
    case .secItem(function: _, let outcome, line: _, returnsData: _):
      outcome.explanation?.description
    case .accessControl(status: _, value: _, let explanation, line: _): explanation
    case .evaluation(statement: _, let outcome, line: _): outcome.explanation?.description
    case .device, .inspection: nil
    case .package(_, let outcome, _): outcome.error?.description ?? outcome.note?.description
    case .key(let outcome, _): outcome.failure?.message
    }
  }

  /// The returned object as the transcript shows it, item data masked unless `formatter`
  /// shows secrets.
  func formattedResult(_ formatter: SecValueFormatter, indent: Int = 0) -> String? {
    guard let result else { return nil }
    switch self {
    case .secItem(function: _, outcome: _, line: _, let returnsData):
      return formatter.format(result: result, returnsData: returnsData, indent: indent)
    case .package, .inspection:
      // What `getItem` resolved with is the item's secret; what a backup exposes is the app's
      // preferences, a token among them: the transcript says it is readable, not what it is.
      return formatter.showsSecrets ? formatter.format(result) : SecValueFormatter.mask
    case .key(let outcome, _) where outcome.resultIsSecret:
      return formatter.showsSecrets ? formatter.format(result) : SecValueFormatter.mask
    case .accessControl, .device, .evaluation, .key:
      return formatter.format(result, indent: indent)
    }
  }

  /// `SecItemCopyMatching at line 9`, for messages about which outcome was checked.
  var origin: String {
    switch self {
    case .secItem(let function, outcome: _, let line, returnsData: _):
      "\(function) at line \(line)"
    case .accessControl(status: _, value: _, explanation: _, let line):
      "SecAccessControlCreateWithFlags at line \(line)"
    case .device(let statement, let line, refusal: _),
      .evaluation(let statement, outcome: _, let line),
      .package(let statement, outcome: _, let line),
      .inspection(let statement, readable: _, let line):
      "`\(statement)` at line \(line)"
    case .key(let outcome, let line): "\(outcome.function) at line \(line)"
    }
  }
}
