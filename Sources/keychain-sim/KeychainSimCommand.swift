import Foundation
import Keychain
import Scenario

/// Dispatches one invocation and returns the process exit status: 0 success, 1 a failed
/// expectation, 2 a usage, read or parse error.
enum KeychainSimCommand {
  static let version = "0.1.0"

  static func main(_ arguments: [String]) -> Int32 {
    // `simulate` parses its own arguments (SimulateChoice), apart from Invocation.
    if arguments.first == "simulate" { return SimulateCommand.main(Array(arguments.dropFirst())) }
    let invocation: Invocation
    do {
      invocation = try Invocation.parse(arguments)
    } catch {
      printError("keychain-sim: \(error.message)\nRun `keychain-sim --help` for usage.")
      return 2
    }
    switch invocation {
    case .help:
      print(usage, terminator: "")
      return 0
    case .version:
      print("keychain-sim \(version)")
      return 0
    case .explain(let status):
      do {
        print(try StatusExplainer.explain(status))
        return 0
      } catch {
        printError("keychain-sim: \(error)")
        return 2
      }
    case .run(let choice):
      return RunCommand(choice: choice).execute()
    case .repl(let device):
      return REPLCommand(device: device).execute()
    }
  }

  /// The `--kdf` values, `fast|realistic`, from the one table of profiles.
  private static let kdfNames = KDFProfile.names.joined(separator: "|")

  static let usage = """
    keychain-sim \(version): a simulator of the iOS keychain and the device security state

    USAGE
      keychain-sim                         the REPL (plays piped input like a scenario file)
      keychain-sim run <file-or-folder>... play scenario files, each on a fresh device
      keychain-sim explain <status>        what a status means, its causes and the fix
      keychain-sim simulate <spec-file>    many phones over many days: background reads measured
      keychain-sim --help | --version

    RUN OPTIONS
      -q, --quiet                only failures and the summary
      --format text|json         the report on standard output (default text)
      --junit PATH               also write JUnit XML, one test case per scenario file
      --device PATH              play on a persistent device file (created when missing)
      --kdf \(kdfNames)       passcode key derivation cost (realistic: Argon2id, ~50 ms)

    REPL OPTIONS
      --device PATH, --kdf \(kdfNames)

    EXIT STATUS
      0 every expectation held, 1 an expectation failed, 2 a file could not be read or parsed
      (or a bad command line)

    EXAMPLES
      keychain-sim run scenarios/
      keychain-sim run --quiet --junit results.xml scenarios/
      keychain-sim explain errSecInteractionNotAllowed
      keychain-sim explain -34018

    """
}

/// Writes a message to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}
