import Keychain

/// The outcome of the most recent statement that produced one: what `expect` checks.
enum RecordedOutcome: Sendable {
  /// A SecItem call.
  case secItem(function: String, outcome: SecItemOutcome, line: Int)
  /// `let x = SecAccessControlCreateWithFlags(...)`: a value, or nil with errSecParam.
  case accessControl(status: OSStatus, value: SecValue?, explanation: String?, line: Int)
  /// A device statement (`device unlock 1234`): no OSStatus, the device state tells the story.
  case device(statement: String, line: Int)

  var status: OSStatus? {
    switch self {
    case .secItem(_, let outcome, _): outcome.status
    case .accessControl(let status, _, _, _): status
    case .device: nil
    }
  }

  var result: SecValue? {
    switch self {
    case .secItem(_, let outcome, _): outcome.result
    case .accessControl(_, let value, _, _): value
    case .device: nil
    }
  }

  var explanation: String? {
    switch self {
    case .secItem(_, let outcome, _): outcome.explanation?.description
    case .accessControl(_, _, let explanation, _): explanation
    case .device: nil
    }
  }

  /// `SecItemCopyMatching at line 9`, for messages about which outcome was checked.
  var origin: String {
    switch self {
    case .secItem(let function, _, let line): "\(function) at line \(line)"
    case .accessControl(_, _, _, let line): "SecAccessControlCreateWithFlags at line \(line)"
    case .device(let statement, let line): "`\(statement)` at line \(line)"
    }
  }
}
