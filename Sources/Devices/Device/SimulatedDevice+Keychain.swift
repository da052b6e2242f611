import DeviceState
import KeychainEngine

/// The four SecItem calls, made as the current ``SimulatedDevice/caller``. On a Mac they go
/// through the shim of ``MacKeychains`` (docs/evidence.md §11, fact 35).
extension SimulatedDevice {
  /// `SecItemAdd(query, &result)`.
  public func secItemAdd(_ query: SecQuery) -> SecItemOutcome {
    if let macKeychains {
      return macKeychains.add(
        query, dataProtection: engine, context: callContext)
    }
    return engine.add(query, context: callContext)
  }

  /// `SecItemCopyMatching(query, &result)`.
  public func secItemCopyMatching(_ query: SecQuery) -> SecItemOutcome {
    if let macKeychains {
      return macKeychains.copyMatching(
        query, dataProtection: engine, context: callContext, dialog: keychainAccessDialog)
    }
    return engine.copyMatching(query, context: callContext)
  }

  /// `SecItemUpdate(query, attributesToUpdate)`.
  public func secItemUpdate(_ query: SecQuery, _ attributesToUpdate: SecQuery) -> SecItemOutcome {
    if let macKeychains {
      return macKeychains.update(
        query, attributesToUpdate, dataProtection: engine, context: callContext)
    }
    return engine.update(query, attributesToUpdate, context: callContext)
  }

  /// `SecItemDelete(query)`.
  public func secItemDelete(_ query: SecQuery) -> SecItemOutcome {
    if let macKeychains {
      return macKeychains.delete(query, dataProtection: engine, context: callContext)
    }
    return engine.delete(query, context: callContext)
  }
}
