import Foundation
import Keychain
import Scenario

/// `keychain-sim run`: plays the files (`-` is standard input) and prints the transcript (or
/// only failures, or JSON), writes warnings to stderr, writes JUnit XML when asked, and returns
/// the exit status docs/cli.md, "Exit status" describes.
struct RunCommand {
  let choice: Invocation.RunChoice
  var style: OutputStyle = .plain
  var errorStyle: OutputStyle = .plain

  func execute() -> Int32 {
    let runner = ScenarioRunner(options: sessionOptions(choice.device), strict: choice.strict)
    var report = RunReport()
    for path in choice.paths {
      if path == "-" {
        let file = runner.run(source: Self.readStandardInput(), name: "<stdin>")
        show(file)
        report.files.append(file)
      } else {
        report.files += runner.run(paths: [path], onFile: show).files
      }
    }
    if let junitPath = choice.junitPath {
      do {
        try Self.write(report.junitXML(), to: junitPath)
      } catch {
        printError(
          "keychain-sim: cannot write JUnit XML to \(junitPath): \(error)")
        return 2
      }
    }
    if choice.json {
      print(report.jsonText())
    } else {
      print(style.paint(report.summaryLine))
    }
    return report.exitCode
  }

  /// One file as soon as it is done: its transcript (or, quiet, its failures), and its load
  /// error and warnings on stderr.
  private func show(_ file: ScenarioFileReport) {
    guard !choice.json else { return }
    if choice.quiet {
      for failure in file.failures { print(style.paint(failure.rendered(file: file.path))) }
    } else {
      print(style.paint(file.transcript))
    }
    if let loadError = file.loadError { printError(errorStyle.paint(loadError)) }
    for warning in file.warnings { printError(errorStyle.paint(warning.description)) }
  }

  /// Writes `text` to `path`, creating its parent folders as `mkdir -p` would.
  ///
  /// - Throws: ``OutputFileError``, whose description says why (a directory at `path`, a
  ///   folder that cannot be made, the system's reason), not Foundation's "error 512".
  static func write(_ text: String, to path: String) throws(OutputFileError) {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw OutputFileError(reason: "it is a directory (name a file, e.g. \(path)/results.xml)")
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw OutputFileError(
        reason: "its folder \(folder.path) cannot be created (\(OutputFileError.reason(error)))")
    }
    do {
      try text.write(toFile: path, atomically: true, encoding: .utf8)
    } catch {
      throw OutputFileError(reason: OutputFileError.reason(error))
    }
  }

  static func readStandardInput() -> String {
    var lines: [String] = []
    while let line = readLine(strippingNewline: true) { lines.append(line) }
    return lines.joined(separator: "\n")
  }
}

/// Why an output file (`--junit PATH`) could not be written, in words.
struct OutputFileError: Error, CustomStringConvertible {
  let reason: String
  var description: String { reason }

  /// The system's reason under a Foundation file error ("Permission denied", "Not a
  /// directory"), else its description.
  static func reason(_ error: any Error) -> String {
    let nsError = error as NSError
    if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return String(cString: strerror(Int32(underlying.code)))
    }
    if nsError.domain == NSPOSIXErrorDomain {
      return String(cString: strerror(Int32(nsError.code)))
    }
    return error.localizedDescription
  }
}

/// The session options for `--device`, `--kdf` and `--show-secrets`.
func sessionOptions(_ device: Invocation.DeviceChoice) -> ScenarioSession.Options {
  ScenarioSession.Options(
    devicePath: device.devicePath, kdfProfile: device.kdf ?? .realistic,
    showsSecrets: device.showSecrets)
}
