import Keychain

/// Simulates a population of phones over days and tallies how the app's background reads fare:
/// the engine behind `keychain-sim simulate`.
///
/// Each phone gets its own random stream derived from the seed and its index, so a run is
/// reproducible, phone 0 (the one drawn with `--svg`) is the same phone at any population
/// size, and phones can be simulated on several cores at once (``jobs``) with the same report.
public struct PopulationSimulator: Sendable {
  public var spec: AppSpec
  public var profile: UsageProfile
  public var phones: Int
  public var days: Int
  public var seed: UInt64
  /// The phone whose days are recorded for the timeline pictures, if any.
  public var recordedPhone: Int?
  /// How many phones are simulated at once, each on its own thread (`--jobs`); the report
  /// does not depend on it.
  public var jobs: Int
  /// The phones per batch handed to a worker; `nil` for ``phonesPerBatch(phones:)``. Tests
  /// set it to cut a small population into many batches.
  var phonesPerBatch: Int?

  public init(
    spec: AppSpec, profile: UsageProfile, phones: Int, days: Int, seed: UInt64,
    recordedPhone: Int? = nil, jobs: Int = 1
  ) {
    self.spec = spec
    self.profile = profile
    self.phones = phones
    self.days = days
    self.seed = seed
    self.recordedPhone = recordedPhone
    self.jobs = jobs
  }

  /// The replay of this spec and profile, and the report's rows (one per work and item read).
  func makeReplay() throws(SimulationError) -> (replay: PhoneReplay, rows: [SimulationReport.Row]) {
    let fixed = spec.fixed
    var rows: [SimulationReport.Row] = []
    var reads: [[(row: Int, item: AppSpec.Item, fixedItem: AppSpec.Item)]] = []
    for (workIndex, work) in spec.work.enumerated() {
      var workReads: [(row: Int, item: AppSpec.Item, fixedItem: AppSpec.Item)] = []
      for name in work.reads {
        guard let item = spec.item(named: name), let fixedItem = fixed.item(named: name) else {
          throw .undeclaredItem(name, work: work.name)
        }
        workReads.append((rows.count, item, fixedItem))
        rows.append(
          .init(work: work, fixedWork: fixed.work[workIndex], item: item, fixedItem: fixedItem))
      }
      reads.append(workReads)
    }
    let replay = PhoneReplay(spec: spec, fixed: fixed, profile: profile, reads: reads)
    return (replay, rows)
  }

  /// The first phone with a passcode (where locks matter), the one `--svg` draws by default;
  /// 0 if no phone has one.
  public func firstPhoneWithPasscode() -> Int {
    for phone in 0..<phones {
      var random = SeededGenerator.forPhone(phone, seed: seed)
      if PhoneTimeline.drawSecurity(profile: profile, random: &random).passcode { return phone }
    }
    return 0
  }

