// keychain-bench: SecItem throughput of the simulated keychain, in memory, and the cost of a
// passcode unlock (Argon2id) for each KDF profile.
//
// For each keychain size it adds that many generic passwords, then times lookups by primary
// key and by label (a non-key attribute), updates and deletes on a sample of them spread
// over the whole keychain. After a
// warm-up, every measurement is repeated on a fresh device and the median is reported, with
// the slowest and fastest run, as a Markdown table (docs/benchmarks-history.md).
//
//   swift run -c release keychain-bench [--runs N] [--unlocks N] [sizes...]
//   swift run -c release keychain-bench --simulate [--runs N] [--jobs N]   (phone-days per
//                                        second, 1 worker and N workers paired in every run)
//   swift run -c release keychain-bench --facade [--runs N]     (the Security module's overhead)
//   keychain-bench --parser MB [--runs N] [--write FILE]   (the scenario parser, ParserBench.swift)
//   keychain-bench --facade-profile N   (N calls each side, once: for valgrind --tool=callgrind
//                                        --toggle-collect='*engineCopyLoop*' or '*facadeCopyLoop*')
//   keychain-bench --memory simulator|minimal|own SIZE   (one run of that side alone at SIZE:
//                                        SQLite's heap and the peak resident set, MemoryReport.swift;
//                                        one SIZE per process: the peak is the process's)
//   keychain-bench --keys N [--runs N]   (SecKey sign and verify per call, beside the same
//                                        libcrypto calls made directly: KeyBench.swift)
//   keychain-bench --first-match N [sizes...]   (copy by service alone, limit 1, every item
//                                        matching: FirstMatchBench.swift)
//   keychain-bench --profile N SIZE     (N calls of each SecItem operation on SIZE items, once,
//                                        nothing timed: for callgrind --toggle-collect='*Loop*'
//                                        with the loop names in Profile.swift)
//   keychain-bench --cpu-time N SIZE    (the same loops, each one's thread CPU time per call:
//                                        scripts/bench-lean.sh --time, against the lean baseline)
//   --update-mdat (with --profile or --cpu-time)   the clock moves one second before the updates,
//                                        so each sets a new modification date (the lean
//                                        baseline's --update-mdat)
//
// Defaults: 5 runs, sizes 1000 and 100000, 5 realistic unlocks (50 fast ones). Not a test:
// numbers vary by machine and by load.

import Foundation
import Keychain
import KeychainSimulatorTesting

// MARK: - Options

struct Options {
  var sizes: [Int] = []
  var runs = 5
  var unlocks = 5
  /// `--simulate`: measure `keychain-sim simulate` instead (SimulationBench.swift).
  var simulate = false
  /// `--jobs N`: with `--simulate`, the workers of the parallel runs, paired with 1-worker runs
  /// (default: the active processors).
  var jobs = max(1, ProcessInfo.processInfo.activeProcessorCount)
  /// `--facade`: only the Security module's overhead against the engine.
  var facadeOnly = false
  /// `--facade-profile N`: N copies through each side once, nothing timed (for callgrind).
  var facadeProfileCalls: Int?
  /// `--parser MB`: parse a generated scenario of MB megabytes (ParserBench.swift).
  var parserMegabytes: Int?
  /// `--write FILE`: with `--parser`, write the generated scenario there instead.
  var writePath: String?
  /// `--profile N`: N calls of each operation, once, on the one size given (Profile.swift).
  var profileCalls: Int?
  /// `--cpu-time N`: `--profile N` with each loop's thread CPU time printed.
  var cpuTime = false
  /// `--update-mdat`: with `--profile`, the clock moves before the updates (Profile.swift).
  var updateMovesClock = false
  /// `--memory SIDE`: one run of the simulator or of one raw baseline alone, with what SQLite
  /// held and the process's peak resident set (MemoryReport.swift).
  var memorySide: String?
  /// `--first-match N`: N copies by the service alone that every item matches (FirstMatchBench.swift).
  var firstMatchCalls: Int?
  /// `--keys N`: N signatures and verifications a run, Security beside libcrypto (KeyBench.swift).
  var keyCalls: Int?

