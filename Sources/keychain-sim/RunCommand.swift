import Foundation
import Keychain
import Scenario

/// `keychain-sim run`: plays the files and prints the transcript (or only failures, or JSON),
/// writes JUnit XML when asked, and returns the exit status docs/cli.md, "Exit status"
/// describes.
struct RunCommand {
  let choice: Invocation.RunChoice

  func execute() -> Int32 {
    let runner = ScenarioRunner(options: sessionOptions(choice.device), strict: choice.strict)
    let report = runner.run(paths: choice.paths) { file in
      guard !choice.json else { return }
      if choice.quiet {
        printQuiet(file)
      } else {
        print(file.transcript)
        if let loadError = file.loadError { printError(loadError) }
      }
    }
    if let junitPath = choice.junitPath {
      do {
        try report.junitXML().write(toFile: junitPath, atomically: true, encoding: .utf8)
      } catch {
        printError(
          "keychain-sim: cannot write JUnit XML to \(junitPath): \(error.localizedDescription)")
        return 2
      }
    }
    if choice.json {
      print(report.jsonText())
    } else {
      print(report.summaryLine)
    }
    return report.exitCode
  }

  private func printQuiet(_ file: ScenarioFileReport) {
    if let loadError = file.loadError { printError(loadError) }
    for failure in file.failures { print(failure.rendered(file: file.path)) }
    for warning in file.warnings { print(warning) }
  }
}

/// The session options for `--device` and `--kdf`.
func sessionOptions(_ device: Invocation.DeviceChoice) -> ScenarioSession.Options {
  ScenarioSession.Options(devicePath: device.devicePath, kdfProfile: device.kdf ?? .realistic)
}
