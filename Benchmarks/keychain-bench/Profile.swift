// keychain-bench --profile N SIZE: each SecItem operation N times on a keychain of SIZE items,
// once, nothing timed, each operation in a function of its own so that an instruction profiler
// can count one at a time:
//
//   SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --toggle-collect='*profileMissLoop*' \
//     .build/release/keychain-bench --profile 1000 20000 2>&1 | grep Collected
//
// Loops: profileAddLoop (N more items), profileCopyLoop (by primary key, return data),
// profileMissLoop (a primary key no item has), profileMissExplainedLoop (the same, its
// explanation read, which works out the near misses), profileUpdateLoop (the data),
// profileDeleteLoop.
// Instructions per call = Collected ÷ N.
//
// Each loop measures a call in the steady state: before it, outside it, one call of the same
// operation on a key no loop uses, so that what the simulator does once per device (preparing
// the operation's statements, which it does at first use, and working out a search shape) is
// not spread over the loop's N calls. The lean baseline prepares its statements when it opens
// its store, and makes the same warm-up calls (docs/benchmarks.md, "The lean baseline").
//
// keychain-bench --cpu-time N SIZE runs the same loops and prints each one's thread CPU time,
// `<loop> <nanoseconds per call>` a line, as the lean baseline's --cpu-time does for its loops
// of the same names (scripts/bench-lean.sh --time).

import Foundation
import Keychain

/// Runs every profiled loop once; non-zero when a call did not end as expected. `timed`: prints
/// each loop's thread CPU time per call. `movingClock`: the clock moves one second before the
/// updates, so each sets a new modification date, as an update does on a device (the lean
/// baseline's `--update-mdat`); otherwise it does not move, and an update changes the secret
/// alone.
func operationProfile(calls: Int, size: Int, timed: Bool = false, movingClock: Bool = false)
  throws -> Int32
{
  let device = try SimulatedDevice(options: .init(kdfProfile: .fast))
  let secret = SecValue.data(Data(repeating: 0x42, count: 32))
  var failures = 0
  for index in 0..<size
  where device.secItemAdd(item(index, ["v_Data": secret]))
    .status != .errSecSuccess
  {
    failures += 1
  }
  let stride = max(1, size / calls)
  let sample = (0..<calls).map { ($0 * stride) % size }
  func loop(_ name: String, _ body: () -> Int) {
    let start = threadCPUSeconds()
    failures += body()
    let nanoseconds = (threadCPUSeconds() - start) * 1e9 / Double(calls)
    if timed { print(name, String(format: "%.0f", nanoseconds)) }
  }
  // One call of each operation before its loop, outside it (see the header): item
  // `warmUpItem` is added, copied, updated and deleted, and `warmUpMiss` is looked for; neither
  // is a key of any loop.
  let warmUpItem = size + 2 * calls
  let warmUpMiss = size + 2 * calls + 1
  func warmUp(_ outcome: SecItemOutcome, expecting status: OSStatus) {
    if outcome.status != status { failures += 1 }
  }
  warmUp(device.secItemAdd(item(warmUpItem, ["v_Data": secret])), expecting: .errSecSuccess)
  loop("profileAddLoop") { profileAddLoop(device, from: size, count: calls, secret: secret) }
  warmUp(
    device.secItemCopyMatching(key(warmUpItem, ["r_Data": .bool(true)])),
    expecting: .errSecSuccess)
  loop("profileCopyLoop") { profileCopyLoop(device, sample) }
  warmUp(
    device.secItemCopyMatching(key(warmUpMiss, ["r_Data": .bool(true)])),
    expecting: .errSecItemNotFound)
  loop("profileMissLoop") { profileMissLoop(device, from: size + calls, count: calls) }
  loop("profileMissExplainedLoop") {
    profileMissExplainedLoop(device, from: size + calls, count: calls)
  }
  if movingClock { _ = device.advanceClock(by: .seconds(1)) }
  warmUp(
    device.secItemUpdate(key(warmUpItem), ["v_Data": .data(Data("new-warm-up".utf8))]),
    expecting: .errSecSuccess)
  loop("profileUpdateLoop") { profileUpdateLoop(device, sample) }
  warmUp(device.secItemDelete(key(warmUpItem)), expecting: .errSecSuccess)
  loop("profileDeleteLoop") { profileDeleteLoop(device, sample) }
  if failures > 0 { print("warning: \(failures) call(s) failed") }
  return failures > 0 ? 1 : 0
}

/// The CPU time this thread has used, in seconds.
func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

@inline(never)
func profileAddLoop(_ device: SimulatedDevice, from first: Int, count: Int, secret: SecValue)
  -> Int
{
  (first..<first + count).count {
    device.secItemAdd(item($0, ["v_Data": secret])).status != .errSecSuccess
  }
}

@inline(never)
func profileCopyLoop(_ device: SimulatedDevice, _ sample: [Int]) -> Int {
  sample.count {
    device.secItemCopyMatching(key($0, ["r_Data": .bool(true)])).status
      != .errSecSuccess
  }
}

@inline(never)
func profileMissLoop(_ device: SimulatedDevice, from first: Int, count: Int) -> Int {
  (first..<first + count).count {
    device.secItemCopyMatching(key($0, ["r_Data": .bool(true)])).status
      != .errSecItemNotFound
  }
}

/// A miss whose explanation is read: the near misses are worked out only then (issue 11).
@inline(never)
func profileMissExplainedLoop(_ device: SimulatedDevice, from first: Int, count: Int) -> Int {
  (first..<first + count).count {
    let outcome = device.secItemCopyMatching(key($0, ["r_Data": .bool(true)]))
    return outcome.status != .errSecItemNotFound || outcome.explanation == nil
  }
}

@inline(never)
func profileUpdateLoop(_ device: SimulatedDevice, _ sample: [Int]) -> Int {
  sample.count {
    device.secItemUpdate(key($0), ["v_Data": .data(Data("new-\($0)".utf8))]).status
      != .errSecSuccess
  }
}

@inline(never)
func profileDeleteLoop(_ device: SimulatedDevice, _ sample: [Int]) -> Int {
  sample.count { device.secItemDelete(key($0)).status != .errSecSuccess }
}
