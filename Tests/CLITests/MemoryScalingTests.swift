import Foundation
import Testing

/// A long scenario does not hold its transcript, its JSON or its JUnit report until it ends
/// (issue 28, part 3; docs/cli.md, "Memory"): the peak memory of the real executable playing
/// 4N statements stays near that of N. The fuzzer's inputs are too small to see this.
///
/// The statement is `help device`: twelve bytes of source, two kilobytes of transcript, and
/// cheap to play, so the output dominates what could grow. Held whole, 4N of them peaked at
/// about twice N (2 000 → 8 000 statements: 47 → 101 MB for the text, 59 → 137 MB with JUnit);
/// streamed, 29 → 32 and 34 → 37 MB. The file is parsed twice, the second time statement by
/// statement as it plays, so the parsed file does not grow with it either (add, read and
/// delete cycles: 2 000 → 8 000 of them peaked at 38 → 55 MB parsed at once, 33 → 35 MB
/// streamed). Each run's peak is its own (python3's `RUSAGE_CHILDREN` for its one child), so
/// tests running beside it do not count.
@Suite struct MemoryScalingTests {
  static let statements = 1_500

  /// Runs `keychain-sim arguments` from python3 (as the terminal tests do), its output thrown
  /// away, and returns its exit status and peak resident memory in kilobytes.
  ///
  /// Why python3 between: a child spawned straight from this test process shares the
  /// process's memory until it executes (`posix_spawn` uses vfork), and Linux keeps that
  /// memory's high-water mark in the child's `ru_maxrss`, so every run would read at least as
  /// much as the test process holds. python3 holds some 10 MB, the same for every run.
  static func peakKilobytes(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
    let script = """
      import resource, subprocess, sys
      run = subprocess.run(sys.argv[1:], stdin=subprocess.DEVNULL,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
      print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
      """
    let result = try ExecutableRunner.run(
      ["python3", "-c", script, ExecutableRunner.executable.path] + arguments,
      executable: URL(fileURLWithPath: "/usr/bin/env"))
    let fields = result.stdout.split(separator: " ").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    guard result.status == 0, fields.count == 2, let status = Int32(fields[0]),
      let kilobytes = Int(fields[1])
    else {
      throw MeasurementError(output: result.stdout + result.stderr)
    }
    return (status, kilobytes)  // Linux counts ru_maxrss in kilobytes
  }

  struct MeasurementError: Error {
    let output: String
  }

  @Test(arguments: [["--format", "text"], ["--format", "json"], ["--quiet", "--junit"]])
  func peakMemoryIsFlatInTheFilesLength(_ mode: [String]) throws {
    let folder = try ScenarioFolder()
    let short = try folder.write(
      "short.scenario", String(repeating: "help device\n", count: Self.statements))
    let long = try folder.write(
      "long.scenario", String(repeating: "help device\n", count: 4 * Self.statements))
    func peak(_ file: String) throws -> Int {
      var arguments = ["run", "--kdf", "fast"] + mode
      if mode.last == "--junit" { arguments.append(folder.path("\(UUID()).xml")) }
      let run = try Self.peakKilobytes(arguments + [file])
      #expect(run.status == 0, "\(arguments) \(file)")
      return run.kilobytes
    }
    let (once, fourTimes) = (try peak(short), try peak(long))
    let ratio = Double(fourTimes) / Double(once)
    #expect(
      ratio < 1.4,
      "\(mode): \(Self.statements) statements peaked at \(once) KB, \(4 * Self.statements) at \(fourTimes) KB (×\(ratio))"
    )
  }

  /// The parsed file does not grow with it: keychain calls that leave nothing behind (add,
  /// read, delete the same item), 4N statements against N.
  @Test func keychainCallsDoNotGrowWithTheFile() throws {
    let folder = try ScenarioFolder()
    func cycles(_ count: Int) -> String {
      (0..<count).map { index in
        """
        SecItemAdd [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a\(index)", kSecValueData: "v"]
        SecItemCopyMatching [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a\(index)", kSecReturnData: true]
        SecItemDelete [kSecClass: kSecClassGenericPassword, kSecAttrAccount: "a\(index)"]

        """
      }.joined()
    }
    let short = try folder.write("short.scenario", cycles(Self.statements / 3))
    let long = try folder.write("long.scenario", cycles(4 * Self.statements / 3))
    let once = try Self.peakKilobytes(["run", "--kdf", "fast", short])
    let fourTimes = try Self.peakKilobytes(["run", "--kdf", "fast", long])
    #expect(once.status == 0 && fourTimes.status == 0)
    // Parsed at once, each statement held about 1 KB until the file ended: 4 500 more of them
    // peaked some 4 MB higher. Streamed, the difference is noise.
    let growth = fourTimes.kilobytes - once.kilobytes
    #expect(
      growth < 2_000,
      "\(Self.statements) keychain calls peaked at \(once.kilobytes) KB, \(4 * Self.statements) at \(fourTimes.kilobytes) KB (+\(growth) KB)"
    )
  }
}
