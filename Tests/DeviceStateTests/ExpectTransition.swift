import Testing

@testable import DeviceState

/// Applies `event` to `start` and checks the whole resulting state against `start` changed by
/// `mutate`, and the returned commands against `commands`. On a mismatch it prints a line diff
/// of the two states (TCA's `TestStore` style).
func expectTransition(
  from start: SecurityState, on event: DeviceEvent, commands: [KeybagCommand] = [],
  sourceLocation: SourceLocation = #_sourceLocation,
  _ mutate: (inout SecurityState) -> Void = { _ in }
) {
  var expected = start
  mutate(&expected)
  var actual = start
  do {
    let returned = try actual.handle(event)
    #expect(returned == commands, "commands for \(event)", sourceLocation: sourceLocation)
  } catch {
    Issue.record("\(event) threw \(error)", sourceLocation: sourceLocation)
    return
  }
  if actual != expected {
    Issue.record(
      "state after \(event) differs (- expected, + actual):\n\(lineDiff(expected, actual))",
      sourceLocation: sourceLocation)
  }
}

/// Checks that `event` is refused with exactly `error` and leaves the device unchanged.
func expectRefusal(
  from start: SecurityState, on event: DeviceEvent, throws error: DeviceError,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var actual = start
  #expect(throws: error, sourceLocation: sourceLocation) { _ = try actual.handle(event) }
  #expect(actual == start, "a refused \(event) changed the device", sourceLocation: sourceLocation)
}

/// A `dump` of each value, diffed line by line with `CollectionDifference`.
func lineDiff<T>(_ expected: T, _ actual: T) -> String {
  func lines(_ value: T) -> [String] {
    var text = ""
    dump(value, to: &text)
    return text.split(separator: "\n").map(String.init)
  }
  let old = lines(expected)
  let new = lines(actual)
  let difference = new.difference(from: old)
  var removed = Set<Int>()
  var inserted = Set<Int>()
  for change in difference {
    switch change {
    case .remove(let offset, _, _): removed.insert(offset)
    case .insert(let offset, _, _): inserted.insert(offset)
    }
  }
  var output: [String] = []
  for (index, line) in old.enumerated() where removed.contains(index) { output.append("- \(line)") }
  for (index, line) in new.enumerated() where inserted.contains(index) {
    output.append("+ \(line)")
  }
  return output.joined(separator: "\n")
}

// MARK: - Fixtures

/// A device at `now` (ms) in the given passcode and lock state.
func device(
  _ passcode: PasscodeState, _ lock: LockState, now milliseconds: Int64 = 3_600_000
) -> SecurityState {
  SecurityState(
    passcode: passcode, lock: lock,
    clock: SimulatedClock(now: SimulatedInstant(milliseconds: milliseconds)))
}

func at(_ milliseconds: Int64) -> SimulatedInstant { SimulatedInstant(milliseconds: milliseconds) }

let hour: Int64 = 3_600_000
