import DeviceState

/// The simulated user: answers the prompts the device shows.
///
/// The scenario runner plugs in a queue of scripted answers (`user will match`), the REPL one
/// that asks at the terminal. Returning `nil` dismisses the prompt without an answer (the
/// queue ran dry, end of input); the evaluation then fails with `LAError.systemCancel`, and the
/// agent is expected to report the cause to whoever drives the device.
public protocol UserAgent: AnyObject {
  /// The user's answer to `prompt`, one of `prompt.acceptedResponses`, or `nil`.
  func respond(to prompt: AuthenticationPrompt) -> UserResponse?
}

/// A user who never answers: every prompt is dismissed. The default, so a library user who did
/// not plug in an agent gets a failure, never a silent success.
package final class AbsentUser: UserAgent {
  public init() {}
  public func respond(to prompt: AuthenticationPrompt) -> UserResponse? { nil }
}
