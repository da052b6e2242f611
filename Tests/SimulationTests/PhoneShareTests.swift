import Keychain
import Testing

@testable import Simulation

/// The report's "how many of my users, how often": phones that met a failure every week or
/// month, their 95 % Wilson intervals and the users they stand for, against numbers worked out
/// by hand.
@Suite struct PhoneShareTests {
  // Wilson's interval, z = 1.959964, computed by hand (and with a calculator):
  // 4 of 10: centre (0.4 + z²/20) / (1 + z²/10) = 0.427752, half 0.259572.
  @Test(arguments: [
    (4, 10, 0.168180, 0.687326),
    (0, 10, 0.0, 0.277533),
    (10, 10, 0.722467, 1.0),
    (3, 7, 0.158220, 0.749542),
  ])
  func wilsonIntervals(count: Int, sample: Int, lower: Double, upper: Double) {
    let interval = ShareEstimate(count: count, of: sample).interval
    #expect(abs(interval.lowerBound - lower) < 1e-6, "\(interval)")
    #expect(abs(interval.upperBound - upper) < 1e-6, "\(interval)")
  }

  @Test func phonesNeededForAPrecision() {
    // z²/(4E²) − z²: 9603.65 − 3.84 = 9599.8 for ±1 point; 2400.9 − 3.84 for ±2.
    #expect(ShareEstimate.phonesNeeded(halfInterval: 0.01) == 9600)
    #expect(ShareEstimate.phonesNeeded(halfInterval: 0.02) == 2398)
    #expect(ShareEstimate.widestHalfInterval(phones: 9600) <= 0.01)
    #expect(ShareEstimate.widestHalfInterval(phones: 9599) > 0.01)
    #expect(abs(ShareEstimate.widestHalfInterval(phones: 1000) - 0.030930) < 1e-6)
  }

  /// Four phones over 14 days (two weeks, no full month), their failures placed by hand.
  @Test func aPhoneCountsWhenItFailedInEveryFullWeek() {
    let day: Int64 = 86_400_000
    var actual = [PhoneHitTally](repeating: PhoneHitTally(), count: 1)
    var fixed = actual
    func phone(_ failures: [(FailureReason, Int64, fixed: Bool)]) {
      var recorder = PhoneHitRecorder(rowCount: 1, days: 15)
      for (reason, time, isFixed) in failures {
        recorder.record(reason, row: 0, fixed: isFixed, milliseconds: time)
      }
      recorder.fold(actual: &actual, fixed: &fixed)
    }
    phone([(.afterLock, 1 * day, false), (.afterLock, 8 * day + 5, false)])  // both weeks
    phone([(.afterLock, 1 * day, false), (.afterLock, 6 * day, false)])  // the first week only
    // Both weeks, but for a different reason in each: counts for "any", for neither reason.
    phone([(.afterLock, 2 * day, false), (.beforeFirstUnlock, 13 * day, true),
           (.beforeFirstUnlock, 9 * day, false)])
    // Day 14 is in no full week of a 15-day run.
    phone([(.afterLock, 3 * day, false), (.afterLock, 14 * day, false)])
    #expect(actual[0].phones == 4)
    #expect(actual[0].anyEveryWeek == 2)
    #expect(actual[0].everyWeek[.afterLock] == 1)
    #expect(actual[0].everyWeek[.beforeFirstUnlock] == nil)
    #expect(actual[0].anyEveryMonth == 0, "15 days hold no full month")
    #expect(fixed[0].phones == 4)
    #expect(fixed[0].anyEveryWeek == 0)
  }

