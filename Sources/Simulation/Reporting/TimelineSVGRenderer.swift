/// One phone's days as an SVG picture (`simulate --svg PATH`): a row a day with the lock state,
/// the class A and class C key availability under it, and a dot for every background read,
/// green when it succeeded and red when it failed (its `<title>` says what and why).
public enum TimelineSVGRenderer {
  static let left = 110.0
  static let hourWidth = 44.0
  static let rowHeight = 40.0
  static let top = 118.0
  static let right = 190.0
  static let dayMilliseconds = 86_400_000.0
  /// The narrowest an unlocked period is drawn: most last a minute, under 1 px at this scale.
  static let minimumUnlockedWidth = 1.5

  /// The picture's headline: how many reads failed and the main reason, computed from the
  /// record, e.g. `Phone 0: 212 of 240 background reads failed (88 %), 208 after lock`.
  public static func finding(_ record: PhoneRecord) -> String {
    let total = record.attempts.count
    let failed = record.attempts.filter { $0.failure != nil }
    var head = "Phone \(record.phoneIndex): \(failed.count) of \(total) background reads failed"
    guard total > 0 else { return head }
    head += " (\(failed.count * 100 / total) %)"
    var byReason: [FailureReason: Int] = [:]
    for attempt in failed { byReason[attempt.failure!, default: 0] += 1 }
    let top = byReason.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
    if let (reason, count) = top.first {
      head += ", \(count) \(reason.rawValue) (\(reason.status.name))"
    }
    return head
  }

  /// Reads and failed reads per day, for the counts at the end of each row.
  public static func dailyCounts(_ record: PhoneRecord) -> [(reads: Int, failed: Int)] {
    var counts = Array(repeating: (reads: 0, failed: 0), count: record.days)
    for attempt in record.attempts {
      let day = Int(attempt.milliseconds / 86_400_000)
      guard day < record.days else { continue }
      counts[day].reads += 1
      if attempt.failure != nil { counts[day].failed += 1 }
    }
    return counts
  }

