import Keychain
import Synchronization
import Testing

@testable import Simulation

/// `--jobs`: the phones run on several workers, and the report does not change by a byte.
@Suite struct ParallelRunTests {
  let appSpec = """
    item token accessible=WhenUnlocked
    item signing accessible=WhenUnlockedThisDeviceOnly access-control=biometryCurrentSet
    item cache accessible=AfterFirstUnlock
    work refresh kind=app-refresh reads=token,cache
    work push kind=silent-push reads=token,signing per-day=12
    work headlines kind=widget reads=cache access-group=no
    """

  /// Every kind of reboot and face changes, so that every tally and every reboot count has
  /// something in it.
  var eventfulProfile: UsageProfile {
    var profile = UsageProfile.typical
    profile.updateIntervalDays = 2
    profile.restartIntervalDays = 3
    profile.batteryDeathIntervalDays = 3
    profile.enrolmentChangeIntervalDays = 4
    profile.idleDayShare = 0.3
    profile.inactivityRebootHours = 30
    return profile
  }

  func simulator(jobs: Int, phonesPerBatch: Int?) throws -> PopulationSimulator {
    var simulator = PopulationSimulator(
      spec: try spec(appSpec), profile: eventfulProfile, phones: 23, days: 8, seed: 11,
      recordedPhone: 17, jobs: jobs)
    simulator.phonesPerBatch = phonesPerBatch
    return simulator
  }

  @Test(arguments: [1, 2, 5])
  func threeWorkersGiveTheReportOfOne(phonesPerBatch: Int) throws {
    // One batch of every phone is the single loop this replaced: the reference.
    let reference = try simulator(jobs: 1, phonesPerBatch: 23).run()
    let one = try simulator(jobs: 1, phonesPerBatch: phonesPerBatch).run()
    let three = try simulator(jobs: 3, phonesPerBatch: phonesPerBatch).run()
    for (jobs, report) in [(1, one), (3, three)] {
      let same = report == reference  // the whole report; the lines below say where it differs
      #expect(same, "\(jobs) workers, \(phonesPerBatch) phones a batch: another report")
      #expect(report.rows.map(\.actual) == reference.rows.map(\.actual))
      #expect(report.rows.map(\.fixed) == reference.rows.map(\.fixed))
      #expect(report.rows.map(\.actualPhones) == reference.rows.map(\.actualPhones))
      #expect(report.rows.map(\.fixedPhones) == reference.rows.map(\.fixedPhones))
      #expect(report.reboots == reference.reboots)
      #expect(report.phonesWithPasscode == reference.phonesWithPasscode)
      #expect(
        SimulationReportRenderer.render(report, specName: "s")
          == SimulationReportRenderer.render(reference, specName: "s"))
      let record = try #require(report.recordedPhone)
      let referenceRecord = try #require(reference.recordedPhone)
      #expect(TimelineSVGRenderer.render(record) == TimelineSVGRenderer.render(referenceRecord))
      #expect(
        TimelineTerminalRenderer.render(record)
          == TimelineTerminalRenderer.render(referenceRecord))
    }
    // The population did what the test needs: reads failed for several reasons, phones
    // rebooted for every cause, so a batch lost or counted twice would show.
    let token = try #require(reference.row("push", "token"))
    #expect(token.actual.failures.count >= 2)
    #expect(reference.reboots.count == PhoneTimeline.RebootCause.allCases.count)
    #expect(reference.rows.allSatisfy { $0.actual.attempts > 0 })
    // Some phones met a failure every week and some did not, so the phone counts are tested.
    #expect(reference.rows.contains { (1..<23).contains($0.actualPhones.anyEveryWeek) })
  }

  @Test func theTalliesAreThePhonesOneByOne() throws {
    // Independent of the workers' bookkeeping: each phone simulated alone, here, in order,
    // and the tallies added by hand.
    let three = try simulator(jobs: 3, phonesPerBatch: 1).run()
    let simulator = try simulator(jobs: 1, phonesPerBatch: 1)
    let replay = try simulator.makeReplay()
    var attempts = [Int](repeating: 0, count: replay.rows.count)
    for phone in 0..<simulator.phones {
      let batch = simulator.simulate(
        phone..<phone + 1, replay: replay.replay, rowCount: attempts.count)
      for row in attempts.indices { attempts[row] += batch.actual[row].attempts }
    }
    #expect(three.rows.map(\.actual.attempts) == attempts)
  }

  @Test func thePhoneCountsAreThePhonesOneByOne() throws {
    let three = try simulator(jobs: 3, phonesPerBatch: 2).run()
    let simulator = try simulator(jobs: 1, phonesPerBatch: 1)
    let replay = try simulator.makeReplay()
    var weekly = [Int](repeating: 0, count: replay.rows.count)
    for phone in 0..<simulator.phones {
      let batch = simulator.simulate(
        phone..<phone + 1, replay: replay.replay, rowCount: weekly.count)
      for row in weekly.indices { weekly[row] += batch.actualHits[row].anyEveryWeek }
    }
    #expect(three.rows.map(\.actualPhones.anyEveryWeek) == weekly)
    #expect(three.rows.allSatisfy { $0.actualPhones.phones == 23 })
  }

  @Test func progressCountsThePhonesUpOnTheCallingThread() throws {
    let calls = Mutex<[Int]>([])
    _ = try simulator(jobs: 3, phonesPerBatch: 2).run { done in
      calls.withLock { $0.append(done) }
    }
    let counts = calls.withLock { $0 }
    #expect(counts.last == 23)
    #expect(counts == counts.sorted() && Set(counts).count == counts.count)
    #expect(counts.count > 1)
  }

  @Test func refusesNoWorkers() throws {
    #expect(throws: SimulationError.noWorkers(0)) {
      try simulator(jobs: 0, phonesPerBatch: nil).run()
    }
  }

  @Test func theBatchSizeDependsOnThePopulationOnly() {
    #expect(PopulationSimulator.phonesPerBatch(phones: 1) == 1)
    #expect(PopulationSimulator.phonesPerBatch(phones: 2_000) == 10)
    #expect(PopulationSimulator.phonesPerBatch(phones: 10_000_000) == 64)
  }
}