  @Test func aMonthIsThirtyDays() {
    let day: Int64 = 86_400_000
    var actual = [PhoneHitTally](repeating: PhoneHitTally(), count: 2)
    var fixed = actual
    var recorder = PhoneHitRecorder(rowCount: 2, days: 61)
    recorder.record(.afterLock, row: 1, fixed: false, milliseconds: 29 * day)
    recorder.record(.afterLock, row: 1, fixed: false, milliseconds: 59 * day)
    recorder.record(.afterLock, row: 0, fixed: false, milliseconds: 30 * day)
    recorder.record(.afterLock, row: 0, fixed: false, milliseconds: 60 * day)  // no full month
    recorder.fold(actual: &actual, fixed: &fixed)
    #expect(actual[1].anyEveryMonth == 1)
    #expect(actual[1].everyMonth[.afterLock] == 1)
    #expect(actual[1].anyEveryWeek == 0)
    #expect(actual[0].anyEveryMonth == 0)
  }

  /// A WhenPasscodeSetThisDeviceOnly item on a population where half the phones have no
  /// passcode: the phones without one fail every read (-25300), the others at night (after
  /// lock). The count of each is known without the replay: the phones' passcode draws.
  @Test func aPopulationSplitByItsPasscodes() throws {
    let appSpec = try spec(
      """
      users 1000
      item pin accessible=WhenPasscodeSetThisDeviceOnly
      work push kind=silent-push reads=pin per-day=24
      """)
    let profile = quietProfile(passcodeShare: 0.5)
    let phones = 10
    var withoutPasscode = 0
    for phone in 0..<phones {
      var random = SeededGenerator.forPhone(phone, seed: 3)
      if !PhoneTimeline.drawSecurity(profile: profile, random: &random).passcode {
        withoutPasscode += 1
      }
    }
    #expect((1..<phones).contains(withoutPasscode), "the seed splits the population")
    let report = try simulate(appSpec, profile, phones: phones, days: 14, seed: 3)
    let row = try #require(report.row("push", "pin"))
    #expect(row.actualPhones.phones == phones)
    #expect(row.actualPhones.everyWeek[.noPasscode] == withoutPasscode)
    #expect(row.actualPhones.everyWeek[.afterLock] == phones - withoutPasscode)
    #expect(row.actualPhones.anyEveryWeek == phones)
    // Fixed (AfterFirstUnlockThisDeviceOnly), with no reboot in the quiet profile: no failure.
    #expect(row.fixedPhones.phones == phones)
    #expect(row.fixedPhones.anyEveryWeek == 0)

    // The words: 10 of 10 phones is 100.0 % (72.2–100.0 %), 722.5 → about 722 of 1000 users.
    let text = SimulationReportRenderer.render(report, specName: "pin.spec")
    #expect(text.contains("phones failing every week 100.0 % (72.2–100.0 %); no full month"))
    #expect(text.contains("of 1,000 users: every week about 1,000 (722–1,000)"))
    let share = SimulationReportRenderer.percent(Double(withoutPasscode) / Double(phones))
    #expect(text.contains("no passcode on the phone: every week \(share) ("))
    #expect(text.contains("phones failing every week 0.0 % (0.0–27.8 %)"))
    #expect(text.contains("10 phones give at most ±"))
  }

  @Test func aRunShorterThanAWeekSaysSo() throws {
    let appSpec = try spec("item t accessible=WhenUnlocked\nwork w kind=widget reads=t")
    let report = try simulate(appSpec, quietProfile(), phones: 2, days: 6)
    let text = SimulationReportRenderer.render(report, specName: "s")
    #expect(text.contains("a run of 6 days has no full week"))
  }

  @Test func usersAreRoundedToWhatTheSampleSays() {
    #expect(SimulationReportRenderer.significant(180_616.8, digits: 3) == 181_000)
    #expect(SimulationReportRenderer.significant(722.47, digits: 3) == 722)
    #expect(SimulationReportRenderer.significant(0.4, digits: 3) == 0)
    #expect(SimulationReportRenderer.grouped(1_250_000) == "1,250,000")
    #expect(SimulationReportRenderer.grouped(999) == "999")
    let estimate = ShareEstimate(count: 10, of: 10)
    #expect(
      SimulationReportRenderer.usersWithInterval(estimate, users: 250_000)
        == "about 250,000 (181,000–250,000)")
  }
}
