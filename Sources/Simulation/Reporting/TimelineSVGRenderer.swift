/// One phone's days as an SVG picture (`simulate --svg PATH`): a row a day with the lock state,
/// the class A and class C key availability under it, and a dot for every background read,
/// green when it succeeded and red when it failed (its `<title>` says what and why).
public enum TimelineSVGRenderer {
  static let left = 70.0
  static let hourWidth = 40.0
  static let rowHeight = 34.0
  static let top = 60.0
  static let dayMilliseconds = 86_400_000.0

  public static func render(_ record: PhoneRecord) -> String {
    let width = left + 24 * hourWidth + 20
    let height = top + Double(record.days) * rowHeight + 20
    var out: [String] = [
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        + "font-family=\"sans-serif\" font-size=\"11\">",
      "<title>\(escape("Phone \(record.phoneIndex): \(record.days) days"))</title>",
      "<text x=\"\(left)\" y=\"16\">Phone \(record.phoneIndex) "
        + "(\(record.hasPasscode ? "passcode set" : "no passcode")): lock state, class A "
        + "(WhenUnlocked) and class C (AfterFirstUnlock) keys, background reads</text>",
    ]
    let legend: [(String, String)] = [
      ("unlocked", color(.unlocked)), ("locked", color(.locked)),
      ("before first unlock", color(.beforeFirstUnlock)), ("off", color(.off)),
      ("key available", "#4caf50"), ("key unavailable", "#e57373"),
    ]
    var x = left
    for (label, fill) in legend {
      out.append(rect(x, 24, 10, 10, fill))
      out.append("<text x=\"\(x + 14)\" y=\"33\">\(escape(label))</text>")
      x += 14 + Double(label.count) * 6 + 14
    }
    for hour in stride(from: 0, through: 24, by: 3) {
      let hx = left + Double(hour) * hourWidth
      out.append("<text x=\"\(hx - 6)\" y=\"\(top - 6)\">\(hour)h</text>")
    }
    for day in 0..<record.days {
      let y = top + Double(day) * rowHeight
      out.append("<text x=\"4\" y=\"\(y + 12)\">day \(day + 1)</text>")
    }
    let end = Int64(record.days) * 86_400_000
    for (index, sample) in record.samples.enumerated() {
      let until = index + 1 < record.samples.count ? record.samples[index + 1].milliseconds : end
      for (day, from, to) in daySpans(sample.milliseconds, until) where day < record.days {
        let y = top + Double(day) * rowHeight
        let x0 = left + from / 3_600_000 * hourWidth
        let w = max(0.2, (to - from) / 3_600_000 * hourWidth)
        out.append(rect(x0, y, w, 12, color(sample.lock)))
        out.append(rect(x0, y + 14, w, 4, keyColor(sample.classA)))
        out.append(rect(x0, y + 19, w, 4, keyColor(sample.classC)))
      }
    }
    for attempt in record.attempts {
      let day = Int(attempt.milliseconds / 86_400_000)
      guard day < record.days else { continue }
      let within = Double(attempt.milliseconds % 86_400_000)
      let cx = left + within / 3_600_000 * hourWidth
      let cy = top + Double(day) * rowHeight + 28
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
    case .unlocked: "#81c784"
    case .locked: "#90a4ae"
    case .beforeFirstUnlock: "#37474f"
    case .off: "#eeeeee"
    }
  }

  private static func keyColor(_ available: Bool) -> String {
    available ? "#4caf50" : "#e57373"
  }

  private static func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, _ fill: String)
    -> String
  {
    "<rect x=\"\(fmt(x))\" y=\"\(fmt(y))\" width=\"\(fmt(w))\" height=\"\(fmt(h))\" "
      + "fill=\"\(fill)\"/>"
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
