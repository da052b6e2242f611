import Foundation
import ScenarioLanguage

extension RunReport {
  /// The whole report as JUnit XML, as ``JUnitRunWriter`` writes it while a run plays.
  public func junitXML(suiteName: String = "keychain-sim", timestamp: Date = Date()) -> String {
    let writer = JUnitRunWriter(cases: MemorySpool(), caseOutput: MemorySpool())
    replay(into: writer)
    var xml = ""
    writer.finish(suiteName: suiteName, timestamp: timestamp) { xml += $0 }
    return xml
  }

  /// Hands every file's transcript, steps and verdict to `output`, as the run did.
  func replay(into output: some ScenarioRunOutput) {
    for file in files {
      output.fileStarted(file.path)
      if !file.transcript.isEmpty { output.transcript(file.transcript) }
      for step in file.steps { output.step(step) }
      output.fileFinished(file)
    }
  }

  static func failureElement(_ file: ScenarioFileReport) -> String? {
    JUnitRunWriter.failureElement(file)
  }
}
