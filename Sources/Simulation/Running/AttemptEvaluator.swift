import Keychain

/// Decides whether one background read of one item succeeds in a given security state.
///
/// The rules are the engine's own: the class-key rule is `SecurityState.availability(of:)`
/// (the function the keychain's keybag follows), and the order of the checks (entitlement,
/// then the item's class key, then its access control, where no prompt can be shown in the
/// background) is `ReadObstacle.first`, whose stages the engine and the authenticator call
/// where they make each decision. `EngineAgreementTests` replays timelines through
/// `SimulatedDevice` to keep the two in step.
enum AttemptEvaluator {
  /// `nil` when the read succeeds, else why it fails.
  ///
  /// - Parameter itemGeneration: the biometry domain generation the item was bound to when saved.
  static func failure(
    reading item: AppSpec.Item, in work: AppSpec.Work, state: SecurityState, itemGeneration: Int
  ) -> FailureReason? {
    let obstacle = ReadObstacle.first(
      callerHasAccessGroup: !work.kind.runsInExtension || work.hasAccessGroup,
      classKey: state.availability(of: item.protection),
      needsPrompt: item.needsPrompt,
      biometrySetChanged: item.boundToBiometrySet
        && state.biometry.domainGeneration != itemGeneration,
      promptAllowed: false)
    switch obstacle {
    case nil: return nil
    case .missingEntitlement: return .missingEntitlement
    case .classKeyUnavailable(.noPasscode): return .noPasscode
    case .classKeyUnavailable(.beforeFirstUnlock): return .beforeFirstUnlock
    case .classKeyUnavailable(.lockedPastGrace): return .afterLock
    case .biometrySetChanged: return .biometrySetChanged
    case .promptNotAllowed: return .promptInBackground
    }
  }
}
