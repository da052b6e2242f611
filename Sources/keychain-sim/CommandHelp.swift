import Keychain

/// The one description of the command line: its commands, their arguments and options.
///
/// `--help`, `help <command>`, the bash and zsh completion scripts (`ShellCompletion`) and the
/// man page (`ManPage`) are all generated from this table, so they cannot disagree.
enum CommandHelp {
  /// One option of a command.
  struct Option {
    /// `--quiet`
    let name: String
    /// `-q`, when there is a short form.
    var short: String? = nil
    /// `PATH`, `text|json`; `nil` for a flag.
    var value: String? = nil
    /// The values a shell may complete (`text`, `json`); empty for a free value.
    var choices: [String] = []
    /// Whether the value is a file name (completed as one by the shell).
    var takesFile = false
    let summary: String

    /// `-q, --quiet` or `--format text|json`.
    var synopsis: String {
      let names = (short.map { $0 + ", " } ?? "") + name
      return value.map { names + " " + $0 } ?? names
    }
  }

  /// One command (`run`), or the REPL (no command word).
  struct Command {
    /// `run`; empty for the REPL.
    let name: String
    /// `run [options] <file-or-folder|->...`
    let usage: String
    let summary: String
    /// Paragraphs after the usage line.
    let description: String
    var options: [Option] = []
    /// The values completed for the command's arguments (`bash`, `zsh`), or file names.
    var argumentChoices: [String] = []
    var argumentsAreFiles = false
    var examples: [String] = []
  }

  static let device = Option(
    name: "--device", value: "PATH", takesFile: true,
    summary: "play on a device file (created when missing, else reopened)")
  static let kdf = Option(
    name: "--kdf", value: KDFProfile.names.joined(separator: "|"), choices: KDFProfile.names,
    summary: "passcode key cost (realistic: Argon2id ~50 ms; fast for tests)")
  static let showSecrets = Option(
    name: "--show-secrets",
    summary: "show item data calls return (default: its length, <6 bytes: ••••>)")
  static let noColor = Option(
    name: "--no-color", summary: "no colour on a terminal either (as NO_COLOR=1)")
  static let help = Option(name: "--help", short: "-h", summary: "this command's help")

  static let repl = Command(
    name: "",
    usage: "keychain-sim [--device PATH] [--kdf fast|realistic] [--show-secrets] [-i FILE]",
    summary: "the REPL (plays piped input like a scenario file)",
    description: """
      Starts an interactive session on a fresh device. With -i FILE the scenario FILE is played \
      into the session first. When standard input is not a terminal, the input is played like \
      a scenario file named <stdin>.
      """,
    options: [
      device, kdf, showSecrets,
      Option(
        name: "--init", short: "-i", value: "FILE", takesFile: true,
        summary: "play the scenario FILE, then go on interactively"),
      noColor, help,
    ],
    examples: ["keychain-sim", "keychain-sim -i setup.scenario --kdf fast"])

  static let run = Command(
    name: "run", usage: "keychain-sim run [options] <file-or-folder|->...",
    summary: "play scenario files, each on a fresh device",
    description: """
      Plays each scenario file on its own fresh device and prints a transcript. A folder \
      stands for every *.scenario file under it, recursively, in sorted order; - reads a \
      scenario from standard input.
      """,
    options: [
      Option(name: "--quiet", short: "-q", summary: "only failures, errors and the summary"),
      Option(name: "--strict", summary: "a pitfall warning fails its file (exit status 1)"),
      Option(
        name: "--format", value: "text|json", choices: ["text", "json"],
        summary: "the report on standard output (default text)"),
      Option(
        name: "--junit", value: "PATH", takesFile: true,
        summary: "also write JUnit XML, one test case per scenario file"),
      device, kdf, showSecrets, noColor, help,
    ],
    argumentsAreFiles: true,
    examples: [
      "keychain-sim run scenarios/",
      "keychain-sim run --quiet --junit=build/results.xml scenarios/",
      "cat three-am.scenario | keychain-sim run -",
      "keychain-sim run --strict --kdf fast app-checks/",
    ])

