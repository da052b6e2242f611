import Keychain

/// Simulates a population of phones over days and tallies how the app's background reads fare:
/// the engine behind `keychain-sim simulate`.
///
/// Each phone gets its own random stream derived from the seed and its index, so a run is
/// reproducible and phone 0 (the one drawn with `--svg`) is the same phone at any population
/// size.
public struct PopulationSimulator {
  public var spec: AppSpec
  public var profile: UsageProfile
  public var phones: Int
  public var days: Int
  public var seed: UInt64
  /// The phone whose days are recorded for the timeline pictures, if any.
  public var recordedPhone: Int?

  public init(
    spec: AppSpec, profile: UsageProfile, phones: Int, days: Int, seed: UInt64,
    recordedPhone: Int? = nil
  ) {
    self.spec = spec
    self.profile = profile
    self.phones = phones
    self.days = days
    self.seed = seed
    self.recordedPhone = recordedPhone
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

  /// Runs the simulation, calling `progress` with the number of phones done after each phone.
  ///
  /// - Throws: ``SimulationError`` for a spec whose work reads an undeclared item, a
  ///   population or length that is not positive, or an impossible device transition.
  public func run(progress: (Int) -> Void = { _ in }) throws(SimulationError) -> SimulationReport {
    guard phones > 0, days > 0 else { throw .emptyPopulation(phones: phones, days: days) }
    if let recordedPhone, !(0..<phones).contains(recordedPhone) {
      throw .noSuchPhone(recordedPhone, phones: phones)
    }
    let made = try makeReplay()
    let replay = made.replay
    var rows = made.rows
    var actual = [AttemptTally](repeating: AttemptTally(), count: rows.count)
    var fixedTallies = actual
    var reboots: [PhoneTimeline.RebootCause: Int] = [:]
    var passcodePhones = 0
    var recorded: PhoneRecord?
    for phone in 0..<phones {
      var random = SeededGenerator.forPhone(phone, seed: seed)
      let timeline = PhoneTimeline.generate(
        profile: profile, work: spec.work, days: days, random: &random)
      if timeline.hasPasscode { passcodePhones += 1 }
      var record: PhoneRecord? =
        phone == recordedPhone
        ? PhoneRecord(phoneIndex: phone, days: days, hasPasscode: timeline.hasPasscode) : nil
      do {
        try replay.run(
          timeline, actual: &actual, fixedTallies: &fixedTallies, reboots: &reboots,
          record: &record)
      } catch {
        throw .impossibleTransition(phone: phone, error)
      }
      if record != nil { recorded = record }
      progress(phone + 1)
    }
    for index in rows.indices {
      rows[index].actual = actual[index]
      rows[index].fixed = fixedTallies[index]
    }
    return SimulationReport(
      phones: phones, days: days, seed: seed, profileName: profile.name,
      phonesWithPasscode: passcodePhones,
      reboots: Dictionary(uniqueKeysWithValues: reboots.map { ($0.key.rawValue, $0.value) }),
      rows: rows, recordedPhone: recorded)
  }
}

/// A simulation that cannot run, with what to change.
public enum SimulationError: Error, Equatable, CustomStringConvertible {
  case emptyPopulation(phones: Int, days: Int)
  case noSuchPhone(Int, phones: Int)
  case undeclaredItem(String, work: String)
  case impossibleTransition(phone: Int, DeviceError)
  /// The real engine could not be set up or driven for `--check-engine`.
  case engine(String)

  public var description: String {
    switch self {
    case .emptyPopulation(let phones, let days):
      "need at least one phone and one day, got \(phones) phones and \(days) days"
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
