import Keychain
import Testing

@testable import Simulation

@Suite struct PopulationSimulatorTests {
  let twoItems = """
    item token accessible=WhenUnlocked
    item cache accessible=AfterFirstUnlock
    work refresh kind=app-refresh reads=token,cache
    work push kind=silent-push reads=token,cache
    """

  @Test func withoutLocksWhenUnlockedNeverFails() throws {
    // No passcode: Data Protection never locks a class key (docs/fidelity.md).
    let report = try simulate(try spec(twoItems), quietProfile(passcodeShare: 0))
    let row = try #require(report.row("push", "token"))
    #expect(row.actual.attempts > 0)
    #expect(row.actual.failed == 0)
    // The same days with a passcode do fail after lock: the assertion above can fail.
    let locked = try simulate(try spec(twoItems), quietProfile(passcodeShare: 1))
    let lockedRow = try #require(locked.row("push", "token"))
    #expect(lockedRow.actual.failures[.afterLock, default: 0] > 0)
  }

  @Test func afterFirstUnlockFailsOnlyBeforeFirstUnlock() throws {
    var profile = quietProfile()
    profile.updateIntervalDays = 3
    profile.restartIntervalDays = 4
    let report = try simulate(try spec(twoItems), profile, phones: 20, days: 10)
    for work in ["refresh", "push"] {
      let row = try #require(report.row(work, "cache"))
      #expect(Set(row.actual.failures.keys).isSubset(of: [.beforeFirstUnlock]))
    }
    let push = try #require(report.row("push", "cache"))
    #expect(push.actual.failures[.beforeFirstUnlock, default: 0] > 0)
  }

  @Test func fixedConfigurationIsComputedOnTheSameDays() throws {
    var profile = quietProfile()
    profile.updateIntervalDays = 5
    let report = try simulate(try spec(twoItems), profile)
    let token = try #require(report.row("push", "token"))
    let cache = try #require(report.row("push", "cache"))
    #expect(token.fixedItem.protection == .ck)
    // The token's fixed configuration is exactly what the AfterFirstUnlock item met.
    #expect(token.fixed == cache.actual)
    #expect(token.actual.failed > token.fixed.failed)
    let text = SimulationReportRenderer.render(report, specName: "test.spec")
    let share = SimulationReportRenderer.percent(token.fixed.failureShare)
    #expect(text.contains("with AfterFirstUnlock: \(share) fail, all before first unlock"))
  }

  @Test func extensionWithoutTheAccessGroupAlwaysFailsWithMissingEntitlement() throws {
    let appSpec = try spec(
      """
      item token accessible=AfterFirstUnlock
      work widget kind=widget reads=token access-group=no
      """)
    let report = try simulate(appSpec, quietProfile())
    let row = try #require(report.row("widget", "token"))
    #expect(row.actual.attempts > 0)
    #expect(row.actual.failures == [.missingEntitlement: row.actual.attempts])
    #expect(row.fixed.failed == 0)
    #expect(FailureReason.missingEntitlement.status.rawValue == -34018)
  }

  @Test func promptedItemsFailInTheBackgroundAndAfterANewFace() throws {
    let appSpec = try spec(
      """
      item key accessible=AfterFirstUnlockThisDeviceOnly access-control=biometryCurrentSet
      work push kind=silent-push reads=key per-day=24
      """)
    var profile = quietProfile()
    profile.biometryShare = 1
    profile.enrolmentChangeIntervalDays = 3
    let report = try simulate(appSpec, profile)
    let row = try #require(report.row("push", "key"))
    #expect(row.actual.failed == row.actual.attempts)
    #expect(row.actual.failures[.promptInBackground, default: 0] > 0)
    #expect(row.actual.failures[.biometrySetChanged, default: 0] > 0)
    #expect(row.fixed.failed == 0)
  }

