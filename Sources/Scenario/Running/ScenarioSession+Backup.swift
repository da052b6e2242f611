import Keychain
import ScenarioLanguage

/// `backup create|restore|list|inspect` and `transfer from`: the fleet does the work, the
/// transcript lists every item that moved and every item that stayed behind, with why, or (for
/// `inspect`) what a holder of the backup can read.
extension ScenarioSession {
  mutating func perform(_ command: BackupCommand, statement: Statement)
    throws(ScenarioRuntimeError) -> StepReport
  {
    let report: BackupReport
    switch command {
    case .create(let name, let kind, let password):
      do {
        report = try fleet.createBackup(named: name, kind: kind, password: password)
      } catch {
        throw ScenarioRuntimeError(error.description)
      }
    case .restore(let name, let password):
      do {
        report = try fleet.restoreBackup(named: name, password: password)
      } catch {
        throw ScenarioRuntimeError(error.description)
      }
    case .transfer(let source):
      do {
        report = try fleet.transfer(from: source)
      } catch {
        throw ScenarioRuntimeError(error.description)
      }
    case .list:
      return StepReport(lines: backupListing())
    case .inspect(let name):
      let inspection: BackupInspection
      do {
        inspection = try fleet.inspectBackup(named: name)
      } catch {
        throw ScenarioRuntimeError(error.description)
      }
      lastOutcome = .inspection(
        statement: command.description, readable: inspection.readableValues,
        line: statement.location.line)
      return StepReport(
        lines: [TextWrap.labelled("→ ", inspection.summary)]
          + inspection.lines.map { TextWrap.labelled("· ", $0, indent: 2) })
    }
    lastOutcome = .device(
      statement: command.description, line: statement.location.line,
      refusal: Self.refusal(of: report.outcome))
    let items = report.items.map { TextWrap.labelled("· ", $0.description, indent: 2) }
    return StepReport(lines: lines(for: report.outcome) + items)
  }

  /// `backup list`: one line per backup, oldest first.
  private func backupListing() -> [String] {
    guard !fleet.backups.isEmpty else { return ["no backups"] }
    return fleet.backups.map { backup in
      "\(backup.name): \(backup.kind.displayName) of \(backup.originName), "
        + "\(backup.itemCount) item(s), \(backup.leftOut.count) left out, made at "
        + "\(backup.createdAt)"
    }
  }
}