  static let explain = Command(
    name: "explain", usage: "keychain-sim explain <status>",
    summary: "what a status means, its causes and the fix",
    description: """
      Takes an OSStatus name (errSecInteractionNotAllowed) or number (-25308, or 25308 without \
      its sign), noErr, or an LAError by name (LAError.notInteractive, or notInteractive) or \
      number (-1004).
      """,
    options: [help],
    argumentChoices: OSStatus.known.map(\.name) + LAErrorCode.allCases.map { "LAError.\($0.name)" },
    examples: ["keychain-sim explain errSecInteractionNotAllowed", "keychain-sim explain 25308"])

  static let lessons = Command(
    name: "lessons", usage: "keychain-sim lessons [options] [<name>]",
    summary: "list the lessons, or play one by name",
    description: """
      Without a name, lists the lessons built into keychain-sim (the repository's scenarios/ \
      outside regression/), or every scenario under --folder DIR outside regression/, each with \
      its `# Lesson:` line. With a name (folder/name, or the file \
      name alone when unique), plays that lesson on a fresh device and prints its transcript; \
      pitfall warnings show under their statements, and every warning goes to stderr.
      """,
    options: [
      Option(
        name: "--folder", value: "DIR", takesFile: true,
        summary: "read the lessons from a scenarios folder instead of the built-in ones"),
      device, kdf, showSecrets, noColor, help,
    ],
    examples: ["keychain-sim lessons", "keychain-sim lessons background-refresh --kdf fast"])

  static let train = Command(
    name: "train", usage: "keychain-sim train [options] [hint|check|list]",
    summary: "the next exercise, its hint, its verdict, progress",
    description: """
      Shows the next exercise not yet passed: its task and the app part to edit. `hint` \
      shows its hints; `check` plays it and passes it when every expectation holds with no \
      pitfall warning, then records it in the progress file; `list` shows every exercise and \
      what is passed (docs/training.md).
      """,
    options: [
      Option(
        name: "--exercises", value: "DIR", takesFile: true,
        summary: "the exercises folder (default exercises)"),
      Option(
        name: "--state", value: "PATH", takesFile: true,
        summary: "the progress file (default <exercises>/.progress)"),
      device, kdf, noColor, help,
    ],
    argumentChoices: Invocation.TrainChoice.Action.allCases.filter { $0 != .show }.map(\.rawValue),
    examples: ["keychain-sim train", "keychain-sim train check --kdf fast"])

  static let completion = Command(
    name: "completion", usage: "keychain-sim completion bash|zsh",
    summary: "print the shell completion script",
    description: """
      Prints a completion script for bash or zsh, generated from this help. \
      `make install-completions` installs both and the man page.
      """,
    options: [help], argumentChoices: ShellCompletion.Shell.allCases.map(\.rawValue),
    examples: ["source <(keychain-sim completion bash)"])

  static let man = Command(
    name: "man", usage: "keychain-sim man", summary: "print the man page (roff)",
    description: "Prints keychain-sim(1) in roff, generated from this help.",
    options: [help], examples: ["keychain-sim man | man -l -"])

  static let helpCommand = Command(
    name: "help", usage: "keychain-sim help [<command>]", summary: "this help, or a command's",
    description: "Prints the overview, or the help of one command.",
    argumentChoices: ["run", "explain", "lessons", "train", "completion", "man", "repl"])

