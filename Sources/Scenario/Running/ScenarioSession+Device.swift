import Keychain

// The device statements. Everything here is a call on `SimulatedDevice`; the session only
// words what comes back.
extension ScenarioSession {
  static func makeDevice(_ options: Options) throws(ScenarioRuntimeError) -> SimulatedDevice {
    SimulatedDevice()
  }

  mutating func perform(_ command: DeviceCommand, statement: Statement)
    throws(ScenarioRuntimeError) -> StepReport
  {
    throw .notSimulatedYet(command.description, landsWith: "the engine branch")
  }

  mutating func advanceClock(by duration: ScenarioDuration, line: Int)
    throws(ScenarioRuntimeError) -> StepReport
  {
    throw .notSimulatedYet("wait \(duration)", landsWith: "the engine branch")
  }

  func show(_ topic: ShowTopic, statement: Statement) throws(ScenarioRuntimeError) -> StepReport {
    throw .notSimulatedYet(statement.sourceText, landsWith: "the engine branch")
  }

  /// The device's lock state as `expect device` names it.
  var lockState: ExpectedLockState { .unlocked }

  /// The REPL prompt's summary of the device: `unlocked · com.example.app`.
  public var promptSummary: String { "unlocked · com.example.app" }
}

/// Stand-in until the engine branch's `SimulatedDevice` is merged: every call is refused as not
/// simulated, never as a success.
final class SimulatedDevice {
  func secItemAdd(_ query: SecQuery) -> SecItemOutcome { pending }
  func secItemCopyMatching(_ query: SecQuery) -> SecItemOutcome { pending }
  func secItemUpdate(_ query: SecQuery, _ attributes: SecQuery) -> SecItemOutcome { pending }
  func secItemDelete(_ query: SecQuery) -> SecItemOutcome { pending }

  private var pending: SecItemOutcome {
    SecItemOutcome(
      status: .errSecUnimplemented,
      limitation: SimulationLimitation(feature: "SecItem calls (the engine is not merged yet)"))
  }
}
