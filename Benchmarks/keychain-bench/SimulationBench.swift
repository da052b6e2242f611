// keychain-bench --simulate: phone-days per second of `keychain-sim simulate` (a timeline
// judged on SecurityState), on 1 worker and on `--jobs N` workers paired in every run, against
// the same phone-day driven through the real engine (SimulatedDevice, fast KDF): the
// measurements behind the design choice and `--jobs` in docs/simulate.md.

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

func simulationBench(runs: Int, jobs: Int) throws -> Int32 {
  let spec = try AppSpec.parse(benchSpecText, file: "bench.spec")
  let phones = 2_000
  let days = 30
  let loadBefore = loadAverage()
  // 1 worker and `jobs` workers in every run, one after the other, the order alternating, so
  // that a change in the machine's load falls on both sides of most pairs; the ratio is taken
  // per pair, and its median reported.
  var single = Series(
    label: "simulate (timeline), 1 worker", items: "\(phones)×\(days)", calls: phones * days)
  var parallel = Series(
    label: "simulate (timeline), \(jobs) workers", items: "\(phones)×\(days)",
    calls: phones * days)
  var ratios: [Double] = []
  // Cores this process kept busy during each run (its CPU time ÷ the wall-clock time): what
  // the machine's other load left to the workers.
  var cores: [Int: [Double]] = [:]
  for workers in [1, jobs] {
    _ = try PopulationSimulator(
      spec: spec, profile: .typical, phones: 50, days: days, seed: 1, jobs: workers
    ).run()
  }
  for run in 0..<runs {
    var rates: [Int: Double] = [:]
    var reports: [Int: SimulationReport] = [:]
    for workers in run.isMultiple(of: 2) ? [1, jobs] : [jobs, 1] {
      let simulator = PopulationSimulator(
        spec: spec, profile: .typical, phones: phones, days: days, seed: UInt64(run + 1),
        jobs: workers)
      var report: SimulationReport?
      let cpuBefore = processCPUSeconds()
      let elapsed = try measure { report = try simulator.run() }
      cores[workers, default: []].append((processCPUSeconds() - cpuBefore) / elapsed)
      rates[workers] = Double(report?.phoneDays ?? 0) / elapsed
      reports[workers] = report
    }
    guard reports[1] == reports[jobs] else {
      throw BenchFailure(description: "run \(run): \(jobs) workers gave another report than 1")
    }
    single.samples.append(rates[1] ?? .nan)
    parallel.samples.append(rates[jobs] ?? .nan)
    ratios.append((rates[jobs] ?? .nan) / (rates[1] ?? .nan))
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
  printTable([single, parallel, engine], unit: "phone-days/s")
  print(
    "\n\(jobs) workers ÷ 1 worker, per run: "
      + ratios.map { String(format: "%.2f", $0) }.joined(separator: " ")
      + String(format: "; median %.2f×", median(ratios))
      + " (\(ProcessInfo.processInfo.activeProcessorCount) active processors; load average "
      + "\(loadBefore) before, \(loadAverage()) after; the reports were identical)")
  print(
    String(
      format: "cores kept busy (CPU time ÷ wall time), median: %.2f with 1 worker, %.2f with %d",
      median(cores[1] ?? []), median(cores[jobs] ?? []), jobs)
      + "; per run with \(jobs): "
      + (cores[jobs] ?? []).map { String(format: "%.2f", $0) }.joined(separator: " "))
  return 0
}

/// The 1, 5 and 15 minute load averages (`/proc/loadavg`), or `?` where there is none.
private func loadAverage() -> String {
  guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "?" }
  return text.split(separator: " ").prefix(3).joined(separator: " ")
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
