import Keychain
import ScenarioLanguage

extension ScenarioSession {
  /// `mac app <bundleID> <personality>`, on the current device (refused unless it is a Mac).
  mutating func perform(_ command: MacCommand, statement: Statement) -> StepReport {
    let outcome: DeviceOutcome
    switch command {
    case .personality(let bundleID, let personality):
      outcome = device.setMacPersonality(personality, of: bundleID)
    }
    lastOutcome = .device(
      statement: command.description, line: statement.location.line,
      refusal: Self.refusal(of: outcome))
    return StepReport(lines: lines(for: outcome))
  }
}
