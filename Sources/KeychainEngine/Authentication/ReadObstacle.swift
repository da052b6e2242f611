import DeviceState

/// What stops a read of a stored item, in the order the engine meets the obstacles: the
/// caller's entitlement (checked when the call is validated), then the item's class key
/// (checked when its row is opened), then its access control (checked when the authenticator
/// authorises the opened item). The first obstacle met is the one the call fails with.
///
/// The engine uses the stages where it makes each decision (``entitlement(callerHasAccessGroup:)``
/// in `AccessGroupPolicy`, ``accessControl(needsPrompt:biometrySetChanged:promptAllowed:)`` in
/// the device's authenticator); ``first(callerHasAccessGroup:classKey:needsPrompt:biometrySetChanged:promptAllowed:)``
/// chains them for a reader that judges a read without running the engine (the population
/// simulation). Plain inputs and no allocation: it sits on the SecItem path.
package enum ReadObstacle: Equatable, Hashable, Sendable {
  /// The caller has no keychain access group at all (errSecMissingEntitlement).
  case missingEntitlement
  /// The item's class key is not usable (errSecInteractionNotAllowed; for `akpu` with no
  /// passcode the item cannot exist).
  case classKeyUnavailable(UnavailabilityReason)
  /// The item is bound to a Face ID / Touch ID enrolment set that has changed, and no other
  /// factor of its access control can stand in (errSecAuthFailed, for good).
  case biometrySetChanged
  /// The item needs a prompt and none may be shown: the app is in the background, the query
  /// or context forbids UI, or the extension cannot present it (errSecInteractionNotAllowed).
  case promptNotAllowed

  /// The first obstacle a read meets, or `nil` when the read gets past all of them.
  ///
  /// - Parameters:
  ///   - callerHasAccessGroup: whether the caller holds any keychain access group.
  ///   - classKey: the availability of the item's class key (`SecurityState.availability(of:)`).
  ///   - needsPrompt: whether the item's access control needs the user (the context does not
  ///     already hold what it needs).
  ///   - biometrySetChanged: whether the item is bound to a biometry enrolment set
  ///     (biometryCurrentSet) that changed, with no other factor accepted instead.
  ///   - promptAllowed: whether a prompt may be shown.
  @inlinable
  package static func first(
    callerHasAccessGroup: Bool, classKey: ClassAvailability, needsPrompt: Bool,
    biometrySetChanged: Bool, promptAllowed: Bool
  ) -> ReadObstacle? {
    if let obstacle = entitlement(callerHasAccessGroup: callerHasAccessGroup) { return obstacle }
    if let obstacle = Self.classKey(classKey) { return obstacle }
    return accessControl(
      needsPrompt: needsPrompt, biometrySetChanged: biometrySetChanged,
      promptAllowed: promptAllowed)
  }

  /// The first stage: a caller without any keychain access group is refused every call.
  @inlinable
  package static func entitlement(callerHasAccessGroup: Bool) -> ReadObstacle? {
    callerHasAccessGroup ? nil : .missingEntitlement
  }

  /// The second stage: the item's class key must be in memory.
  @inlinable
  package static func classKey(_ availability: ClassAvailability) -> ReadObstacle? {
    switch availability {
    case .available: nil
    case .unavailable(let reason): .classKeyUnavailable(reason)
    }
  }

  /// The third stage: an item whose access control needs the user. A changed enrolment set
  /// fails before the question of a prompt arises: no prompt could satisfy it.
  @inlinable
  package static func accessControl(
    needsPrompt: Bool, biometrySetChanged: Bool, promptAllowed: Bool
  ) -> ReadObstacle? {
    guard needsPrompt else { return nil }
    if biometrySetChanged { return .biometrySetChanged }
    return promptAllowed ? nil : .promptNotAllowed
  }
}