  /// Every command in the order the overview lists them.
  static let simulate = Command(
    name: "simulate", usage: "keychain-sim simulate <spec-file> [options]",
    summary: "many phones over many days: how background reads fare",
    description: """
      Simulates a population of phones living a usage profile (unlocks, locks, nightly \
      charging, reboots) while the app described by the spec file does its background work, \
      and reports per item and kind of work how many keychain reads fail and why, and the \
      share of phones (and of the spec's users) that meet a failure every week or month, with \
      95 % intervals, beside the spec's fixed configuration. The file formats and the \
      profiles' sources are in docs/simulate.md.
      """,
    options: [
      Option(
        name: "--profile", value: "NAME|PATH", choices: ["typical", "light"], takesFile: true,
        summary: "usage profile: typical (default), light, or a profile file"),
      Option(name: "--phones", value: "N", summary: "phones in the population (default 1000)"),
      Option(name: "--days", value: "N", summary: "days per phone (default 30)"),
      Option(
        name: "--seed", value: "N",
        summary: "random seed; the same seed gives the same report (default 1)"),
      Option(
        name: "--svg", value: "PATH", takesFile: true,
        summary: "write one phone's days as an SVG timeline"),
      Option(name: "--timeline", summary: "print one phone's days in the terminal"),
      Option(
        name: "--phone", value: "N",
        summary: "the phone to draw (default: the first with a passcode)"),
      Option(name: "--measure", summary: "print the measured phone-days per second on stderr"),
      Option(
        name: "--check-engine", value: "N",
        summary: "replay the first N phones through the real engine and compare every read "
          + "(exit 1 if one differs)"),
      Option(
        name: "--jobs", value: "N",
        summary: "phones simulated at once, one per core by default; the report is the same "
          + "for any N"),
      help,
    ],
    argumentsAreFiles: true,
    examples: [
      "keychain-sim simulate examples/simulate/news-app.spec",
      "keychain-sim simulate examples/simulate/three-am-refresh.spec --phones 200 --svg night.svg",
    ])

  static let commands = [
    repl, run, explain, lessons, train, simulate, completion, man, helpCommand,
  ]

  /// The command called `name` (`repl` for the REPL), if any.
  static func command(named name: String) -> Command? {
    name == "repl" ? repl : commands.first { !$0.name.isEmpty && $0.name == name }
  }

  /// Names of the commands a user types.
  static var commandNames: [String] { commands.map(\.name).filter { !$0.isEmpty } }

  static let exitStatus = """
    0 every expectation held, 1 an expectation failed or a statement could not be played
    (with run --strict, also a pitfall warning; for train check, an exercise not yet passed),
    2 a file could not be read or parsed, or the command line is wrong
    """

  /// `keychain-sim --help`.
  static func overview(version: String) -> String {
    func row(_ left: String, _ right: String, width: Int = 37) -> String {
      let padded =
        left.count < width
        ? left.padding(toLength: width, withPad: " ", startingAt: 0)
        : left + " "
      return "  " + padded + right
    }
    var lines = [
      "keychain-sim \(version): a simulator of the iOS keychain and the device security state", "",
    ]
    lines.append("USAGE")
    lines.append(row("keychain-sim", repl.summary))
    for command in commands.dropFirst() {
      let left = command.usage.replacingOccurrences(of: " [options]", with: "")
      lines.append(row(left, command.summary))
    }
    lines.append(row("keychain-sim --help | --version", "this overview; the version"))
    lines += [
      "",
      "Run `keychain-sim help <command>` or `keychain-sim <command> --help` for a command's options.",
      "",
    ]
    lines.append("RUN OPTIONS")
    lines += run.options.map { row($0.synopsis, $0.summary, width: 24) }
    lines += ["", "REPL OPTIONS"]
    lines += repl.options.map { row($0.synopsis, $0.summary, width: 24) }
    lines += ["", "Options take their value as `--opt value` or `--opt=value`.", ""]
    lines += ["EXIT STATUS"] + exitStatus.split(separator: "\n").map { "  " + $0 }
    lines += ["", "EXAMPLES"]
    lines += (run.examples + explain.examples).map { "  " + $0 }
    return lines.joined(separator: "\n") + "\n"
  }

  /// `keychain-sim help run`, `keychain-sim run --help`.
  static func text(for command: Command) -> String {
    var lines = ["USAGE", "  " + command.usage, ""]
    lines += TextLayout.wrap(command.description, width: 94).map { "  " + $0 }
    if !command.options.isEmpty {
      lines += ["", "OPTIONS"]
      let width = (command.options.map(\.synopsis.count).max() ?? 0) + 2
      lines += command.options.map {
        "  " + $0.synopsis.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary
      }
    }
    if !command.examples.isEmpty {
      lines += ["", "EXAMPLES"] + command.examples.map { "  " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Plain word wrapping for the command line's help (the Scenario module wraps transcripts).
enum TextLayout {
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if !current.isEmpty && current.count + 1 + word.count > width {
        lines.append(current)
        current = ""
      }
      current += (current.isEmpty ? "" : " ") + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
