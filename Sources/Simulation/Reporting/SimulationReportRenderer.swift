import Foundation
import Keychain

/// The one place a ``SimulationReport`` becomes words: per background work and item, the share
/// of reads that fail and why, the worst hours, and the fixed configuration beside it.
public enum SimulationReportRenderer {
  public static func render(_ report: SimulationReport, specName: String) -> String {
    var lines: [String] = []
    lines.append(
      "keychain-sim simulate: \(report.phones) phones × \(report.days) days = "
        + "\(report.phoneDays) phone-days, profile \(report.profileName), seed \(report.seed)")
    lines.append("App: \(specName)")
    let passcodeShare = percent(Double(report.phonesWithPasscode) / Double(report.phones))
    let reboots = PhoneTimeline.RebootCause.allCases.compactMap { cause in
      report.reboots[cause.rawValue].map { "\($0) \(cause.rawValue)" }
    }
    lines.append(
      "Phones with a passcode: \(report.phonesWithPasscode) (\(passcodeShare)). Reboots: "
        + (reboots.isEmpty ? "none" : reboots.joined(separator: ", ")) + ".")
    for row in report.rows {
      lines.append("")
      lines.append(
        "\(row.work.name) (\(row.work.kind.rawValue)) reads \(row.item.name) "
          + "(\(describe(row.item)))")
      lines.append(contentsOf: tallyLines(row.actual, indent: "  "))
      lines.append(fixedLine(row))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The outcome of `--check-engine`: agreement, or the first differing reads.
  public static func render(_ check: EngineCrossCheck) -> String {
    var text =
      "\nChecked against the real engine: \(check.phones) phones, \(check.reads) reads: "
    guard !check.disagreements.isEmpty else { return text + "every status agrees.\n" }
    text += "\(check.disagreements.count) statuses differ (a defect in keychain-sim):\n"
    for line in check.disagreements.prefix(10) { text += "  \(line)\n" }
    if check.disagreements.count > 10 { text += "  ...\n" }
    return text
  }

  /// `WhenUnlocked`, `WhenUnlocked, biometryCurrentSet, sync`.
  static func describe(_ item: AppSpec.Item) -> String {
    var parts = [AppSpec.shortName(item.protection)]
    if let flags = item.accessControl, !flags.isEmpty {
      var seen = SecAccessControlCreateFlags(rawValue: 0)
      var names: [String] = []
      for entry in SecAccessControlCreateFlags.named
      where flags.contains(entry.flag) && !seen.contains(entry.flag) {
        names.append(entry.swift)
        seen.insert(entry.flag)
      }
      parts.append(names.joined(separator: "+"))
    }
    if item.synchronizable { parts.append("sync") }
    return parts.joined(separator: ", ")
  }

  private static func tallyLines(_ tally: AttemptTally, indent: String) -> [String] {
    guard tally.attempts > 0 else { return ["\(indent)no attempts ran"] }
    var lines = [
      "\(indent)\(percent(tally.failureShare)) of \(tally.attempts) reads fail"
    ]
    for (reason, count) in tally.failures.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }) {
      let share = percent(Double(count) / Double(tally.attempts))
      lines.append(
        "\(indent)  \(pad(share, 8)) \(reason.rawValue): \(reason.status.name) "
          + "(\(reason.status.rawValue))")
    }
    let worst = tally.worstHours(3)
    if !worst.isEmpty {
      let moments = worst.map { "\(hourRange($0.hour)) \(percent($0.share))" }
      lines.append("\(indent)worst moments: " + moments.joined(separator: ", "))
    }
    return lines
  }

  private static func fixedLine(_ row: SimulationReport.Row) -> String {
    var changes: [String] = []
    if row.fixedItem.protection != row.item.protection {
      changes.append(AppSpec.shortName(row.fixedItem.protection))
    }
    if row.fixedItem.accessControl != row.item.accessControl {
      changes.append("no access control (authenticate in the foreground)")
    }
    if row.fixedWork.hasAccessGroup != row.work.hasAccessGroup {
      changes.append("the app's access group in the extension")
    }
    guard !changes.isEmpty else {
      return "  already the fixed configuration: no setting avoids these failures"
    }
    let tally = row.fixed
    let outcome: String
    if tally.failed == 0 {
      outcome = "no read fails"
    } else {
      let reasons = tally.failures.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
      let why =
        reasons.count == 1
        ? "all \(reasons[0].key.rawValue)"
        : reasons.map { "\(percent(Double($0.value) / Double(tally.attempts))) \($0.key.rawValue)" }
          .joined(separator: ", ")
      outcome = "\(percent(tally.failureShare)) fail, \(why)"
    }
    return "  with \(changes.joined(separator: ", ")): \(outcome)"
  }

  /// `62.1 %`; small non-zero shares keep two significant decimals (`0.04 %`), never `0.0 %`.
  static func percent(_ share: Double) -> String {
    let value = share * 100
    if value > 0, value < 0.01 { return "<0.01 %" }
    if value > 0, value < 0.1 {
      return String(format: "%.2f %%", value)
    }
    return String(format: "%.1f %%", value)
  }

  static func hourRange(_ hour: Int) -> String {
    String(format: "%02d:00–%02d:00", hour, (hour + 1) % 24)
  }

  private static func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
  }
}
