import Foundation
import Scenario

/// The arguments of `keychain-sim simulate` (docs/simulate.md), parsed by hand like the rest of
/// the command line.
struct SimulateChoice: Equatable {
  var specPath = ""
  /// A shipped profile's name or a profile file's path.
  var profile = "typical"
  var phones = 1_000
  var days = 30
  var seed: UInt64 = 1
  var svgPath: String?
  var showTimeline = false
  /// The phone to draw; `nil` for the first with a passcode.
  var phone: Int?
  /// Print the measured phone-days per second to standard error.
  var measure = false
  /// Replay this many phones through the real engine and compare every read's status.
  var checkEnginePhones = 0
  /// Phones simulated at once, one thread each; the report is the same for any number.
  var jobs = SimulateChoice.defaultJobs

  /// The default `--jobs`: every core the process may use.
  static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

  /// The help text, from the one command-line table.
  static var usage: String { CommandHelp.text(for: CommandHelp.simulate) }

  /// Parses the arguments after `simulate`.
  static func parse(_ arguments: [String]) throws(UsageError) -> SimulateChoice {
    var choice = SimulateChoice()
    var paths: [String] = []
    var index = 0
    func value() throws(UsageError) -> String {
      guard index + 1 < arguments.count else {
        throw UsageError("\(arguments[index]) needs a value")
      }
      index += 1
      return arguments[index]
    }
    func number(_ name: String, _ range: ClosedRange<Int>) throws(UsageError) -> Int {
      let text = try value()
      guard let parsed = Int(text), range.contains(parsed) else {
        throw UsageError(
          "\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), "
            + "not '\(text)'")
      }
      return parsed
    }
    while index < arguments.count {
      switch arguments[index] {
      case "--profile": choice.profile = try value()
      case "--phones": choice.phones = try number("--phones", 1...10_000_000)
      case "--days": choice.days = try number("--days", 1...1_000)
      case "--seed":
        let text = try value()
        guard let seed = UInt64(text) else {
          throw UsageError("--seed takes a whole number from 0 to \(UInt64.max), not '\(text)'")
        }
        choice.seed = seed
      case "--svg": choice.svgPath = try value()
      case "--timeline": choice.showTimeline = true
      case "--phone": choice.phone = try number("--phone", 0...9_999_999)
      case "--measure": choice.measure = true
      case "--check-engine": choice.checkEnginePhones = try number("--check-engine", 1...1_000)
      case "--jobs": choice.jobs = try number("--jobs", 1...1_024)
      case let argument where argument.hasPrefix("-"):
        let known = [
          "--profile", "--phones", "--days", "--seed", "--svg", "--timeline", "--phone",
          "--measure", "--check-engine", "--jobs",
        ]
        let hint = Suggestion.nearest(to: argument, in: known).map { "; did you mean '\($0)'?" }
        throw UsageError("unknown simulate option '\(argument)'\(hint ?? "")")
      case let argument:
        paths.append(argument)
      }
      index += 1
    }
    guard paths.count == 1 else {
      throw UsageError(
        paths.isEmpty
          ? "simulate needs an app spec file, e.g. `keychain-sim simulate examples/simulate/news-app.spec`"
          : "simulate takes one spec file, got \(paths.count)")
    }
    choice.specPath = paths[0]
    return choice
  }
}
