import DeviceState
import KeychainEngine

/// What a statement does to an `LAContext` (docs/scenario-language.md §7).
package enum ContextAction: Hashable, Sendable {
  /// `ctx.touchIDAuthenticationAllowableReuseDuration = 10` (a number is seconds, as
  /// `TimeInterval`; `LATouchIDAuthenticationMaximumAllowableReuseDuration` is 300 s).
  case setReuseDuration(SimulatedDuration)
  /// `ctx.interactionNotAllowed = true`.
  case setInteractionNotAllowed(Bool)
  /// `ctx.localizedReason = "..."`.
  case setLocalizedReason(String)
  /// `ctx.localizedFallbackTitle = "..."` (extension).
  case setLocalizedFallbackTitle(String)
  /// `ctx.localizedCancelTitle = "..."` (extension).
  case setLocalizedCancelTitle(String)
  /// `ctx.evaluatePolicy(<policy>, localizedReason: "...")`.
  case evaluatePolicy(LAPolicy, localizedReason: String)
  /// `ctx.canEvaluatePolicy(<policy>)`.
  case canEvaluatePolicy(LAPolicy)
  /// `ctx.invalidate()`.
  case invalidate
}