  public static func render(_ record: PhoneRecord) -> String {
    let width = left + 24 * hourWidth + right
    let height = top + Double(record.days) * rowHeight + 20
    let finding = finding(record)
    var out: [String] = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        + "font-family=\"sans-serif\" font-size=\"11\">",
      "<title>\(escape(finding))</title>",
      rect(0, 0, width, height, "#ffffff"),
      "<text x=\"4\" y=\"18\" font-size=\"15\" font-weight=\"bold\">\(escape(finding))</text>",
      "<text x=\"4\" y=\"36\">\(escape(subtitle(record)))</text>",
    ]
    // The legend: what each stripe of a row is, then the colours.
    let legendRows: [(y: Double, label: String, dots: Bool, items: [(String, String)])] = [
      (
        52, "top bar: the screen", false,
        [
          ("unlocked", color(.unlocked)), ("locked", color(.locked)),
          ("before first unlock (after a reboot)", color(.beforeFirstUnlock)),
          ("off", color(.off)),
        ]
      ),
      (
        68, "A: class A key (WhenUnlocked items); C: class C key (AfterFirstUnlock items)", false,
        [("available", keyColor(true)), ("gone", keyColor(false))]
      ),
      (
        84, "dots: one background read each", true,
        [("read ok", "#2e7d32"), ("read failed (hover for the status and reason)", "#c62828")]
      ),
    ]
    for row in legendRows {
      out.append("<text x=\"4\" y=\"\(row.y + 9)\">\(escape(row.label))</text>")
      var x = 4 + Double(row.label.count) * 5.6 + 16
      for (label, fill) in row.items {
        if row.dots {
          out.append(
            "<circle cx=\"\(fmt(x + 5))\" cy=\"\(fmt(row.y + 5))\" r=\"3\" fill=\"\(fill)\"/>")
        } else {
          out.append(rect(x, row.y, 10, 10, fill, stroke: true))
        }
        out.append("<text x=\"\(x + 14)\" y=\"\(row.y + 9)\">\(escape(label))</text>")
        x += 14 + Double(label.count) * 5.6 + 14
      }
    }
    for hour in stride(from: 0, through: 24, by: 3) {
      let hx = left + Double(hour) * hourWidth
      out.append("<text x=\"\(hx - 6)\" y=\"\(top - 6)\">\(hour)h</text>")
    }
    let counts = dailyCounts(record)
    let rowsEnd = left + 24 * hourWidth
    out.append("<text x=\"\(rowsEnd + 24)\" y=\"\(top - 6)\">failed / reads</text>")
    for day in 0..<record.days {
      let y = top + Double(day) * rowHeight
      out.append("<text x=\"4\" y=\"\(y + 11)\" font-weight=\"bold\">day \(day + 1)</text>")
      out.append("<text x=\"\(left - 12)\" y=\"\(y + 19)\" font-size=\"7\">A</text>")
      out.append("<text x=\"\(left - 12)\" y=\"\(y + 25.5)\" font-size=\"7\">C</text>")
      let (reads, failed) = counts[day]
      out.append(
        "<text x=\"\(rowsEnd + 24)\" y=\"\(y + 22)\">\(failed) / \(reads)"
          + (reads > 0 ? " (\(failed * 100 / reads) %)" : "") + "</text>")
    }
    let end = Int64(record.days) * 86_400_000
    var unlocked: [String] = []
    for (index, sample) in record.samples.enumerated() {
      let until = index + 1 < record.samples.count ? record.samples[index + 1].milliseconds : end
      for (day, from, to) in daySpans(sample.milliseconds, until) where day < record.days {
        let y = top + Double(day) * rowHeight
        let x0 = left + from / 3_600_000 * hourWidth
        let w = max(0.2, (to - from) / 3_600_000 * hourWidth)
        if sample.lock == .unlocked {
          // Drawn over the rest, at least minimumUnlockedWidth wide, so a minute shows.
          unlocked.append(rect(x0, y, max(minimumUnlockedWidth, w), 12, color(.unlocked)))
        } else {
          out.append(rect(x0, y, w, 12, color(sample.lock)))
        }
        out.append(rect(x0, y + 14, w, 5, keyColor(sample.classA)))
        out.append(rect(x0, y + 20, w, 5, keyColor(sample.classC)))
      }
    }
    out += unlocked
    for attempt in record.attempts {
      let day = Int(attempt.milliseconds / 86_400_000)
      guard day < record.days else { continue }
      let within = Double(attempt.milliseconds % 86_400_000)
      let cx = left + within / 3_600_000 * hourWidth
      let cy = top + Double(day) * rowHeight + 31
      let outcome = attempt.failure.map { "\($0.status.name): \($0.rawValue)" } ?? "read ok"
      let title =
        "day \(day + 1) \(TimelineTerminalRenderer.clock(attempt.milliseconds)) "
        + "\(attempt.work) reads \(attempt.item): \(outcome)"
      out.append(
        "<circle cx=\"\(fmt(cx))\" cy=\"\(fmt(cy))\" r=\"2.5\" "
          + "fill=\"\(attempt.failure == nil ? "#2e7d32" : "#c62828")\">"
          + "<title>\(escape(title))</title></circle>")
    }
    out.append("</svg>")
    return out.joined(separator: "\n") + "\n"
  }

  /// What the picture shows, under the headline.
  private static func subtitle(_ record: PhoneRecord) -> String {
    let unlockedMilliseconds = zip(record.samples, record.samples.dropFirst())
      .filter { $0.0.lock == .unlocked }
      .reduce(Int64(0)) { $0 + ($1.1.milliseconds - $1.0.milliseconds) }
    let perDay = Double(unlockedMilliseconds) / 60_000 / Double(max(1, record.days))
    return "\(record.days) days of one simulated phone "
      + "(\(record.hasPasscode ? "passcode set" : "no passcode")), "
      + "unlocked \(Int(perDay.rounded())) min a day: its lock state, its class A and class C "
      + "keys, and the app's background reads"
  }

  /// Splits [from, to) at midnights: (day, start and end in milliseconds within that day).
  private static func daySpans(_ from: Int64, _ to: Int64) -> [(Int, Double, Double)] {
    var spans: [(Int, Double, Double)] = []
    var start = from
    while start < to {
      let day = start / 86_400_000
      let dayEnd = (day + 1) * 86_400_000
      let stop = min(to, dayEnd)
      spans.append((Int(day), Double(start - day * 86_400_000), Double(stop - day * 86_400_000)))
      start = stop
    }
    return spans
  }

  private static func color(_ lock: PhoneRecord.LockKind) -> String {
    switch lock {
    case .unlocked: "#1565c0"
    case .locked: "#90a4ae"
    case .beforeFirstUnlock: "#37474f"
    case .off: "#eeeeee"
    }
  }

  private static func keyColor(_ available: Bool) -> String {
    available ? "#4caf50" : "#e57373"
  }

  private static func rect(
    _ x: Double, _ y: Double, _ w: Double, _ h: Double, _ fill: String, stroke: Bool = false
  ) -> String {
    "<rect x=\"\(fmt(x))\" y=\"\(fmt(y))\" width=\"\(fmt(w))\" height=\"\(fmt(h))\" "
      + "fill=\"\(fill)\"\(stroke ? " stroke=\"#9e9e9e\"" : "")/>"
  }

  /// Two decimals at most, so the file stays small and identical across runs.
  private static func fmt(_ value: Double) -> String {
    let hundredths = (value * 100).rounded()
    let whole = Int(hundredths) / 100
    let fraction = abs(Int(hundredths) % 100)
    return fraction == 0 ? "\(whole)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
  }

  /// XML text and attribute escaping.
  static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}
