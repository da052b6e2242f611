// keychain-sim: `run` scenario files, `explain` a status, or (no arguments) the REPL.
// A thin layer: everything it does is in the Scenario module, except reading the terminal.
import Foundation
import Scenario

exit(KeychainSimCommand.main(Array(CommandLine.arguments.dropFirst())))
