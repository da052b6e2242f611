import Foundation
import ScenarioLanguage

extension RunReport {
  /// The report for `--format json`: a summary and, per file, its status, failures, warnings,
  /// load error, one record per statement (``StepRecord``) and the transcript. Keys are sorted
  /// so the output is stable.
  public func jsonText() -> String {
    let document = JSONDocument(
      summary: .init(
        passed: passedCount, failed: failedCount, errors: errorCount, exitCode: exitCode),
      files: files.map { file in
        JSONDocument.File(
          path: file.path, status: file.status.rawValue, failures: file.failures,
          warnings: file.warnings.map(\.description), error: file.loadError, steps: file.steps,
          transcript: file.transcript)
      })
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    // Encoding plain strings and integers cannot fail; an empty object is the safe fallback.
    guard let data = try? encoder.encode(document) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }
}

private struct JSONDocument: Encodable {
  struct Summary: Encodable {
    let passed: Int
    let failed: Int
    let errors: Int
    let exitCode: Int32
  }

  struct File: Encodable {
    let path: String
    let status: String
    let failures: [ScenarioFailure]
    let warnings: [String]
    let error: String?
    let steps: [StepRecord]
    let transcript: String
  }

  let summary: Summary
  let files: [File]
}
