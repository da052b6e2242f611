import KeychainEngine

/// The four SecItem calls, made as the current ``SimulatedDevice/caller``: refused when no
/// program could make them (the caller is not installed), else sent down the device's
/// ``SimulatedDevice/route`` (on a Mac, through the shim of ``MacKeychains``;
/// docs/evidence.md §11, fact 35).
extension SimulatedDevice {
  /// `SecItemAdd(query, &result)`.
  public func secItemAdd(_ query: SecQuery) -> SecItemOutcome {
    let call = callContext
    if !call.callerIsInstalled, let refusal = callRefusal {
      return SecItemOutcome(refusing: refusal)
    }
    return call.run { route.add(query, context: $0, from: self) }
  }

  /// `SecItemCopyMatching(query, &result)`.
  public func secItemCopyMatching(_ query: SecQuery) -> SecItemOutcome {
    let call = callContext
    if !call.callerIsInstalled, let refusal = callRefusal {
      return SecItemOutcome(refusing: refusal)
    }
    return call.run { route.copyMatching(query, context: $0, from: self) }
  }

  /// `SecItemUpdate(query, attributesToUpdate)`.
  public func secItemUpdate(_ query: SecQuery, _ attributesToUpdate: SecQuery) -> SecItemOutcome {
    let call = callContext
    if !call.callerIsInstalled, let refusal = callRefusal {
      return SecItemOutcome(refusing: refusal)
    }
    return call.run { route.update(query, attributesToUpdate, context: $0, from: self) }
  }

  /// `SecItemDelete(query)`.
  public func secItemDelete(_ query: SecQuery) -> SecItemOutcome {
    let call = callContext
    if !call.callerIsInstalled, let refusal = callRefusal {
      return SecItemOutcome(refusing: refusal)
    }
    return call.run { route.delete(query, context: $0, from: self) }
  }

  /// Why the current caller cannot make keychain calls at all, or `nil` when it can: a
  /// deleted app has no process to make them.
  public var callRefusal: SecItemCallRefusal? {
    guard !callerIsInstalled else { return nil }
    return SecItemCallRefusal(
      reason: "\(caller.app.bundleID) is not installed (it was deleted), so it cannot make "
        + "keychain calls",
      advice: "`app install` it again or `app use` another app")
  }
}

extension SimulatedDevice: KeychainRouteHost {}
