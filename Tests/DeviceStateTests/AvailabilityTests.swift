import Testing

@testable import DeviceState

/// One device state and what each tier should be in it.
struct AvailabilityCase: CustomTestStringConvertible, Sendable {
  let name: String
  let device: SecurityState
  let a: ClassAvailability
  let akpu: ClassAvailability
  let c: ClassAvailability
  let d: ClassAvailability

  var testDescription: String { name }

  func expected(for protectionClass: ProtectionClass) -> ClassAvailability {
    switch protectionClass {
    case .ak, .aku: a
    case .akpu: akpu
    case .ck, .cku: c
    case .dk, .dku: d
    }
  }
}

private let now: Int64 = 3 * hour
private let set = PasscodeState.setClean
private let noPasscode = ClassAvailability.unavailable(.noPasscode)
private let bfu = ClassAvailability.unavailable(.beforeFirstUnlock)

let availabilityCases: [AvailabilityCase] = [
  .init(
    name: "no passcode, unlocked", device: device(.notSet, .unlocked, now: now),
    a: .available, akpu: noPasscode, c: .available, d: .available),
  .init(
    name: "no passcode, locked an hour",
    device: device(.notSet, .locked(since: at(now - hour)), now: now),
    a: .available, akpu: noPasscode, c: .available, d: .available),
  .init(
    name: "no passcode, before first unlock", device: device(.notSet, .beforeFirstUnlock, now: now),
    a: .available, akpu: noPasscode, c: .available, d: .available),
  .init(
    name: "passcode, unlocked", device: device(set, .unlocked, now: now),
    a: .available, akpu: .available, c: .available, d: .available),
  .init(
    name: "passcode, before first unlock", device: device(set, .beforeFirstUnlock, now: now),
    a: bfu, akpu: bfu, c: bfu, d: .available),
  .init(
    name: "passcode, locked just now", device: device(set, .locked(since: at(now)), now: now),
    a: .available, akpu: .available, c: .available, d: .available),
  .init(
    name: "passcode, locked 9 999 ms",
    device: device(set, .locked(since: at(now - 9_999)), now: now),
    a: .available, akpu: .available, c: .available, d: .available),
  .init(
    name: "passcode, locked 10 000 ms",
    device: device(set, .locked(since: at(now - 10_000)), now: now),
    a: .unavailable(.lockedPastGrace(lockedFor: .seconds(10))),
    akpu: .unavailable(.lockedPastGrace(lockedFor: .seconds(10))), c: .available, d: .available),
  .init(
    name: "passcode, locked an hour, blocked",
    device: device(
      .set(failedAttempts: 9, blockedUntil: at(now + hour)), .locked(since: at(now - hour)),
      now: now),
    a: .unavailable(.lockedPastGrace(lockedFor: .hours(1))),
    akpu: .unavailable(.lockedPastGrace(lockedFor: .hours(1))), c: .available, d: .available),
]

@Suite struct AvailabilityTests {
  @Test(arguments: availabilityCases, ProtectionClass.allCases)
  func availability(_ state: AvailabilityCase, _ protectionClass: ProtectionClass) {
    #expect(state.device.availability(of: protectionClass) == state.expected(for: protectionClass))
  }

  @Test func freshDeviceHasEverythingButAkpu() {
    let fresh = SecurityState.fresh()
    #expect(fresh.passcode == .notSet)
    #expect(fresh.lock == .unlocked)
    #expect(fresh.clock.now == .epoch)
    #expect(fresh.availableClasses == Set(ProtectionClass.allCases).subtracting([.akpu]))
  }

  @Test func graceBoundaryByAdvancingTime() throws {
    var phone = device(.setClean, .unlocked, now: 0)
    _ = try phone.handle(.lockButtonPressed)
    #expect(try phone.handle(.timeAdvanced(milliseconds: 9_999)) == [])
    #expect(phone.availability(of: .ak) == .available)
    #expect(
      try phone.handle(.timeAdvanced(milliseconds: 1))
        == [.discardClassKeys([.ak, .aku, .akpu])])
    #expect(phone.availability(of: .ak) == .unavailable(.lockedPastGrace(lockedFor: .seconds(10))))
    #expect(phone.availability(of: .ck) == .available)
  }

  @Test func reasonsExplainThemselves() {
    #expect(UnavailabilityReason.beforeFirstUnlock.description.contains("since it booted"))
    #expect(
      UnavailabilityReason.lockedPastGrace(lockedFor: .minutes(3)).description
        == "the device has been locked for 3m, past the 10s grace period")
    #expect(UnavailabilityReason.noPasscode.description == "no passcode is set")
  }
}
