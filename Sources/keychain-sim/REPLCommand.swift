import Foundation
import Scenario

/// `keychain-sim` with no command: the REPL on a terminal, or, with piped input, the lines
/// played like a scenario file (same transcript and exit status as `run`).
struct REPLCommand {
  let device: Invocation.DeviceChoice

  func execute() -> Int32 {
    isatty(0) != 0 ? interactive() : playStandardInput()
  }

  private func interactive() -> Int32 {
    let session: ScenarioSession
    do {
      session = try ScenarioSession(options: sessionOptions(device))
    } catch {
      printError("keychain-sim: \(error.message)")
      return 2
    }
    let reader = ReadlineReader(historyPath: ReadlineReader.defaultHistoryPath())
    var repl = REPL(session: session, reader: reader) { text in
      print(text, terminator: "")
      fflush(nil)
    }
    let status = repl.run()
    print()
    return status
  }

  private func playStandardInput() -> Int32 {
    var lines: [String] = []
    while let line = readLine(strippingNewline: true) { lines.append(line) }
    let runner = ScenarioRunner(options: sessionOptions(device))
    let file = runner.run(source: lines.joined(separator: "\n"), name: "<stdin>")
    let report = RunReport(files: [file])
    print(file.transcript)
    if let loadError = file.loadError { printError(loadError) }
    print(report.summaryLine)
    return report.exitCode
  }
}