  init(_ arguments: [String]) throws(UsageError) {
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      switch argument {
      case "--simulate":
        simulate = true
      case "--facade":
        facadeOnly = true
      case "--facade-profile":
        facadeProfileCalls = try Self.positiveNumber(following: argument, in: &rest)
      case "--parser":
        parserMegabytes = try Self.positiveNumber(
          following: argument, in: &rest, unit: " of megabytes")
      case "--write":
        guard let path = rest.popFirst() else { throw UsageError(message: "--write needs a file") }
        writePath = path
      case "--memory":
        guard let side = rest.popFirst(), ["simulator", "minimal", "own"].contains(side) else {
          throw UsageError(message: "--memory needs simulator, minimal or own")
        }
        memorySide = side
      case "--profile", "--cpu-time":
        profileCalls = try Self.positiveNumber(following: argument, in: &rest)
        cpuTime = argument == "--cpu-time"
      case "--update-mdat":
        updateMovesClock = true
      case "--first-match":
        firstMatchCalls = try Self.positiveNumber(following: argument, in: &rest)
      case "--keys":
        keyCalls = try Self.positiveNumber(following: argument, in: &rest)
      case "--jobs":
        jobs = try Self.positiveNumber(following: argument, in: &rest)
      case "--runs", "--unlocks":
        let value = try Self.positiveNumber(following: argument, in: &rest)
        if argument == "--runs" { runs = value } else { unlocks = value }
      default:
        guard let size = Int(argument), size > 0 else {
          throw UsageError(message: "unknown argument `\(argument)`")
        }
        sizes.append(size)
      }
    }
    if sizes.isEmpty { sizes = [1_000, 100_000] }
  }

  /// The positive number that follows `option`, taken from `rest`.
  private static func positiveNumber(
    following option: String, in rest: inout ArraySlice<String>, unit: String = ""
  ) throws(UsageError) -> Int {
    guard let text = rest.popFirst(), let value = Int(text), value > 0 else {
      throw UsageError(message: "\(option) needs a positive number\(unit)")
    }
    return value
  }
}

struct UsageError: Error {
  let message: String
}

// MARK: - Timing

