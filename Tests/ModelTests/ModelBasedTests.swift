import Foundation
import TestSupport
import Testing

/// Random sequences of device events and SecItem calls, checked step by step against
/// ``KeychainModel``. The normal suite plays a short run; a long one is
/// `KEYCHAIN_SIM_MODEL_RUNS=100000 swift test --filter ModelTests` (docs/testing.md).
/// A failure prints its seed and the shrunk sequence, as scenario lines.
@Suite struct ModelBasedTests {
  /// Sequences played; the environment can ask for more.
  static let runs = environmentNumber("KEYCHAIN_SIM_MODEL_RUNS") ?? 40
  /// Steps per sequence.
  static let steps = environmentNumber("KEYCHAIN_SIM_MODEL_STEPS") ?? 40
  /// Sequence i plays with seed `firstSeed + i`; set it to replay a reported seed alone.
  static let firstSeed = UInt64(environmentNumber("KEYCHAIN_SIM_MODEL_SEED") ?? 0x6B65_7973)

  /// Outcomes the short run must reach, or the generator has drifted away from the cases that
  /// matter (locked classes, akpu, duplicates, wrong passcodes, delays).
  static let mustReach = [
    "add ak → OSStatus -25308", "add akpu → OSStatus -25291",
    "add ck → OSStatus -25308", "add dk → OSStatus 0",
    "add ak → OSStatus -25299", "copy → OSStatus -25308",
    "copy → OSStatus -25300",
    "exists → OSStatus -25308", "exists → OSStatus 0", "copyAll → OSStatus -25308",
    "updateData → OSStatus -25308", "delete → OSStatus 0",
    "unlock → refused", "unlock → done", "swipe → refused", "removePasscode → done",
    "changePasscode → done", "setPasscode → refused", "passcode typed during a delay",
    "reopen → done", "rename → OSStatus -25299", "rename → OSStatus 0", "attributes → OSStatus 0",
    "attributes → OSStatus -25308",
  ]

  @Test func randomSequencesAgreeWithTheModel() throws {
    let check = ModelCheck()
    var reached: Set<String> = []
    var failed = false
    defer {
      // Coverage only means something for a run that went to the end.
      if Self.runs >= 40, !failed {
        let missed = Self.mustReach.filter { !reached.contains($0) }
        #expect(missed.isEmpty, "the random runs never reached: \(missed)")
      }
      if ProcessInfo.processInfo.environment["KEYCHAIN_SIM_MODEL_COVERAGE"] != nil {
        print(reached.sorted().joined(separator: "\n"))
      }
    }
    for run in 0..<Self.runs {
      let seed = Self.firstSeed &+ UInt64(run)
      var generator = SplitMix64(seed: seed)
      let steps = ModelStep.randomSequence(count: Self.steps, using: &generator)
      guard try check.firstMismatch(in: steps, reached: &reached) != nil else { continue }
      failed = true
      let shrunk = try check.shrink(steps)
      let mismatch = try #require(try check.firstMismatch(in: shrunk))
      let report = Self.report(seed: seed, steps: shrunk, mismatch: mismatch)
      print(report)
      Issue.record(Comment(rawValue: report))
      return
    }
  }

  /// The harness itself can fail: a model whose grace period is wrong by one second is caught
  /// on a sequence that reads a class A item nine seconds after the lock.
  @Test func aWrongModelIsCaught() throws {
    var wrong = ModelCheck()
    wrong.model.classAGracePeriod = 1_000
    let steps: [ModelStep] = [
      .setPasscode("1111"), .add(account: "a", accessibility: "ak", data: "s1"), .lock,
      .wait(milliseconds: 9_000), .copy(account: "a"),
    ]
    #expect(try ModelCheck().firstMismatch(in: steps) == nil)
    let mismatch = try #require(try wrong.firstMismatch(in: steps))
    #expect(mismatch.index == 4)
    #expect(
      mismatch.expected == .call(status: KeychainModel.interactionNotAllowed, returned: .nothing))
    #expect(mismatch.actual == .call(status: KeychainModel.success, returned: .one("s1")))
  }

  /// Shrinking keeps only the steps the failure needs: padding around the five steps above
  /// (reads and waits that change nothing the failure depends on) is removed.
  @Test func shrinkingRemovesStepsThatDoNotMatter() throws {
    var wrong = ModelCheck()
    wrong.model.classAGracePeriod = 1_000
    let padded: [ModelStep] = [
      .copy(account: "b"), .setPasscode("1111"), .copyAll,
      .add(account: "b", accessibility: "dk", data: "s0"),
      .add(account: "a", accessibility: "ak", data: "s1"), .delete(account: "b"), .lock,
      .copy(account: "c"), .wait(milliseconds: 9_000), .copy(account: "b"), .copy(account: "a"),
      .copy(account: "c"),
    ]
    let shrunk = try wrong.shrink(padded)
    #expect(
      shrunk == [
        .setPasscode("1111"), .add(account: "a", accessibility: "ak", data: "s1"), .lock,
        .wait(milliseconds: 9_000), .copy(account: "a"),
      ])
    #expect(try wrong.firstMismatch(in: shrunk) != nil)
    // Minimal: no single step can go and the sequence still fail.
    for index in shrunk.indices {
      var smaller = shrunk
      smaller.remove(at: index)
      #expect(try wrong.firstMismatch(in: smaller) == nil, "step \(index + 1) could go")
    }
  }

  static func report(seed: UInt64, steps: [ModelStep], mismatch: ModelCheck.Mismatch) -> String {
    let lines = steps.enumerated().map { "  \($0.offset + 1). \($0.element)" }
    return
      ([
        "model and engine disagree (seed \(seed), shrunk to \(steps.count) steps; replay with "
          + "KEYCHAIN_SIM_MODEL_SEED=\(seed) KEYCHAIN_SIM_MODEL_RUNS=1):"
      ]
      + lines + ["  \(mismatch)"]).joined(separator: "\n")
  }

  private static func environmentNumber(_ name: String) -> Int? {
    ProcessInfo.processInfo.environment[name].flatMap { Int($0) }
  }
}
