import KeychainEngine

/// What every SecItem call of a device is made with while the device stays as it is: the
/// engine's context (security state, clock, caller, apps, passcode removals, the authorizer),
/// whether the caller is installed, and the holder of each call's LAContext.
///
/// Made at the first call after the device's `securityState`, `caller`, `apps` or
/// `passcodeRemovals` changed, and dropped by that change (``SimulatedDevice``'s property
/// observers), so a call sees the device as it is when the call starts. Why: building the
/// context on every call copied each of those values (a retain and a release per string, list
/// and table) and cost about 3.5k instructions of every call (docs/benchmarks-history.md, "The
/// device's call context"). Immutable: a call in progress keeps the context it started with
/// even if the device changes meanwhile, as when the context was built per call.
final class SecItemCallContext {
  let context: SecItemEngine.Context
  /// ``SimulatedDevice/callerIsInstalled`` as the device stands.
  let callerIsInstalled: Bool
  /// The LAContext of each call made with ``context`` (its authorizer's).
  let authentication: CallAuthenticationContext

  init(
    context: SecItemEngine.Context, callerIsInstalled: Bool,
    authentication: CallAuthenticationContext
  ) {
    self.context = context
    self.callerIsInstalled = callerIsInstalled
    self.authentication = authentication
  }

  /// Runs one SecItem call of `context`, with an LAContext of its own.
  @inline(__always)
  func run(_ call: (SecItemEngine.Context) -> SecItemOutcome) -> SecItemOutcome {
    authentication.withNewCall { call(context) }
  }
}
