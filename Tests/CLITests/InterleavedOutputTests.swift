import Foundation
import Testing

/// `keychain-sim run ... 2>&1`: standard output and standard error into one pipe, as a CI log
/// has them. Standard output is buffered and its buffer is written out in 4 KiB blocks, which
/// need not end at a line or even a character; a warning written to standard error between two
/// such blocks used to land inside a line, or inside a multi-byte character (`→`, `✓`, `⚠`).
@Suite struct InterleavedOutputTests {
  /// A file of `rounds` rounds, each an add that shows a pitfall (an access group without the
  /// team prefix, so a warning on stderr) and lines dense with multi-byte characters.
  static func scenario(rounds: Int) -> String {
    var lines = ["let item = [kSecClass: kSecClassGenericPassword, kSecAttrService: \"s\"]"]
    for round in 0..<rounds {
      lines += [
        "say \"round \(round): \(String(repeating: "→✓⚠ «déjà vu» 鍵🔑 ", count: 6))\"",
        "SecItemAdd item + [kSecAttrAccount: \"a\(round)\", kSecValueData: \"v\"]",
        "expect errSecSuccess",
        "SecItemAdd item + [kSecAttrAccount: \"g\(round)\", kSecAttrAccessGroup: \"com.example.shared\"]",
        "expect errSecMissingEntitlement",
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  @Test func bothStreamsInOnePipeAreValidUTF8InWholeLines() throws {
    let folder = try ScenarioFolder()
    // Files of different lengths, so the 4 KiB block edges fall at many places in them.
    for index in 0..<8 {
      try folder.write("f\(index).scenario", Self.scenario(rounds: 3 + index * 5))
    }
    let arguments = ["run", "--kdf", "fast", folder.url.path]
    let apart = try ExecutableRunner.run(arguments)
    #expect(apart.status == 0, "\(apart.stdout)")
    let stdoutLines = apart.stdout.split(separator: "\n", omittingEmptySubsequences: false)
    let stderrLines = apart.stderr.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(apart.stdout.utf8.count > 5 * 4096)  // several block edges
    #expect(stderrLines.filter { $0.contains(": warning: pitfall:") }.count >= 8 * 3)

    let (status, bytes) = try ExecutableRunner.runCombined(arguments)
    #expect(status == 0)
    let decoded = String(data: bytes, encoding: .utf8)
    let text = try #require(decoded, "the output of `2>&1` is not valid UTF-8")
    #expect(!text.contains("\u{FFFD}"))
    // Every line is a whole line of one of the two streams, each stream's in its order.
    var out = stdoutLines.dropLast()[...]  // both end with a newline: drop the empty tail
    var err = stderrLines.dropLast()[...]
    let combined = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    for (number, line) in combined.enumerated() {
      if line == out.first {
        out = out.dropFirst()
      } else if line == err.first {
        err = err.dropFirst()
      } else {
        Issue.record("line \(number + 1) is not a whole line of either stream: \(line)")
        return
      }
    }
    #expect(out.isEmpty && err.isEmpty, "\(out.count) stdout and \(err.count) stderr lines missing")
  }
}
