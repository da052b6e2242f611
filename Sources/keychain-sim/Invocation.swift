import Keychain
import Scenario

/// What the user asked the executable to do, parsed from its arguments.
///
/// Hand-written because the build machines cannot fetch swift-argument-parser; the grammar is
/// the one `CommandHelp` describes: `run [options] <path>...`, `explain <status>`,
/// `lessons [<name>]`, `train [hint|check|list]`, `completion bash|zsh`, `man`,
/// `help [<command>]`, `--help`, `--version`, or no command (the REPL). Every option takes its
/// value as `--opt value` or `--opt=value`.
enum Invocation: Equatable {
  case repl(REPLChoice)
  case run(RunChoice)
  case explain(String)
  case lessons(LessonsChoice)
  case train(TrainChoice)
  /// The overview (`nil`) or one command's help (`"run"`, `"repl"`).
  case help(String?)
  case version
  case completion(ShellCompletion.Shell)
  case manPage

  /// The options of every command that plays statements: the device, and how secrets show.
  struct DeviceChoice: Equatable {
    var devicePath: String?
    var kdf: KDFProfile?
    /// `--show-secrets`: item data a call returned is shown, not masked.
    var showSecrets = false
  }

  struct REPLChoice: Equatable {
    var device = DeviceChoice()
    /// `-i FILE`: a scenario played into the session before the first prompt.
    var initFile: String?
  }

  struct RunChoice: Equatable {
    /// Files and folders; `-` is standard input.
    var paths: [String] = []
    var device = DeviceChoice()
    var quiet = false
    var json = false
    var junitPath: String?
    /// `--strict`: a pitfall warning fails its file.
    var strict = false
  }

  /// Parses the arguments after the executable's name (`--no-color` already taken out, see
  /// `takingNoColor`).
  ///
  /// - Throws: `UsageError` naming the argument that is wrong.
  static func parse(_ raw: [String]) throws(UsageError) -> Invocation {
    let arguments = splittingEquals(raw)
    guard let first = arguments.first else { return .repl(REPLChoice()) }
    // `keychain-sim run --help` and `explain -h` ask for that command's help, as in git.
    let options = arguments.prefix(while: { $0 != "--" })
    if options.contains(where: { $0 == "-h" || $0 == "--help" }) {
      let isCommand = first != "help" && CommandHelp.command(named: first) != nil
      return .help(isCommand ? first : nil)
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case "-h", "--help": return .help(nil)
    case "help":
      guard let topic = rest.first else { return .help(nil) }
      guard rest.count == 1, CommandHelp.command(named: topic) != nil else {
        let names = CommandHelp.commandNames + ["repl"]
        throw UsageError(
          "no help for '\(rest.joined(separator: " "))'\(suggestion(for: topic, among: names))")
      }
      return .help(topic)
    case "-V", "--version", "version": return .version
    case "run": return .run(try parseRun(rest))
    case "lessons": return .lessons(try parseLessons(rest))
    case "train": return .train(try parseTrain(rest))
    case "explain":
      guard let status = rest.first else {
        throw UsageError("explain needs a status, e.g. `keychain-sim explain -25308`")
      }
      guard rest.count == 1 else {
        throw UsageError("explain takes one status, got \(rest.count)")
      }
      return .explain(status)
    case "completion":
      guard rest.count == 1, let shell = ShellCompletion.Shell(rawValue: rest[0]) else {
        throw UsageError("completion takes bash or zsh")
      }
      return .completion(shell)
    case "man":
      guard rest.isEmpty else { throw UsageError("man takes no arguments") }
      return .manPage
    default:
      if first.hasPrefix("-") { return .repl(try parseREPL(arguments)) }
      throw UsageError(
        "unknown command '\(first)'\(suggestion(for: first, among: CommandHelp.commandNames))")
    }
  }

  /// The arguments without `--no-color` (before a `--`), and whether it was there.
  static func takingNoColor(_ arguments: [String]) -> (arguments: [String], noColor: Bool) {
    let end = arguments.firstIndex(of: "--") ?? arguments.endIndex
    let options = arguments[..<end]
    let kept = options.filter { $0 != "--no-color" } + arguments[end...]
    return (Array(kept), kept.count != arguments.count)
  }

  /// `--junit=out.xml` becomes `--junit`, `out.xml`; nothing after a `--` is touched.
  static func splittingEquals(_ arguments: [String]) -> [String] {
    var result: [String] = []
    var ended = false
    for argument in arguments {
      if !ended, argument == "--" { ended = true }
      if !ended, argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        result.append(String(argument[..<equals]))
        result.append(String(argument[argument.index(after: equals)...]))
      } else {
        result.append(argument)
      }
    }
    return result
  }

  private static func parseREPL(_ arguments: [String]) throws(UsageError) -> REPLChoice {
    var choice = REPLChoice()
    var index = 0
    while index < arguments.count {
      switch arguments[index] {
      case "-i", "--init":
        choice.initFile = try optionValue(arguments, at: index)
        index += 2
      default:
        try parseDeviceOption(arguments, at: &index, into: &choice.device, of: CommandHelp.repl)
      }
    }
    return choice
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
        try parseDeviceOption(arguments, at: &index, into: &choice.device, of: CommandHelp.run)
      default:
        choice.paths.append(argument)
        index += 1
      }
    }
    guard !choice.paths.isEmpty else {
      throw UsageError("run needs at least one scenario file or folder (- for standard input)")
    }
    guard choice.paths.count(where: { $0 == "-" }) <= 1 else {
      throw UsageError("run reads standard input (-) once")
    }
    return choice
  }

  static func parseDeviceOption(
    _ arguments: [String], at index: inout Int, into device: inout DeviceChoice,
    of command: CommandHelp.Command
  ) throws(UsageError) {
    let argument = arguments[index]
    switch argument {
    case "--show-secrets" where command.options.contains { $0.name == argument }:
      device.showSecrets = true
      index += 1
      return
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
      let known = command.options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
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
