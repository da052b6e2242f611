import Keychain
import Testing

@testable import Simulation

/// The SVG timeline's stripes are the simulation's record of the phone (`PhoneRecord`); these
/// replay the same phone through the real engine (`EngineCrossCheck`, a `SimulatedDevice`) and
/// require the record to say what the engine's own state says at instants across the days: the
/// lock state and whether the class A and class C keys are available.
@Suite struct TimelineTruthTests {
  static let appSpec = """
    item a accessible=WhenUnlocked
    item c accessible=AfterFirstUnlock
    work push kind=silent-push reads=a,c per-day=12
    work widget kind=widget reads=a per-day=8
    """

  /// What the picture draws at `instant`: the last sample at or before it.
  static func drawn(_ record: PhoneRecord, at instant: Int64) -> PhoneRecord.Sample? {
    record.samples.last { $0.milliseconds <= instant }
  }

  /// Every 7 min 13 s across the days, plus instants around every drawn change (just after it,
  /// within and past class A's grace), so a short grace is looked at as well as the nights.
  static func instants(_ record: PhoneRecord) -> [Int64] {
    let end = Int64(record.days) * 86_400_000
    var instants = Set(stride(from: Int64(1_000), to: end, by: 433_000))
    for sample in record.samples {
      for offset: Int64 in [1, 5_000, 9_999, 10_001, 60_000]
      where sample.milliseconds + offset < end {
        instants.insert(sample.milliseconds + offset)
      }
    }
    return instants.sorted()
  }

  /// The record against the engine, for one phone: the disagreements, as lines.
  static func disagreements(phone: Int, profile: UsageProfile, days: Int, seed: UInt64) throws
    -> (checked: Int, lines: [String], record: PhoneRecord)
  {
    let simulator = PopulationSimulator(
      spec: try spec(appSpec), profile: profile, phones: phone + 1, days: days, seed: seed,
      recordedPhone: phone)
    let record = try #require(try simulator.run().recordedPhone)
    var lines: [String] = []
    var checked = 0
    var check = EngineCrossCheck()
    try check.check(
      phone: phone, of: simulator, replay: try simulator.makeReplay().replay,
      probing: instants(record)
    ) { instant, state in
      guard let sample = drawn(record, at: instant) else {
        lines.append("\(instant) ms: nothing drawn")
        return
      }
      checked += 1
      let when = "day \(instant / 86_400_000 + 1) \(TimelineTerminalRenderer.clock(instant))"
      if sample.lock == .off {
        // Powered off: the engine's device has no such state; nothing is readable.
        if sample.classA || sample.classC { lines.append("\(when): off but a key drawn available") }
        return
      }
      let lock: PhoneRecord.LockKind =
        switch state.lock {
        case .unlocked: .unlocked
        case .locked: .locked
        case .beforeFirstUnlock: .beforeFirstUnlock
        }
      let classA = state.availability(of: .ak).isAvailable
      let classC = state.availability(of: .ck).isAvailable
      if sample.lock != lock || sample.classA != classA || sample.classC != classC {
        lines.append(
          "\(when): drawn \(sample.lock.rawValue), A \(sample.classA), C \(sample.classC); "
            + "engine \(lock.rawValue), A \(classA), C \(classC)")
      }
    }
    #expect(check.disagreements == [])
    return (checked, lines, record)
  }

  @Test(arguments: [(UInt64(1), 0), (1, 3), (7, 1), (2026, 2)])
  func theStripesSayWhatTheEngineSaysAllDay(seed: UInt64, phone: Int) throws {
    var profile = UsageProfile.typical
    profile.passcodeShare = 1
    let result = try Self.disagreements(phone: phone, profile: profile, days: 3, seed: seed)
    #expect(result.checked > 3 * 24 * 8)
    #expect(result.lines == [], "\(result.lines.prefix(5).joined(separator: "\n"))")
  }

  @Test func theFirstNightIsDrawnLockedWithClassAGone() throws {
    // The phone is locked at setup (t = 0): class A is gone 10 s later, until the first unlock.
    var profile = UsageProfile.typical
    profile.passcodeShare = 1
    let result = try Self.disagreements(phone: 0, profile: profile, days: 1, seed: 1)
    let record = result.record
    let firstUnlock = try #require(record.samples.first { $0.lock == .unlocked }).milliseconds
    #expect(firstUnlock > 3_600_000)
    #expect(Self.drawn(record, at: 5_000)?.classA == true)
    #expect(Self.drawn(record, at: 10_000)?.classA == false)
    #expect(Self.drawn(record, at: firstUnlock - 1)?.classA == false)
    #expect(Self.drawn(record, at: firstUnlock - 1)?.classC == true)
  }

  @Test func anEventfulPhoneAgreesToo() throws {
    // Reboots of every cause, power-offs, new faces, idle days and the inactivity reboot.
    var profile = EngineAgreementTests.eventfulProfile
    profile.passcodeShare = 1
    for phone in 0..<3 {
      let result = try Self.disagreements(phone: phone, profile: profile, days: 4, seed: 11)
      #expect(
        result.lines == [], "phone \(phone): \(result.lines.prefix(5).joined(separator: "\n"))")
    }
  }

  @Test func aPhoneWithoutAPasscodeHasEveryKeyAllDay() throws {
    var profile = UsageProfile.typical
    profile.passcodeShare = 0
    let result = try Self.disagreements(phone: 0, profile: profile, days: 2, seed: 5)
    #expect(result.lines == [])
    #expect(result.record.samples.allSatisfy { $0.lock == .off || ($0.classA && $0.classC) })
  }
}
