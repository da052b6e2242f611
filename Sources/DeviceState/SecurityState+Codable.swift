extension SecurityState {
  /// Written out by hand (not synthesized) so decoding can validate.
  private enum Key: String, CodingKey {
    case passcode, lock, clock, biometry
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(passcode, forKey: .passcode)
    try container.encode(lock, forKey: .lock)
    try container.encode(clock, forKey: .clock)
    try container.encode(biometry, forKey: .biometry)
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
    // Device files written before biometry existed have none: a fresh Face ID device.
    let biometry = try container.decodeIfPresent(BiometryState.self, forKey: .biometry) ?? .fresh
    if biometry.failedMatches < 0 || Set(biometry.enrolled).count != biometry.enrolled.count {
      throw DecodingError.dataCorruptedError(
        forKey: .biometry, in: container, debugDescription: "impossible biometry state")
    }
    self.init(passcode: passcode, lock: lock, clock: clock, biometry: biometry)
  }
}
