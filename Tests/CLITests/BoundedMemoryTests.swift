import Foundation
import Testing

/// Peak memory of `keychain-sim run` on an input the parser refuses does not grow with the
/// input (issue 28 §3): the parser cuts the source a line at a time and applies its limits
/// (a line 64 KiB, a statement 1 MiB, brackets 64 deep) before lexing the rest. Each input is
/// played at 1× and 5× its size under a 1 GiB address-space limit, and its peak resident size
/// (`/usr/bin/time -f %M`) may grow by no more than three times the extra bytes (the file is
/// read whole: its bytes, then its text). Before, 300 KB of `[` peaked at 268 MB and 3 MB at 2 GB; a 10 MB
/// unterminated string at 856 MB, a 50 MB comment line at 1.3 GB. The fuzzer cannot find this
/// (its inputs stop at 4 096 bytes).
@Suite(.serialized) struct BoundedMemoryTests {
  struct Input: CustomTestStringConvertible, Sendable {
    let name: String
    /// The size of the smaller run, in bytes; the larger is five times this.
    let size: Int
    let make: @Sendable (Int) -> String
    /// What the error says, and where.
    let message: String
    let location: String

    var testDescription: String { name }
  }

  static let inputs: [Input] = [
    Input(
      name: "brackets on one line", size: 2_000_000,
      make: { String(repeating: "[", count: $0) },
      message: "this line is longer than 64 KiB", location: ":1:65537:"),
    Input(
      name: "brackets one a line", size: 200_000,
      make: { "let a = " + String(repeating: "[\n", count: $0 / 2) },
      message: "brackets and parentheses nest more than 64 deep", location: ":65:1:"),
    Input(
      name: "an unterminated string", size: 2_000_000,
      make: { "say \"" + String(repeating: "a", count: $0) },
      message: "this line is longer than 64 KiB", location: ":1:65537:"),
    Input(
      name: "a comment line", size: 2_000_000,
      make: { "say \"x\"\n# " + String(repeating: "c", count: $0) + "\nsay \"y\"\n" },
      message: "this line is longer than 64 KiB", location: ":2:65537:"),
    Input(
      name: "a long statement", size: 2_000_000,
      make: { size in
        let entry = "  \"k\": \"" + String(repeating: "v", count: 100) + "\",\n"
        return "let big = [\n" + String(repeating: entry, count: size / entry.utf8.count) + "]"
      },
      message: "the statement begun on line 1 is longer than 1 MiB", location: ":9448:59:"),
  ]

  @Test(arguments: inputs)
  func peakMemoryDoesNotGrowWithARefusedInput(_ input: Input) throws {
    let small = try peak(input, size: input.size)
    let large = try peak(input, size: 5 * input.size)
    let allowed = 3 * 4 * input.size / 1024
    #expect(
      large - small <= allowed,
      "\(input.name): \(small) KB at \(input.size) bytes, \(large) KB at 5×")
  }

  /// The peak resident size, in KB, of `keychain-sim run` on `input` made `size` bytes long;
  /// records an issue unless the run refuses it with the input's message.
  private func peak(_ input: Input, size: Int) throws -> Int {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("bounded-memory-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let scenario = directory.appendingPathComponent("big.scenario")
    try Data(input.make(size).utf8).write(to: scenario)
    let measurement = directory.appendingPathComponent("peak")
    let result = try ExecutableRunner.run(
      [
        "-f", "%M", "-o", measurement.path, "/usr/bin/prlimit", "--as=\(1 << 30)", "--",
        ExecutableRunner.executable.path, "run", "--kdf", "fast", scenario.path,
      ], executable: URL(fileURLWithPath: "/usr/bin/time"))
    #expect(result.status == 2, "\(input.name) at \(size) bytes: \(result.stderr.prefix(500))")
    #expect(result.stderr.contains(input.message), "\(result.stderr.prefix(500))")
    #expect(result.stderr.contains("big.scenario" + input.location), "\(result.stderr.prefix(500))")
    // `time -o` writes the peak on the file's last line (a killed child adds a line before it).
    let written = try String(contentsOf: measurement, encoding: .utf8)
    let last = written.split(separator: "\n").last.map(String.init) ?? ""
    return try #require(Int(last), "no peak in \(written)")
  }
}
