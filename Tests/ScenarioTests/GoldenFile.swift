import Foundation
import Testing

/// Golden files next to this test target: `Golden/<name>.<ext>` with `<name>.expected`.
///
/// `RECORD_GOLDEN=1 swift test` rewrites the `.expected` files from the actual output and still
/// fails, so a re-recording is always looked at before it is committed.
enum GoldenFile {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  static let isRecording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] == "1"

  /// The names (without extension) of every golden input with this extension, sorted.
  static func names(withExtension ext: String) -> [String] {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix("." + ext) }.map { String($0.dropLast(ext.count + 1)) }
      .sorted()
  }

  static func input(_ name: String, ext: String) throws -> String {
    try String(contentsOf: folder.appendingPathComponent("\(name).\(ext)"), encoding: .utf8)
  }

  /// Compares `actual` with `<name>.expected`, showing the first differing line.
  static func assertMatches(
    _ actual: String, name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = folder.appendingPathComponent("\(name).expected")
    if isRecording {
      try? actual.write(to: url, atomically: true, encoding: .utf8)
      Issue.record(
        "recorded \(name).expected; rerun without RECORD_GOLDEN", sourceLocation: sourceLocation)
      return
    }
    guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
      Issue.record(
        "missing \(name).expected; record it with RECORD_GOLDEN=1", sourceLocation: sourceLocation)
      return
    }
    guard actual != expected else { return }
    let actualLines = actual.components(separatedBy: "\n")
    let expectedLines = expected.components(separatedBy: "\n")
    let index =
      zip(actualLines, expectedLines).enumerated().first { $0.element.0 != $0.element.1 }?
      .offset ?? min(actualLines.count, expectedLines.count)
    let want = index < expectedLines.count ? expectedLines[index] : "<end of file>"
    let got = index < actualLines.count ? actualLines[index] : "<end of output>"
    Issue.record(
      "\(name): transcript differs at line \(index + 1)\n  expected: \(want)\n  actual:   \(got)",
      sourceLocation: sourceLocation)
  }
}
