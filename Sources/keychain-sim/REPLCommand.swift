import Foundation
import Scenario

/// `keychain-sim` with no command: the REPL on a terminal, or, with piped input, the lines
/// played like a scenario file (same transcript and exit status as `run`).
struct REPLCommand {
  let choice: Invocation.REPLChoice
  var style: OutputStyle = .plain

  func execute() -> Int32 {
    isatty(0) != 0 ? interactive() : playStandardInput()
  }

  private func interactive() -> Int32 {
    let session: ScenarioSession
    do {
      session = try ScenarioSession(options: sessionOptions(choice.device))
    } catch {
      printError("keychain-sim: \(error.message)")
      return 2
    }
    let reader = ReadlineReader(historyPath: ReadlineReader.defaultHistoryPath())
    let style = self.style
    var repl = REPL(session: session, reader: reader) { text in
      print(style.paint(text), terminator: "")
      fflush(nil)
    }
    let status = repl.run(initFile: choice.initFile)
    print()
    return status
  }

  private func playStandardInput() -> Int32 {
    guard choice.initFile == nil else {
      printError(
        "keychain-sim: -i plays a file before an interactive session, and standard input is "
          + "not a terminal; to play files one after the other use `keychain-sim run FILE -`")
      return 2
    }
    let runner = ScenarioRunner(options: sessionOptions(choice.device))
    let printer = TranscriptPrinter(quiet: false, style: style, errorStyle: .plain)
    let file = runner.run(
      source: RunCommand.readStandardInput(), name: "<stdin>", output: printer)
    let report = RunReport(files: [file])
    print(style.paint(report.summaryLine))
    return report.exitCode
  }
}
