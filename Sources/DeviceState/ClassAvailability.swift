/// Whether a protection class's key is usable right now, and if not, why.
public enum ClassAvailability: Equatable, Hashable, Sendable {
  case available
  case unavailable(UnavailabilityReason)

  public var isAvailable: Bool {
    if case .available = self { return true }
    return false
  }
}

/// Why a class key is unavailable, in terms the keychain can explain to a user.
public enum UnavailabilityReason: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The device has rebooted and not been unlocked since (classes A and C).
  case beforeFirstUnlock
  /// The device has been locked for `lockedFor`, past the class A grace period.
  case lockedPastGrace(lockedFor: SimulatedDuration)
  /// `akpu` needs a passcode and none is set.
  case noPasscode

  public var description: String {
    switch self {
    case .beforeFirstUnlock: "the device has not been unlocked since it booted"
    case .lockedPastGrace(let lockedFor):
      "the device has been locked for \(lockedFor), "
        + "past the \(SecurityState.classAGracePeriod) grace period"
    case .noPasscode: "no passcode is set"
    }
  }
}
