import ScenarioLanguage
/// The results of `keychain-sim run` over every file it was given.
public struct RunReport: Sendable, Codable {
  public var files: [ScenarioFileReport]

  public init(files: [ScenarioFileReport] = []) { self.files = files }

  public var passedCount: Int { files.count { $0.status == .passed } }
  public var failedCount: Int { files.count { $0.status == .failed } }
  public var errorCount: Int { files.count { $0.status == .error } }

  /// 0 when every expectation held, 1 when any failed, 2 when a file could not be read or parsed.
  public var exitCode: Int32 {
    if errorCount > 0 { return 2 }
    return failedCount > 0 ? 1 : 0
  }

  /// `3 passed, 1 failed` (scenario files), with `, 1 error` when a file did not parse.
  public var summaryLine: String {
    var parts = ["\(passedCount) passed", "\(failedCount) failed"]
    if errorCount > 0 { parts.append("\(errorCount) \(errorCount == 1 ? "error" : "errors")") }
    let noun = files.count == 1 ? "scenario file" : "scenario files"
    return parts.joined(separator: ", ") + " (\(files.count) \(noun))"
  }
}
