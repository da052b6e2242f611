import Testing

@testable import DeviceState

/// The shortcuts behind `handle(.timeAdvanced)`: the availability mask asks four classes for
/// seven, and `advanceClock(by:)` is the event's state change without its command.
@Suite struct AvailabilityMaskTests {
  /// The mask answers as ``SecurityState/availability(of:)`` does for every class, in every
  /// sweep state and a step past class A's grace.
  @Test(arguments: sweepStates)
  func maskMatchesEachClassAvailability(_ start: SecurityState) throws {
    var later = start
    try later.advanceClock(by: .milliseconds(9_999))
    for state in [start, later] {
      let expected = ProtectionClass.allCases.filter { state.availability(of: $0).isAvailable }
      #expect(ProtectionClass.classes(inMask: state.availabilityMask) == Set(expected))
    }
  }

  @Test(arguments: ProtectionClass.allCases)
  func eachBitNamesItsOwnClass(_ protectionClass: ProtectionClass) {
    #expect(ProtectionClass.classes(inMask: protectionClass.bit) == [protectionClass])
  }

  @Test func maskOfEveryBitIsEveryClass() {
    #expect(ProtectionClass.classes(inMask: 0x7F) == Set(ProtectionClass.allCases))
    #expect(ProtectionClass.classes(inMask: 0).isEmpty)
  }

  /// `advanceClock(by:)` leaves the state exactly as `handle(.timeAdvanced)` does, and throws
  /// where it throws, without a change.
  @Test(arguments: sweepStates, [0, 1, 9_999, 10_000, 60_000, hour, -5, Int64.max])
  func advanceClockIsTimeAdvancedWithoutCommand(_ start: SecurityState, _ milliseconds: Int64) {
    var byEvent = start
    var byClock = start
    let eventThrew: Bool
    do {
      _ = try byEvent.handle(.timeAdvanced(milliseconds: milliseconds))
      eventThrew = false
    } catch {
      eventThrew = true
    }
    do {
      try byClock.advanceClock(by: .milliseconds(milliseconds))
      #expect(!eventThrew)
    } catch {
      #expect(eventThrew)
      #expect(byClock == start)
    }
    #expect(byClock == byEvent)
  }

  /// `handle(.timeAdvanced)` discards exactly the classes the step made unavailable, asked
  /// class by class.
  @Test(arguments: sweepStates, [1, 9_999, 10_000, hour])
  func timeAdvancedDiscardsExactlyTheLostClasses(_ start: SecurityState, _ milliseconds: Int64)
    throws
  {
    var next = start
    let commands = try next.handle(.timeAdvanced(milliseconds: milliseconds))
    let lost = start.availableClasses.subtracting(next.availableClasses)
    #expect(commands == (lost.isEmpty ? [] : [.discardClassKeys(lost)]))
  }
}
