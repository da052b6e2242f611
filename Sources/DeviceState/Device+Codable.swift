extension Device {
  /// Written out by hand (not synthesized) so decoding can validate.
  private enum Key: String, CodingKey {
    case passcode, lock, clock
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(passcode, forKey: .passcode)
    try container.encode(lock, forKey: .lock)
    try container.encode(clock, forKey: .clock)
  }

  /// Decodes a saved device, rejecting states the transitions can never produce, so a damaged
  /// device file fails with a `DecodingError` saying where instead of misbehaving later.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    let passcode = try container.decode(PasscodeState.self, forKey: .passcode)
    let lock = try container.decode(LockState.self, forKey: .lock)
    let clock = try container.decode(SimulatedClock.self, forKey: .clock)
    if passcode.failedAttempts < 0 {
      throw DecodingError.dataCorruptedError(
        forKey: .passcode, in: container, debugDescription: "negative failed-attempt count")
    }
    if case .locked(let since) = lock, since > clock.now {
      throw DecodingError.dataCorruptedError(
        forKey: .lock, in: container, debugDescription: "locked since \(since), after \(clock.now)")
    }
    self.init(passcode: passcode, lock: lock, clock: clock)
  }
}