  /// Runs the simulation on ``jobs`` workers, calling `progress` with the number of phones
  /// done so far.
  ///
  /// The phones are cut into batches of consecutive phones whose size depends only on the
  /// population, never on the number of workers; the workers take batches in phone order and
  /// the batches' tallies are added up in phone order too, whichever finishes first, so the
  /// report is the same, byte for byte, with 1 worker or 64. `progress` is called on the
  /// calling thread, one call at a time, with a count that only grows (and ends at `phones`
  /// when the run succeeds); the workers never call it.
  ///
  /// - Throws: ``SimulationError`` for a spec whose work reads an undeclared item, a
  ///   population, length or number of workers that is not positive, or an impossible device
  ///   transition (the lowest-numbered phone that met one, whatever the number of workers).
  public func run(progress: (Int) -> Void = { _ in }) throws(SimulationError) -> SimulationReport {
    guard phones > 0, days > 0 else { throw .emptyPopulation(phones: phones, days: days) }
    guard jobs > 0 else { throw .noWorkers(jobs) }
    if let recordedPhone, !(0..<phones).contains(recordedPhone) {
      throw .noSuchPhone(recordedPhone, phones: phones)
    }
    let made = try makeReplay()
    var rows = made.rows
    let batches = PhoneBatches(
      simulator: self, replay: made.replay, rowCount: rows.count,
      phonesPerBatch: phonesPerBatch ?? Self.phonesPerBatch(phones: phones))
    let total = try batches.run(workers: jobs, progress: progress)
    for index in rows.indices {
      rows[index].actual = total.actual[index]
      rows[index].fixed = total.fixed[index]
      rows[index].actualPhones = total.actualHits[index]
      rows[index].fixedPhones = total.fixedHits[index]
    }
    return SimulationReport(
      phones: phones, days: days, seed: seed, profileName: profile.name,
      users: spec.users, phonesWithPasscode: total.passcodePhones,
      reboots: Dictionary(uniqueKeysWithValues: total.reboots.map { ($0.key.rawValue, $0.value) }),
      rows: rows, recordedPhone: total.recorded)
  }

  /// The batch size for a population: about 200 batches (enough to keep every core busy to the
  /// end, few enough that handing them out and adding them up costs nothing), from 1 to 64
  /// phones each. A function of the population alone, so that it cannot change the report.
  static func phonesPerBatch(phones: Int) -> Int {
    min(64, max(1, phones / 200))
  }

  /// Simulates phones `range` one after the other, in order, into one batch's tallies; stops
  /// at the first phone whose timeline asks for an impossible transition.
  func simulate(_ range: Range<Int>, replay: PhoneReplay, rowCount: Int) -> PhoneBatch {
    var batch = PhoneBatch(rowCount: rowCount)
    for phone in range {
      var random = SeededGenerator.forPhone(phone, seed: seed)
      let timeline = PhoneTimeline.generate(
        profile: profile, work: spec.work, days: days, random: &random)
      if timeline.hasPasscode { batch.passcodePhones += 1 }
      var record: PhoneRecord? =
        phone == recordedPhone
        ? PhoneRecord(phoneIndex: phone, days: days, hasPasscode: timeline.hasPasscode) : nil
      var hits: PhoneHitRecorder? = PhoneHitRecorder(rowCount: rowCount, days: days)
      do {
        try replay.run(
          timeline, actual: &batch.actual, fixedTallies: &batch.fixed, reboots: &batch.reboots,
          hits: &hits, record: &record)
      } catch {
        batch.failure = .impossibleTransition(phone: phone, error)
        return batch
      }
      hits?.fold(actual: &batch.actualHits, fixed: &batch.fixedHits)
      if record != nil { batch.recorded = record }
    }
    return batch
  }
}

/// A simulation that cannot run, with what to change.
public enum SimulationError: Error, Equatable, CustomStringConvertible {
  case emptyPopulation(phones: Int, days: Int)
  case noWorkers(Int)
  case noSuchPhone(Int, phones: Int)
  case undeclaredItem(String, work: String)
  case impossibleTransition(phone: Int, DeviceError)
  /// The real engine could not be set up or driven for `--check-engine`.
  case engine(String)

  public var description: String {
    switch self {
    case .emptyPopulation(let phones, let days):
      "need at least one phone and one day, got \(phones) phones and \(days) days"
    case .noWorkers(let jobs):
      "need at least one worker (jobs), got \(jobs)"
    case .noSuchPhone(let phone, let phones):
      "phone \(phone) is not in the population (0 to \(phones - 1))"
    case .undeclaredItem(let item, let work):
      "work '\(work)' reads '\(item)', which the spec does not declare"
    case .impossibleTransition(let phone, let error):
      "phone \(phone): the timeline asked for an impossible device transition (\(error)); "
        + "this is a defect in keychain-sim, please report it"
    case .engine(let message):
      "checking against the engine: \(message)"
    }
  }
}
