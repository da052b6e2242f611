import Keychain

/// Decides whether one background read of one item succeeds in a given security state.
///
/// The class-key rule is the engine's own (`SecurityState.availability(of:)`, the function the
/// keychain's keybag follows); the checks around it follow the order the engine applies them in:
/// entitlement, then the item's class key, then its access control (a prompt cannot be shown in
/// the background). `EngineAgreementTests` replays timelines through `SimulatedDevice` to keep
/// the two in step.
enum AttemptEvaluator {
  /// `nil` when the read succeeds, else why it fails.
  ///
  /// - Parameter itemGeneration: the biometry domain generation the item was bound to when saved.
  static func failure(
    reading item: AppSpec.Item, in work: AppSpec.Work, state: SecurityState, itemGeneration: Int
  ) -> FailureReason? {
    if work.kind.runsInExtension, !work.hasAccessGroup { return .missingEntitlement }
    switch state.availability(of: item.protection) {
    case .available: break
    case .unavailable(.noPasscode): return .noPasscode
    case .unavailable(.beforeFirstUnlock): return .beforeFirstUnlock
    case .unavailable(.lockedPastGrace): return .afterLock
    }
    if item.needsPrompt {
      if item.boundToBiometrySet, state.biometry.domainGeneration != itemGeneration {
        return .biometrySetChanged
      }
      return .promptInBackground
    }
    return nil
  }
}
