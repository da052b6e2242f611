import DeviceState
import KeychainEngine

/// What a device operation (passcode, lock, unlock, reboot, wait, biometry, apps) did.
///
/// A refused operation — a wrong passcode, a passcode entry during an escalating delay — is an
/// outcome like any other, not an error: the device records it and the transcript says so.
/// Its ``kind`` says why, with the values that explain it; ``DeviceRefusal/explanation`` is
/// the one place that words it.
public struct DeviceOutcome: Sendable, Hashable, CustomStringConvertible {
  public enum Status: Sendable, Hashable {
    case done
    case refused
  }

  /// Done, or refused and why.
  public enum Kind: Sendable, Hashable {
    case done
    case refused(DeviceRefusal)
  }

  public var kind: Kind
  /// One line saying what happened: "device locked; class A keys are discarded in 10s".
  public var summary: String
  /// A note about a surprise in a done operation (locking with no passcode).
  public var note: Explanation?

  public var status: Status {
    if case .refused = kind { .refused } else { .done }
  }

  public var succeeded: Bool { status == .done }

  /// Why it was refused, if it was.
  public var refusal: DeviceRefusal? {
    if case .refused(let refusal) = kind { refusal } else { nil }
  }

  /// Why it was refused and what to do, or the note of a done operation.
  public var explanation: Explanation? { refusal?.explanation ?? note }

  package static func done(_ summary: String, note: Explanation? = nil) -> DeviceOutcome {
    DeviceOutcome(kind: .done, summary: summary, note: note)
  }

  package static func refused(_ summary: String, _ refusal: DeviceRefusal) -> DeviceOutcome {
    DeviceOutcome(kind: .refused(refusal), summary: summary, note: nil)
  }

  public var description: String {
    guard let explanation else { return summary }
    return "\(summary)\n\(explanation)"
  }
}
