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
      lines.append(
        contentsOf: phoneLines(
          row.actualPhones, reasons: row.actual.failures.keys.sorted(), report: report,
          indent: "  "))
      lines.append(fixedLine(row))
      if !fixChanges(row).isEmpty {
        lines.append(
          contentsOf: phoneLines(
            row.fixedPhones, reasons: row.fixed.failures.keys.sorted(), report: report,
            indent: "    "))
      }
    }
    lines.append("")
    lines.append(precisionLine(phones: report.phones))
    return lines.joined(separator: "\n") + "\n"
  }

  /// The phones that failed this read every week and every month, with their 95 % intervals,
  /// each reason on its own line when there were several, and the users that makes.
  static func phoneLines(
    _ tally: PhoneHitTally, reasons: [FailureReason], report: SimulationReport, indent: String
  ) -> [String] {
    let weeks = report.days / PhoneHitRecorder.daysPerWeek
    let months = report.days / PhoneHitRecorder.daysPerMonth
    guard weeks > 0 else {
      return ["\(indent)phones failing every week: a run of \(report.days) days has no full week"]
    }
    func estimates(week: Int, month: Int) -> (week: ShareEstimate, month: ShareEstimate?) {
      (
        ShareEstimate(count: week, of: tally.phones),
        months > 0 ? ShareEstimate(count: month, of: tally.phones) : nil
      )
    }
    func describe(_ pair: (week: ShareEstimate, month: ShareEstimate?)) -> String {
      let month = pair.month.map { "every month \(shareWithInterval($0))" } ?? "no full month"
      return "every week \(shareWithInterval(pair.week)); \(month)"
    }
    let any = estimates(week: tally.anyEveryWeek, month: tally.anyEveryMonth)
    var lines = ["\(indent)phones failing \(describe(any))"]
    if reasons.count > 1 {
      for reason in reasons {
        let pair = estimates(
          week: tally.everyWeek[reason] ?? 0, month: tally.everyMonth[reason] ?? 0)
        lines.append("\(indent)    \(reason.rawValue): \(describe(pair))")
      }
    }
    if let users = report.users {
      let month = any.month.map { "every month \(usersWithInterval($0, users: users))" }
      lines.append(
        "\(indent)of \(grouped(users)) users: every week \(usersWithInterval(any.week, users: users))"
          + (month.map { "; \($0)" } ?? ""))
    }
    return lines
  }

  /// How precise the shares of phones are, and how many phones a tighter answer needs.
  static func precisionLine(phones: Int) -> String {
    let widest = ShareEstimate.widestHalfInterval(phones: phones)
    let needs = [0.02, 0.01].map { ShareEstimate.phonesNeeded(halfInterval: $0) }
    return "Phones' shares: 95 % Wilson score intervals; \(phones) phones give at most "
      + "±\(String(format: "%.1f", widest * 100)) points, ±2 points needs \(needs[0]) phones "
      + "and ±1 point \(needs[1]), whatever the number of users."
  }

  /// `12.5 % (9.1–16.9 %)`.
  static func shareWithInterval(_ estimate: ShareEstimate) -> String {
    let interval = estimate.interval
    return "\(percent(estimate.share)) (\(percent(interval.lowerBound).dropLast(2))–"
      + "\(percent(interval.upperBound)))"
  }

  /// `about 31,300 (22,800–42,300)`: the users the share stands for, to three significant
  /// figures, since the sample gives no more.
  static func usersWithInterval(_ estimate: ShareEstimate, users: Int) -> String {
    let interval = estimate.interval
    func scaled(_ share: Double) -> String {
      grouped(significant(share * Double(users), digits: 3))
    }
    return "about \(scaled(estimate.share)) (\(scaled(interval.lowerBound))–"
      + "\(scaled(interval.upperBound)))"
  }

  /// `value` rounded to `digits` significant figures.
  static func significant(_ value: Double, digits: Int) -> Int {
    guard value >= 1 else { return Int(value.rounded()) }
    let magnitude = Int(log10(value).rounded(.down)) + 1
    guard magnitude > digits else { return Int(value.rounded()) }
    let unit = pow(10, Double(magnitude - digits))
    return Int((value / unit).rounded() * unit)
  }

  /// `1,250,000`: digits grouped by three with commas, whatever the locale.
  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return (value < 0 ? "-" : "") + result
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

  /// What the fixed configuration changes for this row's read, in words; empty when nothing.
  private static func fixChanges(_ row: SimulationReport.Row) -> [String] {
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
    return changes
  }

  private static func fixedLine(_ row: SimulationReport.Row) -> String {
    let changes = fixChanges(row)
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
