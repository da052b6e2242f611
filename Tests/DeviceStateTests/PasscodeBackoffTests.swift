import Testing

@testable import DeviceState

@Suite struct PasscodeBackoffTests {
  /// [APS] "Escalating time delays after failed passcode attempts".
  static let table: [(attempt: Int, delay: SimulatedDuration)] = [
    (1, .zero), (2, .zero), (3, .zero), (4, .zero), (5, .minutes(1)), (6, .minutes(5)),
    (7, .minutes(15)), (8, .minutes(15)), (9, .hours(1)), (10, .hours(1)), (25, .hours(1)),
  ]

  @Test(arguments: table)
  func delayAfterAttempt(_ row: (attempt: Int, delay: SimulatedDuration)) {
    #expect(PasscodeBackoff.delay(afterFailedAttempts: row.attempt) == row.delay)
  }

  /// Enters wrong passcodes one after another, waiting out each delay, and checks the block set
  /// after every failure.
  @Test func consecutiveFailuresEscalate() throws {
    var phone = device(.setClean, .beforeFirstUnlock, now: 0)
    for row in Self.table.prefix(10) {
      let before = phone.clock.now
      #expect(try phone.handle(.unlockFailed) == [])
      #expect(phone.passcode.failedAttempts == row.attempt)
      let expectedBlock = row.delay > .zero ? before.advanced(by: row.delay) : nil
      #expect(phone.passcode.blockedUntil == expectedBlock, "after attempt \(row.attempt)")
      if row.delay > .zero {
        var early = phone
        #expect(throws: DeviceError.blocked(until: before.advanced(by: row.delay))) {
          _ = try early.handle(.timeAdvanced(milliseconds: row.delay.milliseconds - 1))
          _ = try early.handle(.unlockFailed)
        }
      }
      _ = try phone.handle(.timeAdvanced(milliseconds: row.delay.milliseconds))
    }
    #expect(phone.lock == .beforeFirstUnlock)
  }

  @Test func successResetsTheCount() throws {
    var phone = device(.setClean, .locked(since: at(0)), now: 0)
    for _ in 1...4 { _ = try phone.handle(.unlockFailed) }
    _ = try phone.handle(.unlockSucceeded)
    _ = try phone.handle(.lockButtonPressed)
    _ = try phone.handle(.unlockFailed)
    #expect(phone.passcode == .set(failedAttempts: 1, blockedUntil: nil))
  }
}
