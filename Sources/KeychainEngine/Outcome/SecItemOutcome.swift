import DeviceState

/// What one SecItem call returned: Apple's status, the result object and, when the call did
/// not plainly succeed, an explanation.
///
/// Everything but the status and the result sits in one shared, immutable ``Details`` box:
/// a plain success carries none and a failure one reference, so building, copying and
/// destroying an outcome costs a retain, not the copy of every field (issue 29). A failure
/// rendered when read and nothing else (every miss) is its kind alone, itself one reference:
/// no box of its own.
public struct SecItemOutcome: Sendable, Hashable {
  public var status: OSStatus
  /// The object `SecItemAdd` / `SecItemCopyMatching` would store through `result`; `nil` when
  /// Apple returns NULL (no return key, `kSecReturnRef` on a password, a failed call).
  public var result: SecValue?
  /// The fields past the status and the result.
  private var details = Storage.none

  /// Rendered when read: a miss's near misses are worked out only if its explanation is
  /// read (``DeferredDiagnosis``), and then as they were at the call.
  public var explanation: Explanation? {
    get {
      let fields: Fields
      switch details {
      case .none: return nil
      case .failure(let kind): return SecItemFailureRenderer.explanation(of: kind)
      case .boxed(let box): fields = box.fields
      }
      switch fields.explanationSource {
      case .given(let explanation): return explanation
      case .renderedFromFailure:
        return fields.failure.map { SecItemFailureRenderer.explanation(of: $0) }
      }
    }
    set { change { $0.explanationSource = .given(newValue) } }
  }
  /// Set when the simulator cannot reproduce what a device would do for this call (for example
  /// reading an item whose access control needs Face ID); `status` is then not Apple's answer.
  public var limitation: SimulationLimitation? {
    get { box?.fields.limitation }
    set { change { $0.limitation = newValue } }
  }
  /// Set when no program on the device could have made the call (``SecItemCallRefusal``);
  /// `status` is then not Apple's answer.
  public var callRefusal: SecItemCallRefusal? {
    get { box?.fields.callRefusal }
    set { change { $0.callRefusal = newValue } }
  }
  /// Why the engine refused the call, as data (the explanation is its rendering); `nil` for
  /// a success, a warning, or an outcome made outside the engine.
  var failure: SecItemFailure.Kind? {
    get {
      switch details {
      case .none: nil
      case .failure(let kind): kind
      case .boxed(let box): box.fields.failure
      }
    }
    set {
      change { fields in
        // A deferred explanation is the old failure's: rendered before the failure changes.
        if case .renderedFromFailure = fields.explanationSource, let old = fields.failure {
          fields.explanationSource = .given(SecItemFailureRenderer.explanation(of: old))
        }
        fields.failure = newValue
      }
    }
  }
  /// What a successful call did that a developer would not expect, as data; `nil` otherwise.
  var warning: SecItemWarning? {
    get { box?.fields.warning }
    set { change { $0.warning = newValue } }
  }

  /// How the fields past the status and the result are kept.
  private enum Storage: Sendable {
    /// Every field is empty.
    case none
    /// A failure whose explanation is its rendering, made when read, and no other field.
    case failure(SecItemFailure.Kind)
    case boxed(Details)
  }

  /// The box of the fields, `nil` when they are not boxed.
  private var box: Details? {
    if case .boxed(let box) = details { return box }
    return nil
  }

  /// The fields past the status and the result; never changed once boxed, so a copy of the
  /// outcome shares them (a setter boxes a changed copy).
  private final class Details: Sendable {
    let fields: Fields

    init(_ fields: Fields) { self.fields = fields }
  }

  private struct Fields: Sendable {
    var explanationSource = ExplanationSource.given(nil)
    var limitation: SimulationLimitation?
    var callRefusal: SecItemCallRefusal?
    var failure: SecItemFailure.Kind?
    var warning: SecItemWarning?
  }

  private enum ExplanationSource: Sendable {
    case given(Explanation?)
    /// The rendering of `Fields.failure`, made when read. No copy of the failure of its own:
    /// a second copy of a miss's failure was made with every outcome and torn down with it
    /// (issue 29).
    case renderedFromFailure
  }

  /// Boxes `details` changed by `body`.
  private mutating func change(_ body: (inout Fields) -> Void) {
    var fields: Fields
    switch details {
    case .none: fields = Fields()
    case .failure(let kind): fields = Fields(explanationSource: .renderedFromFailure, failure: kind)
    case .boxed(let box): fields = box.fields
    }
    body(&fields)
    details = .boxed(Details(fields))
  }

  public init(
    status: OSStatus, result: SecValue? = nil, explanation: Explanation? = nil,
    limitation: SimulationLimitation? = nil
  ) {
    self.status = status
    self.result = result
    if explanation != nil || limitation != nil {
      details = .boxed(
        Details(Fields(explanationSource: .given(explanation), limitation: limitation)))
    }
  }

  /// The outcome of a call the device refused to run: `refusal` says why.
  public init(refusing refusal: SecItemCallRefusal) {
    status = .errSecUnimplemented
    details = .boxed(Details(Fields(callRefusal: refusal)))
  }

  /// The outcome of `failure`, its explanation rendered when read (`deferred`) or now.
  ///
  /// `failure` is borrowed: owned (an initializer's default), every failed call copied its
  /// failure whole for this and tore the copy down (issue 29).
  init(
    rendering failure: borrowing SecItemFailure, limitation: SimulationLimitation?,
    deferred: Bool
  ) {
    status = failure.status
    if deferred, limitation == nil {
      details = .failure(failure.kind)
      return
    }
    details = .boxed(
      Details(
        Fields(
          explanationSource: deferred ? .renderedFromFailure : .given(failure.explanation),
          limitation: limitation, failure: failure.kind)))
  }

  /// The successful outcome returning `result` and carrying `warning`.
  init(result: SecValue?, warning: SecItemWarning, explanation: Explanation) {
    status = .errSecSuccess
    self.result = result
    details = .boxed(Details(Fields(explanationSource: .given(explanation), warning: warning)))
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
