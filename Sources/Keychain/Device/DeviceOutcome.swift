/// What a device operation (passcode, lock, unlock, reboot, wait) did.
///
/// A refused operation — a wrong passcode, a passcode entry during an escalating delay — is an
/// outcome like any other, not an error: the device records it and the transcript says so.
public struct DeviceOutcome: Sendable, Hashable, CustomStringConvertible {
  public enum Status: Sendable, Hashable {
    case done
    case refused
  }

  public var status: Status
  /// One line saying what happened: "device locked; class A keys are discarded in 10s".
  public var summary: String
  /// Why it was refused and what to do, or a note about a surprise (locking with no passcode).
  public var explanation: Explanation?

  public var succeeded: Bool { status == .done }

  static func done(_ summary: String, note: Explanation? = nil) -> DeviceOutcome {
    DeviceOutcome(status: .done, summary: summary, explanation: note)
  }

  static func refused(_ summary: String, _ cause: String, fix: String? = nil) -> DeviceOutcome {
    DeviceOutcome(
      status: .refused, summary: summary, explanation: Explanation(cause: cause, fix: fix))
  }

  public var description: String {
    guard let explanation else { return summary }
    return "\(summary)\n\(explanation)"
  }
}
