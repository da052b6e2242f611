import Foundation
import ItemStore
import Keychain

/// Replays phones of a simulation through the real engine (`SimulatedDevice`, fast KDF) and
/// compares every background read's status with the one the simulation predicted
/// (`simulate --check-engine N`, and `EngineAgreementTests`).
///
/// The simulation judges reads on `SecurityState` because the engine is ~90× slower
/// (docs/simulate.md, "How it is computed, and why not with the real engine"); this check is
/// what keeps that shortcut honest.
public struct EngineCrossCheck: Sendable, Equatable {
  /// Phones replayed and reads compared.
  public var phones = 0
  public var reads = 0
  /// One line per read whose status differed, e.g.
  /// `phone 3, day 1 02:14, push reads bio: engine -25308, simulation -25300`.
  public var disagreements: [String] = []

  static let team = "ABCDE12345"
  static let sharedGroup = "\(team).com.example.shared"
  static let mainApp = AppIdentity(
    bundleID: "com.example.app", teamID: team, keychainAccessGroups: [sharedGroup])

  /// Replays phone `phone` of `simulator` and adds its comparisons.
  ///
  /// `probe` is called with the device's security state at each of `instants` (sorted,
  /// milliseconds since the start) that the replay passes: the device is stopped there on its
  /// way to the next event, after every event before or at that instant, so a caller sees
  /// what the engine's state was then (`TimelineTruthTests` hold the timeline picture to it).
  mutating func check(
    phone: Int, of simulator: PopulationSimulator, replay: PhoneReplay,
    probing instants: [Int64] = [],
    probe: @escaping (Int64, SecurityState) -> Void = { _, _ in }
  ) throws(SimulationError) {
    var random = SeededGenerator.forPhone(phone, seed: simulator.seed)
    let timeline = PhoneTimeline.generate(
      profile: simulator.profile, work: simulator.spec.work, days: simulator.days,
      random: &random)
    let device: SimulatedDevice
    do {
      device = try SimulatedDevice(
        options: .init(kdfProfile: .fast, caller: Caller(app: Self.mainApp)))
    } catch {
      throw .engine("cannot create a device: \(error)")
    }
    let passcode = "246810"
    var setup: [DeviceOutcome] = []
    if timeline.hasPasscode { setup.append(device.setPasscode(passcode)) }
    if timeline.hasBiometry { setup.append(device.enrollBiometry("face")) }
    var bundles: [String] = []
    for (index, work) in simulator.spec.work.enumerated() {
      guard work.kind.runsInExtension else {
        bundles.append(Self.mainApp.bundleID)
        continue
      }
      let bundle = "\(Self.mainApp.bundleID).extension\(index)"
      setup.append(
        device.install(
          AppIdentity(
            bundleID: bundle, teamID: Self.team,
            keychainAccessGroups: work.hasAccessGroup ? [Self.sharedGroup] : [],
            hostBundleID: Self.mainApp.bundleID)))
      bundles.append(bundle)
    }
    for item in simulator.spec.items {
      // Refused on a phone without a passcode for WhenPasscodeSet items: reads then say so.
      _ = device.secItemAdd(try Self.addQuery(item))
    }
    setup.append(device.lock())
    if let refused = setup.first(where: { !$0.succeeded }) {
      throw .engine("phone \(phone): setting up the device failed: \(refused)")
    }

    var failure: String?
    func expect(_ outcome: DeviceOutcome, _ what: String) {
      if failure == nil, !outcome.succeeded { failure = "\(what): \(outcome)" }
    }
    var actual = [AttemptTally](repeating: AttemptTally(), count: replay.reads.joined().count)
    var fixed = actual
    var reboots: [PhoneTimeline.RebootCause: Int] = [:]
    var record: PhoneRecord?
    var hits: PhoneHitRecorder?
    var compared = 0
    var nextInstant = 0
    var differing: [String] = []
    do {
      try replay.run(
        timeline, actual: &actual, fixedTallies: &fixed, reboots: &reboots, hits: &hits,
        record: &record
      ) { operation in
        switch operation {
        case .advance(let time):
          while nextInstant < instants.count, instants[nextInstant] < time {
            let instant = instants[nextInstant]
            let now = device.securityState.clock.now.milliseconds
            if instant > now {
              expect(device.advanceClock(by: .milliseconds(instant - now)), "wait")
            }
            probe(instant, device.securityState)
            nextInstant += 1
          }
          let now = device.securityState.clock.now.milliseconds
          expect(device.advanceClock(by: .milliseconds(time - now)), "wait")
        case .unlock:
          expect(device.unlock(passcode: timeline.hasPasscode ? passcode : nil), "unlock")
        case .lock: expect(device.lock(), "lock")
        case .reboot: expect(device.reboot(), "reboot")
        case .replaceFace(let old, let new):
          expect(device.removeBiometry(old), "remove a face")
          expect(device.enrollBiometry(new), "enrol a face")
        case .read(let work, let item, let predicted):
          expect(device.useApp(bundles[work]), "switch app")
          device.appState = .background
          var query = Self.itemQuery(item)
          query[SecQueryKey.returnData] = .bool(true)
          let status = device.secItemCopyMatching(query).status
          device.appState = .foreground
          compared += 1
          let expected = predicted?.status ?? .errSecSuccess
          if status != expected {
            let time = device.securityState.clock.now.milliseconds
            differing.append(
              "phone \(phone), day \(time / 86_400_000 + 1) "
                + "\(TimelineTerminalRenderer.clock(time)), \(simulator.spec.work[work].name) "
                + "reads \(item.name): engine \(status.rawValue), simulation \(expected.rawValue)")
          }
        }
      }
    } catch {
      throw .impossibleTransition(phone: phone, error)
    }
    // The instants after the last event: nothing happens then but time passing.
    for instant in instants[nextInstant...] {
      let now = device.securityState.clock.now.milliseconds
      if instant > now { expect(device.advanceClock(by: .milliseconds(instant - now)), "wait") }
      probe(instant, device.securityState)
    }
    if let failure { throw .engine("phone \(phone): the engine refused \(failure)") }
    phones += 1
    reads += compared
    disagreements += differing
  }

  static func itemQuery(_ item: AppSpec.Item) -> SecQuery {
    [
      SecQueryKey.itemClass.rawValue: .string(ItemClass.genp.rawValue),
      AttributeName.account.rawValue: .string(item.name),
      AttributeName.service.rawValue: .string("simulate"),
      AttributeName.accessGroup.rawValue: .string(sharedGroup),
    ]
  }

  static func addQuery(_ item: AppSpec.Item) throws(SimulationError) -> SecQuery {
    var query = itemQuery(item)
    query[SecQueryKey.valueData] = .data(Data("value of \(item.name)".utf8))
    if let flags = item.accessControl {
      do {
        query[AttributeName.accessControl] = .accessControl(
          try SecAccessControl.create(protection: item.protection.rawValue, flags: flags))
      } catch {
        throw .engine("item '\(item.name)': \(error)")
      }
    } else {
      query[AttributeName.accessible] = .string(item.protection.rawValue)
    }
    return query
  }
}

extension PopulationSimulator {
  /// Replays the first `count` phones through the real engine (see ``EngineCrossCheck``).
  public func checkAgainstEngine(phones count: Int) throws(SimulationError) -> EngineCrossCheck {
    let replay = try makeReplay().replay
    var check = EngineCrossCheck()
    for phone in 0..<min(count, phones) {
      try check.check(phone: phone, of: self, replay: replay)
    }
    return check
  }
}
