// keychain-bench --simulate: phone-days per second of `keychain-sim simulate` (a timeline
// judged on SecurityState) against the same phone-day driven through the real engine
// (SimulatedDevice, fast KDF): the measurement behind the design choice in docs/simulate.md.

import Foundation
import Keychain
import Simulation

/// The example app of examples/simulate/news-app.spec: 5 kinds of work, 7 reads.
let benchSpecText = """
  item token accessible=WhenUnlocked
  item signing accessible=WhenUnlockedThisDeviceOnly access-control=biometryCurrentSet
  item cache-key accessible=AfterFirstUnlock
  work refresh kind=app-refresh reads=token,cache-key
  work push kind=silent-push reads=token per-day=6
  work nightly kind=processing reads=token,signing
  work headlines kind=widget reads=token access-group=no
  work alerts kind=notification-service reads=token
  """

func simulationBench(runs: Int) throws -> Int32 {
  let spec = try AppSpec.parse(benchSpecText, file: "bench.spec")
  let phones = 2_000
  let days = 30
  var timeline = Series(
    label: "simulate (timeline)", items: "\(phones)×\(days)", calls: phones * days)
  _ = try PopulationSimulator(spec: spec, profile: .typical, phones: 50, days: days, seed: 1).run()
  for run in 0..<runs {
    let simulator = PopulationSimulator(
      spec: spec, profile: .typical, phones: phones, days: days, seed: UInt64(run + 1))
    var report: SimulationReport?
    let elapsed = try measure { report = try simulator.run() }
    timeline.samples.append(Double(report?.phoneDays ?? 0) / elapsed)
  }

  // The same day's work on the real engine: 80 passcode unlocks and locks, and every read of
  // the spec's work at its default rate, in the background.
  let engineDays = 20
  var engine = Series(label: "real engine (fast KDF)", items: "1×\(engineDays)", calls: engineDays)
  for _ in 0..<runs {
    let elapsed = try measure { try runEngineDays(spec: spec, days: engineDays) }
    engine.samples.append(Double(engineDays) / elapsed)
  }
  print("keychain-bench --simulate: phone-days per second, median of \(runs) runs\n")
  printTable([timeline, engine], unit: "phone-days/s")
  return 0
}

private func measure(_ body: () throws -> Void) throws -> Double {
  var thrown: Error?
  let elapsed = seconds {
    do { try body() } catch { thrown = error }
  }
  if let thrown { throw thrown }
  return elapsed
}

private struct BenchFailure: Error, CustomStringConvertible {
  let description: String
}

private func runEngineDays(spec: AppSpec, days: Int) throws {
  let device = try SimulatedDevice(options: .init(kdfProfile: .fast))
  let passcode = "123456"
  guard device.setPasscode(passcode).succeeded else { throw BenchFailure(description: "passcode") }
  for item in spec.items {
    var add: SecQuery = [
      "class": .string("genp"), "acct": .string(item.name), "v_Data": .data(Data("v".utf8)),
      "pdmn": .string(item.protection.rawValue),
    ]
    add["svce"] = .string("bench")
    _ = device.secItemAdd(add)
  }
  let reads = spec.work.flatMap { work in
    Array(repeating: work.reads, count: Int(work.runsPerDay.rounded())).flatMap { $0 }
  }
  let unlocks = Int(UsageProfile.typical.unlocksPerDay)
  for _ in 0..<days {
    _ = device.lock()
    for index in 0..<max(unlocks, reads.count) {
      if index < unlocks {
        _ = device.advanceClock(by: .minutes(10))
        guard device.unlock(passcode: passcode).succeeded else {
          throw BenchFailure(description: "unlock")
        }
        _ = device.advanceClock(by: .seconds(60))
        _ = device.lock()
      }
      if index < reads.count {
        device.appState = .background
        _ = device.secItemCopyMatching([
          "class": .string("genp"), "acct": .string(reads[index]), "svce": .string("bench"),
          "r_Data": .bool(true),
        ])
        device.appState = .foreground
      }
    }
  }
}
