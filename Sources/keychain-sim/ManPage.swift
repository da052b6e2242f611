/// keychain-sim(1) in roff, generated from `CommandHelp` (`keychain-sim man`).
enum ManPage {
  static func text(version: String) -> String {
    var lines = [
      ".TH KEYCHAIN-SIM 1 \"\" \"keychain-sim \(version)\" \"User Commands\"",
      ".SH NAME",
      "keychain-sim \\- a simulator of the iOS keychain and the device security state",
      ".SH SYNOPSIS",
    ]
    for command in CommandHelp.commands {
      lines += [".B " + escape(command.usage), ".br"]
    }
    lines.append(".SH DESCRIPTION")
    lines.append(
      "Plays scenarios written in a small language of Swift-like statements against a simulated "
        + "iPhone: its passcode, lock state, Face ID or Touch ID, installed apps and keychain.")
    for command in CommandHelp.commands {
      let title = command.name.isEmpty ? "THE REPL" : "keychain-sim " + command.name
      lines += [".SH " + escape(title.uppercased()), escape(command.summary) + ".", ".PP"]
      lines.append(escape(command.description))
      for option in command.options {
        lines += [".TP", ".B " + escape(option.synopsis), escape(option.summary)]
      }
      if !command.examples.isEmpty {
        lines += [".PP", "Examples:", ".nf"] + command.examples.map { "  " + escape($0) }
        lines.append(".fi")
      }
    }
    lines += [
      ".SH ENVIRONMENT", ".TP", ".B NO_COLOR", "when set, no colour on a terminal.",
      ".TP", ".B KEYCHAIN_SIM_HISTORY",
      "the REPL's history file (default ~/.keychain-sim_history); empty for none.",
      ".TP", ".B COLUMNS", "the width to wrap to on a terminal.",
    ]
    lines += [
      ".SH EXIT STATUS", escape(CommandHelp.exitStatus.replacingOccurrences(of: "\n", with: " ")),
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// Backslashes doubled, and a leading `.` or `'` kept from being read as a request.
  static func escape(_ text: String) -> String {
    let escaped = text.replacingOccurrences(of: "\\", with: "\\e")
      .replacingOccurrences(of: "-", with: "\\-")
    return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
  }
}
