import Foundation
import Keychain
import Scenario

/// `keychain-sim run`: plays the files (`-` is standard input) and prints the transcript (or
/// only failures, or JSON), writes warnings to stderr, writes JUnit XML when asked, and returns
/// the exit status docs/cli.md, "Exit status" describes.
///
/// Every output is written while the files play, statement by statement: the transcript and
/// the JSON to standard output, the JUnit test cases to a temporary file until the counts
/// that head the report are known. Memory does not grow with a file's length (docs/cli.md,
/// "Memory").
struct RunCommand {
  let choice: Invocation.RunChoice
  var style: OutputStyle = .plain
  var errorStyle: OutputStyle = .plain

  func execute() -> Int32 {
    let runner = ScenarioRunner(options: sessionOptions(choice.device), strict: choice.strict)
    var outputs: [any ScenarioRunOutput] = []
    let json = choice.json ? JSONRunWriter { print($0, terminator: "") } : nil
    if let json {
      outputs.append(json)
    } else {
      outputs.append(TranscriptPrinter(quiet: choice.quiet, style: style, errorStyle: errorStyle))
    }
    var junit: JUnitRunWriter?
    if let junitPath = choice.junitPath {
      do {
        junit = JUnitRunWriter(cases: try FileSpool(), caseOutput: try FileSpool())
      } catch {
        printError("keychain-sim: cannot write JUnit XML to \(junitPath): \(error)")
        return 2
      }
    }
    if let junit { outputs.append(junit) }
    let output = ScenarioRunOutputs(outputs)
    var report = RunReport()
    for path in choice.paths {
      if path == "-" {
        report.files.append(
          runner.run(source: Self.readStandardInput(), name: "<stdin>", output: output))
      } else {
        report.files += runner.run(paths: [path], output: output).files
      }
    }
    if let junit, let junitPath = choice.junitPath {
      do {
        try Self.write(to: junitPath) { write in junit.finish(write: write) }
      } catch {
        printError("keychain-sim: cannot write JUnit XML to \(junitPath): \(error)")
        return 2
      }
    }
    if let json {
      json.finish(report)
    } else {
      print(style.paint(report.summaryLine))
    }
    return report.exitCode
  }

  /// Writes what `produce` hands its writer to `path`, creating its parent folders as
  /// `mkdir -p` would: into a temporary file beside it, renamed over `path` once complete, so
  /// a reader never sees half a report.
  ///
  /// - Throws: ``OutputFileError``, whose description says why (a directory at `path`, a
  ///   folder that cannot be made, the system's reason), not Foundation's "error 512".
  static func write(to path: String, _ produce: ((String) -> Void) -> Void)
    throws(OutputFileError)
  {
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
    let temporary = folder.appendingPathComponent(
      ".\(URL(fileURLWithPath: path).lastPathComponent).\(getpid()).partial"
    ).path
    guard let file = fopen(temporary, "w") else {
      throw OutputFileError(reason: String(cString: strerror(errno)))
    }
    var failed: Int32 = 0
    produce { text in
      var text = text
      text.withUTF8 { bytes in
        if failed == 0, fwrite(bytes.baseAddress, 1, bytes.count, file) != bytes.count {
          failed = errno
        }
      }
    }
    if fclose(file) != 0, failed == 0 { failed = errno }
    if failed == 0, rename(temporary, path) != 0 { failed = errno }
    if failed != 0 {
      unlink(temporary)
      throw OutputFileError(reason: String(cString: strerror(failed)))
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

/// The text output of `run`: each statement's transcript as soon as it is played (or, quiet,
/// a file's failures when it ends), then the file's load error and warnings on stderr.
final class TranscriptPrinter: ScenarioRunOutput {
  let quiet: Bool
  let style: OutputStyle
  let errorStyle: OutputStyle

  init(quiet: Bool, style: OutputStyle, errorStyle: OutputStyle) {
    self.quiet = quiet
    self.style = style
    self.errorStyle = errorStyle
  }

  func fileStarted(_ path: String) {}

  func transcript(_ text: String) {
    guard !quiet, !text.isEmpty else { return }
    print(style.paint(text), terminator: "")
  }

  func step(_ record: StepRecord) {}

  func fileFinished(_ file: ScenarioFileReport) {
    if quiet {
      for failure in file.failures { print(style.paint(failure.rendered(file: file.path))) }
    } else {
      print()  // a blank line after each file's transcript
    }
    if let loadError = file.loadError { printError(errorStyle.paint(loadError)) }
    for warning in file.warnings { printError(errorStyle.paint(warning.description)) }
  }
}

/// The session options for `--device`, `--kdf` and `--show-secrets`.
func sessionOptions(_ device: Invocation.DeviceChoice) -> ScenarioSession.Options {
  ScenarioSession.Options(
    devicePath: device.devicePath, kdfProfile: device.kdf ?? .realistic,
    showsSecrets: device.showSecrets)
}
