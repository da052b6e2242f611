import DeviceState

/// What `evaluatePolicy` or `canEvaluatePolicy` returned.
public struct LAEvaluationOutcome: Sendable, Hashable {
  /// `true` for a successful evaluation, or `canEvaluatePolicy`'s value.
  public var value: Bool
  /// The error when `value` is false.
  public var error: LAErrorCode?
  /// Why it failed, when `value` is false.
  public var refusal: AuthenticationRefusal?
  /// A surprise about a successful evaluation (a reuse window that did not apply).
  public var note: EvaluationNote?

  public init(
    value: Bool, error: LAErrorCode? = nil, refusal: AuthenticationRefusal? = nil,
    note: EvaluationNote? = nil
  ) {
    self.value = value
    self.error = error
    self.refusal = refusal
    self.note = note
  }

  /// The refusal or the note in words (``AuthenticationRefusalRenderer``).
  public var explanation: Explanation? {
    if let refusal { return AuthenticationRefusalRenderer.explanation(refusal) }
    return note.map(AuthenticationRefusalRenderer.explanation)
  }

  package static func failure(_ error: LAErrorCode, _ refusal: AuthenticationRefusal)
    -> LAEvaluationOutcome
  {
    LAEvaluationOutcome(value: false, error: error, refusal: refusal)
  }
}

/// Misuse Apple answers with an Objective-C exception, not an error: a scenario cannot go on.
public struct LAContextMisuse: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String

  package init(description: String) {
    self.description = description
  }
}
