import Foundation
import Testing

@testable import DeviceState

@Suite struct CodableTests {
  @Test(arguments: sweepStates)
  func deviceRoundTripsThroughJSON(_ state: SecurityState) throws {
    let data = try JSONEncoder().encode(state)
    #expect(try JSONDecoder().decode(SecurityState.self, from: data) == state)
  }

  @Test func negativeFailureCountIsRejected() throws {
    let bad = device(.set(failedAttempts: -1, blockedUntil: nil), .unlocked)
    let data = try JSONEncoder().encode(bad)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(SecurityState.self, from: data) }
  }

  @Test func lockedInTheFutureIsRejected() throws {
    let bad = device(.setClean, .locked(since: at(10_000)), now: 5_000)
    let data = try JSONEncoder().encode(bad)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(SecurityState.self, from: data) }
  }

  @Test func garbageIsADecodingError() {
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(SecurityState.self, from: Data(#"{"passcode": 3}"#.utf8))
    }
  }
}

@Suite struct SimulatedTimeTests {
  @Test(arguments: [
    (SimulatedDuration.zero, "0ms"), (.milliseconds(9_999), "9s 999ms"), (.seconds(10), "10s"),
    (.minutes(65), "1h 5m"), (.hours(1), "1h"), (.milliseconds(-1_500), "-1s 500ms"),
  ])
  func durationDescription(_ row: (SimulatedDuration, String)) {
    #expect(row.0.description == row.1)
  }

  @Test func instantArithmetic() {
    #expect(at(1_000).advanced(by: .seconds(2)) == at(3_000))
    #expect(at(3_000).duration(since: at(1_000)) == .seconds(2))
    #expect(at(.max).advanced(by: .seconds(1)) == at(.max))
    #expect(at(61_000).description == "t+1m 1s")
  }

  @Test func hugeDurationsSaturate() {
    #expect(SimulatedDuration.hours(.max).milliseconds == .max)
    #expect(SimulatedDuration.hours(.min).milliseconds == .min)
  }

  @Test func deviceErrorsDescribeThemselves() {
    #expect(
      DeviceError.blocked(until: at(60_000)).description == "passcode entry is disabled until t+1m")
    #expect(DeviceError.invalidTimeAdvance(milliseconds: -5).description.contains("-5ms"))
  }
}
