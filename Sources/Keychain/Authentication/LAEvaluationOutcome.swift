/// What `evaluatePolicy` or `canEvaluatePolicy` returned.
public struct LAEvaluationOutcome: Sendable, Hashable {
  /// `true` for a successful evaluation, or `canEvaluatePolicy`'s value.
  public var value: Bool
  /// The error when `value` is false.
  public var error: LAErrorCode?
  /// Why it failed, or a note about a surprise (a reuse window that did not apply).
  public var explanation: Explanation?

  public init(value: Bool, error: LAErrorCode? = nil, explanation: Explanation? = nil) {
    self.value = value
    self.error = error
    self.explanation = explanation
  }

  static func failure(_ error: LAErrorCode, _ cause: String, fix: String? = nil)
    -> LAEvaluationOutcome
  {
    LAEvaluationOutcome(
      value: false, error: error, explanation: Explanation(cause: cause, fix: fix))
  }
}

/// Misuse Apple answers with an Objective-C exception, not an error: a scenario cannot go on.
public struct LAContextMisuse: Error, Sendable, Hashable, CustomStringConvertible {
  public var description: String
}
