/// Something the test did to the phone itself (lock, wait, reboot, background, enrolment, a
/// passcode change), as the transcript keeps it between the calls, with what the engine says
/// it changed. Never a passcode.
public struct PhoneEvent: Sendable, Hashable, CustomStringConvertible {
  /// `lock`, `wait(3600.0 seconds)`, `moveToBackground`, `enrollBiometry("Bob")`.
  public var operation: String
  /// What happened, in the engine's words: `device locked; class A keys are discarded in 10s
  /// (grace period), class C keys stay until reboot`.
  public var summary: String
  /// Whether the phone refused the operation (it then threw ``PhoneError``).
  public var refused: Bool
  /// The engine's explanation: why it was refused, or a surprise in an operation that was done.
  public var why: String?
  /// What usually fixes it.
  public var fix: String?
  /// What the result means for the calls that follow (the class A grace period after a lock).
  public var note: String?

  public init(
    operation: String, summary: String, refused: Bool = false, why: String? = nil,
    fix: String? = nil, note: String? = nil
  ) {
    self.operation = operation
    self.summary = summary
    self.refused = refused
    self.why = why
    self.fix = fix
    self.note = note
  }

  /// ```
  /// phone.lock → device locked; class A keys are discarded in 10s (grace period), ...
  ///   note: ...
  /// ```
  public var description: String {
    var lines = ["phone.\(operation) → \(refused ? "refused: " : "")\(summary)"]
    if let why { lines.append("  why: \(why)") }
    if let fix { lines.append("  fix: \(fix)") }
    if let note { lines.append("  note: \(note)") }
    return lines.joined(separator: "\n")
  }
}

/// One line of the transcript: a call of the code under test, or something the test did to
/// the phone.
public enum TranscriptEntry: Sendable, Hashable, CustomStringConvertible {
  case call(PhoneCall)
  case device(PhoneEvent)
  /// A warning from the phone about how it is being used (a call that reached the shared
  /// phone, `SimulatedPhone.shared`, from a task that bound no phone).
  case warning(String)

  public var description: String {
    switch self {
    case .call(let call): call.description
    case .device(let event): event.description
    case .warning(let text): "warning: \(text)"
    }
  }
}
