import DeviceState

/// What one SecItem call returned: Apple's status, the result object and, when the call did
/// not plainly succeed, an explanation.
public struct SecItemOutcome: Sendable, Hashable {
  public var status: OSStatus
  /// The object `SecItemAdd` / `SecItemCopyMatching` would store through `result`; `nil` when
  /// Apple returns NULL (no return key, `kSecReturnRef` on a password, a failed call).
  public var result: SecValue?
  /// Rendered when read: a miss's near misses are worked out only if its explanation is
  /// read (``DeferredDiagnosis``), and then as they were at the call.
  public var explanation: Explanation? {
    get {
      switch explanationSource {
      case .given(let explanation): explanation
      case .rendered(let failure): failure.explanation
      }
    }
    set { explanationSource = .given(newValue) }
  }
  private var explanationSource: ExplanationSource

  private enum ExplanationSource: Sendable {
    case given(Explanation?)
    /// The failure's rendering, made when read.
    case rendered(SecItemFailure)
  }
  /// Set when the simulator cannot reproduce what a device would do for this call (for example
  /// reading an item whose access control needs Face ID); `status` is then not Apple's answer.
  public var limitation: SimulationLimitation?
  /// Set when no program on the device could have made the call (``SecItemCallRefusal``);
  /// `status` is then not Apple's answer.
  public var callRefusal: SecItemCallRefusal?
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
    self.explanationSource = .given(explanation)
    self.limitation = limitation
  }

  /// The outcome of a call the device refused to run: `refusal` says why.
  public init(refusing refusal: SecItemCallRefusal) {
    self.init(status: .errSecUnimplemented)
    callRefusal = refusal
  }

  /// The outcome of `failure`, its explanation rendered when read.
  init(rendering failure: SecItemFailure, limitation: SimulationLimitation?) {
    status = failure.status
    explanationSource = .rendered(failure)
    self.limitation = limitation
    self.failure = failure.kind
  }

  public static func == (lhs: SecItemOutcome, rhs: SecItemOutcome) -> Bool {
    lhs.status == rhs.status && lhs.result == rhs.result && lhs.explanation == rhs.explanation
      && lhs.limitation == rhs.limitation && lhs.callRefusal == rhs.callRefusal
      && lhs.failure == rhs.failure
      && lhs.warning == rhs.warning
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(status)
    hasher.combine(result)
    hasher.combine(explanation)
    hasher.combine(limitation)
    hasher.combine(callRefusal)
    hasher.combine(failure)
    hasher.combine(warning)
  }

  /// `true` when the simulator could not answer as a device would.
  public var isUnsupported: Bool { limitation != nil }
}
