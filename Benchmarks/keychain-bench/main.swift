// keychain-bench: SecItem throughput of the simulated keychain, in memory.
//
// For each keychain size it adds that many generic passwords, then times lookups by primary
// key, updates and deletes on a sample of them. Run in release: `swift run -c release
// keychain-bench [sizes...]` (default 1000 100000). Not a test: numbers vary by machine.

import Foundation
import Keychain

struct Measurement {
  let operation: String
  let count: Int
  let seconds: Double
  var perSecond: Double { Double(count) / seconds }
}

func item(_ index: Int) -> SecQuery {
  [
    "class": .string("genp"), "acct": .string("account-\(index)"),
    "svce": .string("com.example.bench"),
  ]
}

func time(_ operation: String, count: Int, _ body: (Int) -> OSStatus) -> Measurement {
  let clock = ContinuousClock()
  var failures = 0
  let elapsed = clock.measure {
    for index in 0..<count where body(index) != .errSecSuccess { failures += 1 }
  }
  if failures > 0 { print("warning: \(failures) \(operation) call(s) failed") }
  let seconds =
    Double(elapsed.components.seconds)
    + Double(elapsed.components.attoseconds) / 1e18
  return Measurement(operation: operation, count: count, seconds: seconds)
}

func run(size: Int) throws -> [Measurement] {
  let device = try SimulatedDevice(options: .init(kdfProfile: .fast))
  let secret = SecValue.data(Data(repeating: 0x42, count: 32))
  let sample = min(size, 10_000)
  // Spread the sample over the whole keychain so lookups are not all at one end.
  let stride = max(1, size / sample)
  var results: [Measurement] = []
  results.append(
    time("add", count: size) {
      device.secItemAdd(item($0).merging(["v_Data": secret]) { $1 }).status
    })
  results.append(
    time("copy by primary key", count: sample) {
      device.secItemCopyMatching(item($0 * stride).merging(["r_Data": .bool(true)]) { $1 }).status
    })
  results.append(
    time("update", count: sample) {
      device.secItemUpdate(item($0 * stride), ["v_Data": .data(Data("new-\($0)".utf8))]).status
    })
  results.append(
    time("delete", count: sample) { device.secItemDelete(item($0 * stride)).status })
  return results
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let sizes = arguments.isEmpty ? [1_000, 100_000] : arguments
print("keychain-bench: in-memory SecItem throughput (calls per second)")
func column(_ text: String, _ width: Int) -> String {
  text.padding(toLength: width, withPad: " ", startingAt: 0)
}

print(column("items", 10) + column("operation", 22) + column("calls", 9) + "per second")
for size in sizes {
  do {
    for measurement in try run(size: size) {
      print(
        column(String(size), 10) + column(measurement.operation, 22)
          + column(String(measurement.count), 9) + String(Int(measurement.perSecond)))
    }
  } catch {
    print("error: cannot create a device: \(error)")
  }
}
