import Keychain
import Scenario

/// What the user asked the executable to do, parsed from its arguments.
///
/// Hand-written because the build machines cannot fetch swift-argument-parser; the grammar is
/// small: `run [options] <path>...`, `explain <status>`, `help`, `--help`, `--version`, or no
/// command (the REPL, which takes `--device` and `--kdf`).
enum Invocation: Equatable {
  case repl(DeviceChoice)
  case run(RunChoice)
  case explain(String)
  case lessons(LessonsChoice)
  case train(TrainChoice)
  case help
  case version

  struct DeviceChoice: Equatable {
    var devicePath: String?
    var kdf: KDFProfile?
  }

  struct RunChoice: Equatable {
    var paths: [String] = []
    var device = DeviceChoice()
    var quiet = false
    var json = false
    var junitPath: String?
    /// `--strict`: a pitfall warning fails its file.
    var strict = false
  }

  /// Parses the arguments after the executable's name.
  ///
  /// - Throws: `UsageError` naming the argument that is wrong.
  static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
    guard let first = arguments.first else { return .repl(DeviceChoice()) }
    // `keychain-sim run --help` and `explain -h` mean help, as in every other command-line tool.
    if arguments.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
      return .help
    }
    switch first {
    case "-h", "--help", "help": return .help
    case "-V", "--version", "version": return .version
    case "run": return .run(try parseRun(Array(arguments.dropFirst())))
    case "lessons": return .lessons(try parseLessons(Array(arguments.dropFirst())))
    case "train": return .train(try parseTrain(Array(arguments.dropFirst())))
    case "explain":
      let rest = arguments.dropFirst()
      guard let status = rest.first else {
        throw UsageError("explain needs a status, e.g. `keychain-sim explain -25308`")
      }
      guard rest.count == 1 else {
        throw UsageError("explain takes one status, got \(rest.count)")
      }
      return .explain(status)
    default:
      if first.hasPrefix("-") {
        var device = DeviceChoice()
        var index = 0
        while index < arguments.count {
          try parseDeviceOption(arguments, at: &index, into: &device)
        }
        return .repl(device)
      }
      throw UsageError(
        "unknown command '\(first)'\(suggestion(for: first, among: ["run", "explain", "lessons", "train", "help"]))"
      )
    }
  }

  private static func parseRun(_ arguments: [String]) throws(UsageError) -> RunChoice {
    var choice = RunChoice()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      switch argument {
      case "-q", "--quiet":
        choice.quiet = true
        index += 1
      case "--strict":
        choice.strict = true
        index += 1
      case "--format":
        let value = try optionValue(arguments, at: index)
        guard value == "json" || value == "text" else {
          throw UsageError("--format takes json or text, not '\(value)'")
        }
        choice.json = value == "json"
        index += 2
      case "--junit":
        choice.junitPath = try optionValue(arguments, at: index)
        index += 2
      case "--":
        choice.paths += arguments[(index + 1)...]
        index = arguments.count
      case _ where argument.hasPrefix("-") && argument != "-":
        try parseDeviceOption(arguments, at: &index, into: &choice.device)
      default:
        choice.paths.append(argument)
        index += 1
      }
    }
    guard !choice.paths.isEmpty else {
      throw UsageError("run needs at least one scenario file or folder")
    }
    return choice
  }

  static func parseDeviceOption(
    _ arguments: [String], at index: inout Int, into device: inout DeviceChoice
  ) throws(UsageError) {
    let argument = arguments[index]
    switch argument {
    case "--device":
      device.devicePath = try optionValue(arguments, at: index)
    case "--kdf":
      let value = try optionValue(arguments, at: index)
      guard let profile = KDFProfile(rawValue: value) else {
        let names = KDFProfile.names.joined(separator: " or ")
        throw UsageError("--kdf takes \(names), not '\(value)'")
      }
      device.kdf = profile
    default:
      let known = [
        "--device", "--kdf", "--quiet", "--strict", "--format", "--junit", "--help", "--version",
        "--folder", "--exercises", "--state",
      ]
      throw UsageError("unknown option '\(argument)'\(suggestion(for: argument, among: known))")
    }
    index += 2
  }

  static func optionValue(_ arguments: [String], at index: Int) throws(UsageError)
    -> String
  {
    guard index + 1 < arguments.count else {
      throw UsageError("\(arguments[index]) needs a value")
    }
    return arguments[index + 1]
  }

  static func suggestion(for word: String, among candidates: [String]) -> String {
    Suggestion.nearest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }
}

/// A command line the executable cannot act on: exit status 2 with this message and a hint.
struct UsageError: Error, Equatable {
  let message: String
  init(_ message: String) { self.message = message }
}
