import Foundation
import Simulation

/// `keychain-sim simulate`: reads the app spec and the usage profile, runs the population,
/// prints the report (and one phone's timeline when asked) and writes the SVG.
///
/// Exit status: 0 after a report, 1 when `--check-engine` found a read whose status differs,
/// 2 for a bad command line or an unreadable spec or profile.
struct SimulateCommand {
  let choice: SimulateChoice

  static func main(_ arguments: [String]) -> Int32 {
    if arguments.contains("-h") || arguments.contains("--help") {
      print(SimulateChoice.usage, terminator: "")
      return 0
    }
    do {
      return SimulateCommand(choice: try SimulateChoice.parse(arguments)).execute()
    } catch {
      printError("keychain-sim: \(error.message)\nRun `keychain-sim simulate --help` for usage.")
      return 2
    }
  }

  func execute() -> Int32 {
    let spec: AppSpec
    let profile: UsageProfile
    do {
      spec = try AppSpec.parse(try read(choice.specPath, what: "spec"), file: choice.specPath)
      profile = try loadProfile()
    } catch {
      printError("keychain-sim: \(error)")
      return 2
    }
    var simulator = PopulationSimulator(
      spec: spec, profile: profile, phones: choice.phones, days: choice.days, seed: choice.seed,
      jobs: choice.jobs)
    let drawing = choice.svgPath != nil || choice.showTimeline
    if drawing { simulator.recordedPhone = choice.phone ?? simulator.firstPhoneWithPasscode() }
    let progress = ProgressBar(total: choice.phones, enabled: choice.phones * choice.days >= 20_000)
    let report: SimulationReport
    let started = ContinuousClock.now
    do {
      report = try simulator.run { progress.update($0) }
    } catch {
      progress.finish()
      printError("keychain-sim: \(error)")
      return 2
    }
    progress.finish()
    let elapsed = ContinuousClock.now - started
    print(SimulationReportRenderer.render(report, specName: choice.specPath), terminator: "")
    if let record = report.recordedPhone {
      if choice.showTimeline {
        print("")
        print(TimelineTerminalRenderer.render(record), terminator: "")
      }
      if let svgPath = choice.svgPath {
        do {
          try TimelineSVGRenderer.render(record).write(
            toFile: svgPath, atomically: true, encoding: .utf8)
        } catch {
          printError(
            "keychain-sim: cannot write the SVG to \(svgPath): \(error.localizedDescription)")
          return 2
        }
      }
    }
    if choice.checkEnginePhones > 0 {
      let check: EngineCrossCheck
      do {
        check = try simulator.checkAgainstEngine(phones: choice.checkEnginePhones)
      } catch {
        printError("keychain-sim: \(error)")
        return 2
      }
      print(SimulationReportRenderer.render(check), terminator: "")
      if !check.disagreements.isEmpty { return 1 }
    }
    if choice.measure {
      let seconds =
        Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
      let rate = Double(report.phoneDays) / max(seconds, 1e-9)
      printError(
        "measured: \(report.phoneDays) phone-days in \(String(format: "%.3f", seconds)) s = "
          + "\(Int(rate)) phone-days/s")
    }
    return 0
  }

  /// A shipped profile by name, else a profile file.
  private func loadProfile() throws -> UsageProfile {
    if let builtIn = UsageProfile.builtIn(named: choice.profile) { return builtIn }
    guard FileManager.default.fileExists(atPath: choice.profile) else {
      let names = UsageProfile.builtIn.map(\.name).joined(separator: ", ")
      throw SimulateInputError(
        "no profile named '\(choice.profile)' (shipped: \(names)) and no such file")
    }
    let name = URL(fileURLWithPath: choice.profile).deletingPathExtension().lastPathComponent
    return try UsageProfile.parse(
      try read(choice.profile, what: "profile"), file: choice.profile, name: name)
  }

  private func read(_ path: String, what: String) throws -> String {
    do {
      return try String(contentsOfFile: path, encoding: .utf8)
    } catch {
      throw SimulateInputError(
        "cannot read the \(what) file \(path): \(error.localizedDescription)")
    }
  }
}

/// A spec or profile that cannot be found or read.
struct SimulateInputError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
