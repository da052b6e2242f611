/// What one SecItem call returned: Apple's status, the result object and, when the call did
/// not plainly succeed, an explanation.
public struct SecItemOutcome: Sendable, Hashable {
  public var status: OSStatus
  /// The object `SecItemAdd` / `SecItemCopyMatching` would store through `result`; `nil` when
  /// Apple returns NULL (no return key, `kSecReturnRef` on a password, a failed call).
  public var result: SecValue?
  public var explanation: Explanation?
  /// Set when the simulator cannot reproduce what a device would do for this call (for example
  /// reading an item whose access control needs Face ID); `status` is then not Apple's answer.
  public var limitation: SimulationLimitation?
  /// Why the engine refused the call, as data (the explanation is its rendering); `nil` for
  /// a success, a warning, or an outcome made outside the engine.
  var failure: SecItemFailure.Kind?
  /// What a successful call did that a developer would not expect, as data; `nil` otherwise.
  var warning: SecItemWarning?

  public init(
    status: OSStatus, result: SecValue? = nil, explanation: Explanation? = nil,
    limitation: SimulationLimitation? = nil
  ) {
    self.status = status
    self.result = result
    self.explanation = explanation
    self.limitation = limitation
  }

  /// `true` when the simulator could not answer as a device would.
  public var isUnsupported: Bool { limitation != nil }
}