/// Seconds taken by `body`, from the monotonic clock.
func seconds(_ body: () -> Void) -> Double {
  let elapsed = ContinuousClock().measure(body)
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

/// The median of `values` (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return .nan }
  let middle = sorted.count / 2
  return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

/// One row of the results: calls per second (or milliseconds per unlock) over several runs.
struct Series {
  let label: String
  let items: String
  let calls: Int
  var samples: [Double] = []
}

// MARK: - SecItem throughput

enum Operation: String, CaseIterable {
  case add = "add"
  case copy = "copy by primary key"
  case copyMiss = "copy by primary key, not there (miss)"
  case copyByLabel = "copy by label (non-key)"
  case update = "update"
  case delete = "delete"
}

/// Item `index`'s primary key (its class, account and service): what look-ups, updates and
/// deletes name, as the raw baseline does (RawBaseline.swift). `extra` (a return key, the
/// data) goes into the same dictionary, built once at its full size as a client builds its
/// query: merging it into a copy built a second dictionary every call, which the lean
/// baseline's loops do not pay.
func key(_ index: Int, _ extra: KeyValuePairs<String, SecValue> = [:]) -> SecQuery {
  query(index, labelled: false, extra)
}

/// Item `index` as added: its primary key, its own label and `extra`, in one dictionary.
func item(_ index: Int, _ extra: KeyValuePairs<String, SecValue> = [:]) -> SecQuery {
  query(index, labelled: true, extra)
}

private func query(_ index: Int, labelled: Bool, _ extra: KeyValuePairs<String, SecValue>)
  -> SecQuery
{
  var query = SecQuery(minimumCapacity: (labelled ? 4 : 3) + extra.count)
  query["class"] = .string("genp")
  query["acct"] = .string("account-\(index)")
  query["svce"] = .string("com.example.bench")
  if labelled { query["labl"] = .string("label-\(index)") }
  for (name, value) in extra { query[name] = value }
  return query
}

/// A search by kSecAttrLabel alone, a non-key attribute: served by its hash column's index.
func byLabel(_ index: Int) -> SecQuery {
  ["class": .string("genp"), "labl": .string("label-\(index)"), "r_Attributes": .bool(true)]
}

/// Calls per second of `count` calls of `body`; failed calls are counted and reported.
func throughput(count: Int, failures: inout Int, _ body: (Int) -> OSStatus) -> Double {
  var failed = 0
  let elapsed = seconds {
    for index in 0..<count where body(index) != .errSecSuccess { failed += 1 }
  }
  failures += failed
  return Double(count) / elapsed
}

/// Calls per run of the miss look-up: the same sample as a hit's, now that a miss reads a
/// bounded number of rows (it was `max(10, min(size, 10_000, 2_000_000 / size))` while a
/// miss scanned the keychain).
func missCalls(_ size: Int) -> Int { min(size, 10_000) }

/// One run on a fresh device: calls per second for each operation. `afterAdds` runs once the
/// keychain is full, before the look-ups (`--memory` measures there).
func secItemRun(
  size: Int, failures: inout Int, afterAdds: () -> Void = {}
) throws -> [Operation: Double] {
  let device = try SimulatedDevice(options: .init(kdfProfile: .fast))
  let secret = SecValue.data(Data(repeating: 0x42, count: 32))
  let sample = min(size, 10_000)
  // Spread the sample over the whole keychain so lookups are not all at one end.
  let stride = max(1, size / sample)
  var rates: [Operation: Double] = [:]
  rates[.add] = throughput(count: size, failures: &failures) {
    device.secItemAdd(item($0, ["v_Data": secret])).status
  }
  afterAdds()
  rates[.copy] = throughput(count: sample, failures: &failures) {
    device.secItemCopyMatching(key($0 * stride, ["r_Data": .bool(true)])).status
  }
  // A miss: the same query shape for a key no item has (issue 11: it must cost what a hit
  // costs, at any size).
  var missFailures = 0
  rates[.copyMiss] = throughput(count: missCalls(size), failures: &missFailures) {
    device.secItemCopyMatching(key(size + $0, ["r_Data": .bool(true)])).status
      == .errSecItemNotFound ? .errSecSuccess : .errSecParam
  }
  failures += missFailures
  rates[.copyByLabel] = throughput(count: sample, failures: &failures) {
    device.secItemCopyMatching(byLabel($0 * stride)).status
  }
  rates[.update] = throughput(count: sample, failures: &failures) {
    device.secItemUpdate(key($0 * stride), ["v_Data": .data(Data("new-\($0)".utf8))]).status
  }
  rates[.delete] = throughput(count: sample, failures: &failures) {
    device.secItemDelete(key($0 * stride)).status
  }
  return rates
}

// MARK: - Apple's API on Linux

/// Copy by primary key on one phone of `size` items, alternating the engine's own call and
/// SecItemCopyMatching through the Security module (FacadeOverhead.swift) in `rounds` pairs of
/// adjacent runs, so both sides see the same machine load. Both sides' queries are built before
/// their timed loop (a `SecQuery` for the engine, `[String: Any] as CFDictionary` for the
/// Security module), so the facade side's time includes translating its dictionary and the
/// engine side's does not include building one. The overhead is the median of the pairs'
/// ratios.
func facadeOverhead(size: Int, rounds: Int, failures: inout Int) throws -> (
  engine: Series, facade: Series, overhead: Double
) {
  let phone = try makeBenchPhone()
  failures += facadeFill(phone, size: size)
  let sample = min(size, 10_000)
  let stride = max(1, size / sample)
  let device = phone.withDevice { $0 }
  var engine = Series(label: "copy by primary key, engine API", items: String(size), calls: sample)
  var facade = Series(
    label: "copy by primary key, Security module", items: String(size), calls: sample)
  var ratios: [Double] = []
  let engineSide = engineQueries(count: sample, stride: stride)
  _ = facadeCopyRate(phone, count: sample, stride: stride, failures: &failures)  // warm-up
  for _ in 0..<rounds {
    let engineRate = throughput(count: sample, failures: &failures) {
      engineCopyLoop(device, engineSide[$0])
    }
    let facadeRate = facadeCopyRate(phone, count: sample, stride: stride, failures: &failures)
    engine.samples.append(engineRate)
    facade.samples.append(facadeRate)
    ratios.append(engineRate / facadeRate)
  }
  return (engine, facade, (median(ratios) - 1) * 100)
}

/// The engine's side of the comparison: the same queries the facade side passes (class,
/// account, service, return data), built beforehand as the facade side's dictionaries are.
func engineQueries(count: Int, stride: Int) -> [SecQuery] {
  (0..<count).map { index in
    [
      "class": .string("genp"), "acct": .string("account-\((index * stride) % 1_000)"),
      "svce": .string("com.example.bench"), "r_Data": .bool(true),
    ]
  }
}

/// One copy through the engine's own API.
@inline(never)
func engineCopyLoop(_ device: SimulatedDevice, _ query: SecQuery) -> OSStatus {
  device.secItemCopyMatching(query).status
}

/// Prints the facade comparison on 1000 items with `runs` × 4 pairs.
func reportFacadeOverhead(runs: Int, failures: inout Int) throws {
  let (engine, facade, overhead) = try facadeOverhead(
    size: 1_000, rounds: runs * 4, failures: &failures)
  print("Apple's API on Linux: the Security module against the engine, same phone, same run\n")
  printTable([engine, facade], unit: "calls/s")
  print(
    "\noverhead of the Security module per call (median of \(engine.samples.count) adjacent "
      + "pairs): \(format(overhead)) % (target ≤ 10 %)")
}

/// `calls` copies by primary key through each side, untimed, for an instruction profiler:
/// `engineCopyLoop` and `facadeCopyLoop` are the two sides' per-call functions.
func facadeProfile(calls: Int) throws -> Int32 {
  let phone = try makeBenchPhone()
  var failures = facadeFill(phone, size: 1_000)
  let device = phone.withDevice { $0 }
  let queries = facadeQueries(count: calls, stride: 1)
  for query in engineQueries(count: calls, stride: 1)
  where engineCopyLoop(device, query) != .errSecSuccess {
    failures += 1
  }
  phone.use {
    for query in queries where !facadeCopyLoop(query) { failures += 1 }
  }
  if failures > 0 { print("warning: \(failures) call(s) failed") }
  return failures > 0 ? 1 : 0
}

// MARK: - Unlock cost

/// Milliseconds per passcode unlock (one Argon2id derivation each) on a device built with
/// `options` (which carry the KDF profile).
func unlockMilliseconds(options: SimulatedDevice.Options, count: Int) throws -> [Double] {
  let device = try SimulatedDevice(options: options)
  let passcode = "135790"
  guard device.setPasscode(passcode).succeeded else { return [] }
  var samples: [Double] = []
  for _ in 0..<count {
    _ = device.lock()
    var unlocked = false
    let elapsed = seconds { unlocked = device.unlock(passcode: passcode).succeeded }
    if unlocked { samples.append(elapsed * 1_000) }
  }
  return samples
}

// MARK: - Report

func format(_ value: Double) -> String {
  if value >= 100 { return String(Int(value.rounded())) }
  return String(format: value >= 1 ? "%.1f" : "%.3f", value)
}

func printTable(_ series: [Series], unit: String) {
  print("| operation | items | calls per run | median \(unit) | slowest – fastest run |")
  print("|---|---:|---:|---:|---:|")
  for row in series {
    let sorted = row.samples.sorted()
    let spread =
      unit == "ms"
      ? "\(format(sorted.last ?? .nan)) – \(format(sorted.first ?? .nan))"
      : "\(format(sorted.first ?? .nan)) – \(format(sorted.last ?? .nan))"
    print(
      "| \(row.label) | \(row.items) | \(row.calls) | \(format(median(row.samples))) | "
        + "\(spread) |")
  }
}

func main() -> Int32 {
  let options: Options
  do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
  } catch {
    print(
      "usage: keychain-bench [--simulate [--jobs N] | --facade | --facade-profile N | --parser MB "
        + "[--write FILE] | --profile N [--update-mdat] | --cpu-time N | --first-match N | "
        + "--keys N | --memory SIDE] [--runs N] [--unlocks N] [sizes...]: \(error.message)")
    return 2
  }
  if options.simulate {
    do {
      return try simulationBench(runs: options.runs, jobs: options.jobs)
    } catch {
      print("error: \(error)")
      return 1
    }
  }
  if let megabytes = options.parserMegabytes {
    return parserBench(megabytes: megabytes, runs: options.runs, writingTo: options.writePath)
  }
  if let calls = options.facadeProfileCalls {
    do {
      return try facadeProfile(calls: calls)
    } catch {
      print("error: \(error)")
      return 1
    }
  }
  if let side = options.memorySide {
    var failures = 0
    do {
      for size in options.sizes {
        try memoryRun(side: side, size: size, failures: &failures).printed()
      }
    } catch {
      print("error: \(error)")
      return 1
    }
    print("\(side): \(options.sizes) items, \(failures) failed call(s)")
    return failures > 0 ? 1 : 0
  }
  if let calls = options.keyCalls {
    do {
      return try keyBench(runs: options.runs, calls: calls)
    } catch {
      print("error: \(error)")
      return 1
    }
  }
  if let calls = options.firstMatchCalls {
    do {
      return try firstMatchBench(calls: calls, sizes: options.sizes)
    } catch {
      print("error: \(error)")
      return 1
    }
  }
  if let calls = options.profileCalls {
    do {
      return try operationProfile(
        calls: calls, size: options.sizes.first ?? 1_000, timed: options.cpuTime,
        movingClock: options.updateMovesClock)
    } catch {
      print("error: \(error)")
      return 1
    }
  }
  if options.facadeOnly {
    var failures = 0
    do {
      try reportFacadeOverhead(runs: options.runs, failures: &failures)
    } catch {
      print("error: cannot create a phone: \(error)")
      return 1
    }
    return failures > 0 ? 1 : 0
  }
  var failures = 0
  do {
    // Warm-up: statement caches, libsodium, lazily built schema tables, the allocator.
    for _ in 0..<2 {
      _ = try secItemRun(size: 500, failures: &failures)
      _ = try rawRun(.minimal, size: 500, failures: &failures)
      _ = try rawRun(.own, size: 500, failures: &failures)
    }
    var table: [Series] = []
    var comparisons: [BaselineComparison] = []
    for size in options.sizes {
      let sample = min(size, 10_000)
      var rows = Operation.allCases.map {
        Series(
          label: $0.rawValue, items: String(size),
          calls: $0 == .add ? size : $0 == .copyMiss ? missCalls(size) : sample)
      }
      var comparison = BaselineComparison(size: size)
      for _ in 0..<options.runs {
        // Interleaved: the simulator and both baselines, one after the other, every run.
        let rates = try secItemRun(size: size, failures: &failures)
        for (index, operation) in Operation.allCases.enumerated() {
          rows[index].samples.append(rates[operation] ?? .nan)
        }
        comparison.append(
          simulator: rates,
          minimal: try rawRun(.minimal, size: size, failures: &failures),
          own: try rawRun(.own, size: size, failures: &failures))
      }
      table += rows
      comparisons.append(comparison)
    }
    print(
      "keychain-bench: in-memory SecItem calls per second, median of \(options.runs) runs "
        + "after a warm-up\n")
    printTable(table, unit: "calls/s")
    print(
      "\nThe simulator against raw SQLite + libsodium (RawBaseline.swift), same process, same "
        + "runs;\nratio = baseline calls/s ÷ simulator calls/s, median of the runs' ratios "
        + "(1.0 = as fast as the baseline)\n")
    printComparisons(comparisons)

    print("")
    try reportFacadeOverhead(runs: options.runs, failures: &failures)

    var unlocks: [Series] = []
    let profiles: [(String, SimulatedDevice.Options, Int)] = [
      ("realistic", .init(kdfProfile: .realistic), options.unlocks),
      ("fast", .init(kdfProfile: .fast), options.unlocks * 10),
    ]
    for (name, deviceOptions, count) in profiles {
      var row = Series(label: "unlock (\(name) KDF)", items: "–", calls: count)
      _ = try unlockMilliseconds(options: deviceOptions, count: 1)  // warm-up
      row.samples = try unlockMilliseconds(options: deviceOptions, count: count)
      unlocks.append(row)
    }
    print("\nPasscode unlock (one Argon2id derivation), milliseconds per unlock\n")
    printTable(unlocks, unit: "ms")
  } catch {
    print("error: cannot create a device or a raw baseline: \(error)")
    return 1
  }
  if failures > 0 {
    print("\nwarning: \(failures) call(s) failed; the numbers above include them")
    return 1
  }
  return 0
}

exit(main())
