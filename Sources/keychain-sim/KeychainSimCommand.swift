import Foundation
import Keychain
import Scenario

/// Dispatches one invocation and returns the process exit status: 0 success, 1 a failed
/// expectation, 2 a usage, read or parse error.
enum KeychainSimCommand {
  static let version = "0.1.0"

  static func main(_ rawArguments: [String]) -> Int32 {
    let (arguments, noColor) = Invocation.takingNoColor(rawArguments)
    // `simulate` parses its own options (SimulateChoice); its help is CommandHelp's.
    if arguments.first == "simulate" {
      return SimulateCommand.main(Invocation.splittingEquals(Array(arguments.dropFirst())))
    }
    let invocation: Invocation
    do {
      invocation = try Invocation.parse(arguments)
    } catch {
      printError("keychain-sim: \(error.message)\nRun `keychain-sim --help` for usage.")
      return 2
    }
    let style = Terminal.style(for: STDOUT_FILENO, noColorFlag: noColor)
    return style.apply { execute(invocation, style: style, noColor: noColor) }
  }

  private static func execute(_ invocation: Invocation, style: OutputStyle, noColor: Bool)
    -> Int32
  {
    switch invocation {
    case .help(nil):
      print(CommandHelp.overview(version: version), terminator: "")
    case .help(let name?):
      guard let command = CommandHelp.command(named: name) else {
        printError("keychain-sim: no help for '\(name)'")  // Invocation lets none through
        return 2
      }
      print(CommandHelp.text(for: command), terminator: "")
    case .version:
      print("keychain-sim \(version)")
    case .completion(let shell):
      print(ShellCompletion.script(for: shell), terminator: "")
    case .manPage:
      print(ManPage.text(version: version), terminator: "")
    case .explain(let status):
      do {
        print(try StatusExplainer.explain(status))
      } catch {
        printError("keychain-sim: \(error)")
        return 2
      }
    case .run(let choice):
      return RunCommand(choice: choice, style: style, errorStyle: errorStyle(noColor)).execute()
    case .repl(let choice):
      return REPLCommand(choice: choice, style: style).execute()
    case .lessons(let choice):
      return LessonsCommand(choice: choice, style: style, errorStyle: errorStyle(noColor))
        .execute()
    case .train(let choice):
      return TrainCommand(choice: choice).execute()
    }
    return 0
  }

  /// The style of standard error, a terminal or not on its own.
  static func errorStyle(_ noColor: Bool) -> OutputStyle {
    Terminal.style(for: STDERR_FILENO, noColorFlag: noColor)
  }
}

/// What the executable knows about the terminal it writes to.
enum Terminal {
  /// Colour and width for `descriptor`: see ``OutputStyle/choose``.
  static func style(for descriptor: Int32, noColorFlag: Bool) -> OutputStyle {
    OutputStyle.choose(
      isTerminal: isatty(descriptor) != 0, noColorFlag: noColorFlag, variable: variable,
      terminalColumns: columns(of: descriptor))
  }

  /// An environment variable's value (`getenv`), without building the whole environment.
  static func variable(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// The width the terminal reports (TIOCGWINSZ), if it is one.
  static func columns(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}

/// Writes a message to standard error as whole lines, in one write, after standard output's
/// buffer: what `print` has buffered is written out first, and it ends at a line (every
/// `print` of a transcript, a failure or a summary does). Standard output stays buffered (it is
/// flushed only before a message), so `2>&1` interleaves the two streams line by line and never
/// inside a line or a multi-byte character, which a block edge of the buffer would.
func printError(_ message: String) {
  fflush(nil)
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
