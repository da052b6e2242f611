// keychain-bench --first-match N [sizes...]: SecItemCopyMatching with the default limit (1) by
// the service alone, on a keychain where every item has that service, so every item matches
// and only the oldest is returned (issue 11: rows stream from SQLite; before, every matching
// row was read, with its sealed blobs, before the first was examined). For each size: the
// calls per second of N such copies and of N copies by primary key on the same device, and
// the process's peak resident memory before and after the copies (getrusage; the
// first copy is a warm-up, counted in "after"), so the memory
// a copy holds shows as the growth. The loop is a function of its own for callgrind:
//
//   SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind \
//     --toggle-collect='*profileFirstMatchLoop*' .build/release/keychain-bench --first-match 20 1000

import Foundation
import Keychain

/// Runs the first-match copies on a fresh device of each size; non-zero when a call failed.
func firstMatchBench(calls: Int, sizes: [Int]) throws -> Int32 {
  var failures = 0
  print("keychain-bench: copy by service alone, limit 1, every item matching\n")
  print(
    "| items | calls | first match: calls/s | by primary key: calls/s | peak RSS before | "
      + "peak RSS after |")
  print("|---:|---:|---:|---:|---:|---:|")
  for size in sizes {
    let device = try SimulatedDevice(options: .init(kdfProfile: .fast))
    let secret = SecValue.data(Data(repeating: 0x42, count: 32))
    for index in 0..<size
    where device.secItemAdd(item(index).merging(["v_Data": secret]) { $1 }).status
      != .errSecSuccess
    {
      failures += 1
    }
    let before = peakResidentMegabytes()
    // Warm-up, and the answer: the oldest item's secret.
    if device.secItemCopyMatching(firstByService).result != secret { failures += 1 }
    var firstFailures = 0
    let elapsed = seconds { firstFailures = profileFirstMatchLoop(device, count: calls) }
    let after = peakResidentMegabytes()
    failures += firstFailures
    let stride = max(1, size / calls)
    let hit = throughput(count: calls, failures: &failures) {
      device.secItemCopyMatching(key(($0 * stride) % size).merging(["r_Data": .bool(true)]) { $1 })
        .status
    }
    print(
      "| \(size) | \(calls) | \(String(format: "%.1f", Double(calls) / elapsed)) | "
        + "\(String(format: "%.0f", hit)) | \(before) MB | \(after) MB |")
  }
  if failures > 0 { print("\nwarning: \(failures) call(s) failed") }
  return failures > 0 ? 1 : 0
}

/// The service every benchmark item has, alone, returning the data (limit 1 by default).
let firstByService: SecQuery = [
  "class": .string("genp"), "svce": .string("com.example.bench"), "r_Data": .bool(true),
]

/// `count` copies by the service alone; how many did not succeed.
@inline(never)
func profileFirstMatchLoop(_ device: SimulatedDevice, count: Int) -> Int {
  (0..<count).count { _ in
    device.secItemCopyMatching(firstByService).status != .errSecSuccess
  }
}

/// The process's peak resident set so far, in megabytes (`ru_maxrss` is in kilobytes on Linux).
func peakResidentMegabytes() -> Int {
  var usage = rusage()
  guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return -1 }
  return usage.ru_maxrss / 1024
}
