import Foundation

/// Runs the built `keychain-sim` executable, as a user or a CI job would.
struct ExecutableRunner {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  /// The executable next to the test bundle (both are products of the same build).
  static let executable: URL = {
    let bundleDirectory = Bundle.main.bundleURL.deletingLastPathComponent()
    let candidates = [
      bundleDirectory.appendingPathComponent("keychain-sim"),
      Bundle.main.bundleURL.appendingPathComponent("keychain-sim"),
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/keychain-sim"),
    ]
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[0]
  }()

  /// A process for `executable` with `arguments`, in `directory`, with no history file (a
  /// test never writes the user's).
  static func makeProcess(_ arguments: [String], executable: URL, in directory: String?)
    -> Process
  {
    let process = Process()
    process.executableURL = executable
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["KEYCHAIN_SIM_HISTORY"] = ""
    process.environment = environment
    return process
  }

  /// Runs `executable` (by default keychain-sim; a wrapper such as setpriv that then runs it)
  /// with `arguments`, in `directory` (by default the test's own working directory).
  static func run(
    _ arguments: [String], stdin: String? = nil, executable: URL = Self.executable,
    in directory: String? = nil
  ) throws -> Result {
    let process = makeProcess(arguments, executable: executable, in: directory)
    let output = Pipe()
    let errors = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardError = errors
    process.standardInput = input
    Self.ignoreBrokenPipes
    try process.run()
    if let stdin { try Self.write(Array(stdin.utf8), to: input.fileHandleForWriting) }
    try input.fileHandleForWriting.close()
    let out = output.fileHandleForReading.readDataToEndOfFile()
    let err = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
      stderr: String(decoding: err, as: UTF8.self))
  }
}

extension ExecutableRunner {
  /// A child that exits before reading all of its input (an argument error, a `quit`, a
  /// command that reads none) leaves the pipe with no reader. Writing to it then raises
  /// SIGPIPE, whose default action kills the whole test process, every other test's result
  /// with it: a run died so once, at random, depending on whether the child had gone yet.
  /// Ignored, the write fails with EPIPE instead (``write(_:to:)``).
  static let ignoreBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

  /// Writes `bytes` to the child's input. A child that has stopped reading (EPIPE) ends the
  /// write without an error: what it did is in its status and output, which the test asserts.
  static func write(_ bytes: [UInt8], to handle: FileHandle) throws {
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes {
        Foundation.write(handle.fileDescriptor, $0.baseAddress, $0.count)
      }
      if written >= 0 {
        offset += written
        continue
      }
      if errno == EINTR { continue }
      if errno == EPIPE { return }
      throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
    }
  }

  /// Runs keychain-sim so that file permissions hold even as root (CI runs as root): there it
  /// runs under setpriv without the capabilities that let root read and write any file.
  static func runHonouringPermissions(_ arguments: [String]) throws -> Result {
    guard getuid() == 0 else { return try run(arguments) }
    return try run(
      ["--bounding-set=-dac_override,-dac_read_search", "--", executable.path] + arguments,
      executable: URL(fileURLWithPath: "/usr/bin/setpriv"))
  }

  /// Runs keychain-sim with standard output and standard error into one pipe, as
  /// `keychain-sim run ... 2>&1 | tee log` does in CI, and returns the bytes as they arrived.
  static func runCombined(_ arguments: [String]) throws -> (status: Int32, output: Data) {
    let process = makeProcess(arguments, executable: executable, in: nil)
    let both = Pipe()
    process.standardOutput = both
    process.standardError = both
    process.standardInput = FileHandle.nullDevice
    try process.run()
    // The parent's copy of the write end must go, or reading never sees the end of the file.
    try both.fileHandleForWriting.close()
    let output = both.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }
}

/// A temporary folder of scenario files, removed when the test is done with it.
final class ScenarioFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("keychain-sim-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file.path
  }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
