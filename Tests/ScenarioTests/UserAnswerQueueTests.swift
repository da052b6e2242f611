import Testing

@testable import Scenario

/// `user will <answer> N times` queues a count, not N copies, and what is left over is reported
/// on one line.
@Suite struct UserAnswerQueueTests {
  static let runner = ScenarioRunner(options: .init(kdfProfile: .fast))

  @Test(arguments: [10_000_000, Int.max])
  func aHugeCountIsQueuedAsOneEntry(_ times: Int) {
    let report = Self.runner.run(source: "user will fail \(times) times", name: "t.scenario")
    #expect(report.failures.isEmpty)
    #expect(
      report.warnings == [
        .unusedAnswers(file: "t.scenario", line: 1, total: times, entries: ["fail \(times) times"])
      ])
    // Rendering: one line, whatever the count.
    #expect(report.warnings.first?.description.contains("\n") == false)
  }

  @Test func answersAreConsumedInOrderAcrossCounts() {
    let agent = ScriptedUserAgent()
    agent.enqueue(.fail, times: 2)
    agent.enqueue(.cancel, times: 1)
    agent.enqueue(.fail, times: 0)
    #expect(agent.unusedCount == 3)
    #expect(agent.queue.map(\.remaining) == [2, 1])
  }

  @Test func equalAnswersQueuedInARowSaturateInsteadOfOverflowing() {
    let agent = ScriptedUserAgent()
    agent.enqueue(.match, times: Int.max)
    agent.enqueue(.match, times: 5)
    #expect(agent.queue.count == 1)
    #expect(agent.unusedCount == Int.max)
  }

  @Test func leftoverAnswersOfSeveralStatementsAreOneLine() {
    let source = """
      user will match
      user will cancel 3 times
      user will enter 1234
      """
    let report = Self.runner.run(source: source, name: "t.scenario")
    #expect(
      report.warnings == [
        .unusedAnswers(
          file: "t.scenario", line: 1, total: 5, entries: ["match", "cancel 3 times", "enter ••••"])
      ])
    // Rendering test of record for the several-answers wording.
    #expect(
      report.warnings.map(\.description) == [
        "t.scenario:1: warning: 5 scripted answers were never used: `user will match`, "
          + "`user will cancel 3 times`, `user will enter ••••`"
      ])
  }

  @Test func oneLeftoverAnswerKeepsItsWording() {  // a rendering test
    let report = Self.runner.run(source: "user will cancel", name: "t.scenario")
    #expect(
      report.warnings.map(\.description) == [
        "t.scenario:1: warning: scripted answer `user will cancel` was never used"
      ])
  }
}
