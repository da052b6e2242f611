import KeychainEngine

/// The LAContext a SecItem call without kSecUseAuthenticationContext shares across the items
/// it visits, as Security's client makes one per call. Made at the first item that needs the
/// user: most calls visit none, and making a context (its lock) on every call was a share of a
/// plain copy by primary key (docs/benchmarks.md, "The Security module's overhead").
///
/// One holder serves every call made with the same ``SecItemCallContext``: each call runs in
/// ``withNewCall(_:)``, which starts it with no context and gives an enclosing call (one made
/// while another is authorising, from a user agent) its own context back when it returns.
final class CallAuthenticationContext {
  private var current: LAContext?

  /// The context of the call in progress, made at first use.
  var context: LAContext {
    if let current { return current }
    let made = LAContext()
    current = made
    return made
  }

  /// Runs `call` as one SecItem call, with a context of its own.
  func withNewCall<Result>(_ call: () -> Result) -> Result {
    let enclosing = current
    current = nil
    defer { current = enclosing }
    return call()
  }
}