  @Test func inactivityRebootPutsUnusedPhonesBeforeFirstUnlock() throws {
    let appSpec = try spec(
      """
      item cache accessible=AfterFirstUnlock
      work push kind=silent-push reads=cache per-day=24
      """)
    var profile = quietProfile()
    profile.idleDayShare = 1
    let without = try simulate(appSpec, profile, phones: 5, days: 6)
    #expect(without.row("push", "cache")?.actual.failed == 0)
    profile.inactivityRebootHours = 72
    let with = try simulate(appSpec, profile, phones: 5, days: 6, recordedPhone: 0)
    #expect(with.reboots["72 h inactivity reboot"] == 5)
    let row = try #require(with.row("push", "cache"))
    #expect(row.actual.failures.keys.sorted() == [.beforeFirstUnlock])
    // Never unlocked since midnight of day 1: the reboot comes at hour 72, and from then on
    // every read fails, none before.
    let attempts = try #require(with.recordedPhone).attempts
    let rebootTime: Int64 = 72 * 3_600_000
    #expect(attempts.contains { $0.milliseconds < rebootTime })
    #expect(attempts.contains { $0.milliseconds > rebootTime })
    for attempt in attempts {
      #expect((attempt.failure != nil) == (attempt.milliseconds >= rebootTime))
    }
  }

  @Test func theSameSeedGivesTheSameReportAndAnotherSeedAnother() throws {
    let appSpec = try spec(twoItems)
    let first = try simulate(appSpec, .typical, seed: 42, recordedPhone: 3)
    let second = try simulate(appSpec, .typical, seed: 42, recordedPhone: 3)
    #expect(first == second)
    let text = SimulationReportRenderer.render(first, specName: "s")
    #expect(text == SimulationReportRenderer.render(second, specName: "s"))
    let record = try #require(first.recordedPhone)
    #expect(TimelineSVGRenderer.render(record) == TimelineSVGRenderer.render(second.recordedPhone!))
    let other = try simulate(appSpec, .typical, seed: 43, recordedPhone: 3)
    #expect(other != first)
  }

  @Test func aPhoneIsTheSameWhateverThePopulationSize() throws {
    let appSpec = try spec(twoItems)
    let small = try simulate(appSpec, .typical, phones: 3, days: 3, recordedPhone: 2)
    let large = try simulate(appSpec, .typical, phones: 9, days: 3, recordedPhone: 2)
    #expect(small.recordedPhone == large.recordedPhone)
  }

  @Test func refusesAnEmptyPopulationAndAPhoneOutsideIt() throws {
    let appSpec = try spec(twoItems)
    #expect(throws: SimulationError.emptyPopulation(phones: 0, days: 3)) {
      try PopulationSimulator(spec: appSpec, profile: .typical, phones: 0, days: 3, seed: 1).run()
    }
    #expect(throws: SimulationError.noSuchPhone(9, phones: 2)) {
      try PopulationSimulator(
        spec: appSpec, profile: .typical, phones: 2, days: 3, seed: 1, recordedPhone: 9
      ).run()
    }
    let broken = AppSpec(
      items: [], work: [.init(name: "w", kind: .widget, reads: ["ghost"])])
    #expect(throws: SimulationError.undeclaredItem("ghost", work: "w")) {
      try PopulationSimulator(spec: broken, profile: .typical, phones: 1, days: 1, seed: 1).run()
    }
  }

  @Test func worstMomentsAreTheHoursWithTheHighestFailureShare() {
    var tally = AttemptTally()
    for _ in 0..<4 { tally.record(nil, hour: 12) }
    tally.record(.afterLock, hour: 12)
    tally.record(.afterLock, hour: 3)
    tally.record(nil, hour: 3)
    tally.record(.afterLock, hour: 4)
    let worst = tally.worstHours(3)
    #expect(worst.map(\.hour) == [4, 3, 12])
    #expect(worst.map(\.share) == [1, 0.5, 0.2])
  }
}
