/// The four SecItem calls, made as the current ``SimulatedDevice/caller``.
extension SimulatedDevice {
  /// `SecItemAdd(query, &result)`.
  public func secItemAdd(_ query: SecQuery) -> SecItemOutcome {
    engine.add(query, context: callContext)
  }

  /// `SecItemCopyMatching(query, &result)`.
  public func secItemCopyMatching(_ query: SecQuery) -> SecItemOutcome {
    engine.copyMatching(query, context: callContext)
  }

  /// `SecItemUpdate(query, attributesToUpdate)`.
  public func secItemUpdate(_ query: SecQuery, _ attributesToUpdate: SecQuery) -> SecItemOutcome {
    engine.update(query, attributesToUpdate, context: callContext)
  }

  /// `SecItemDelete(query)`.
  public func secItemDelete(_ query: SecQuery) -> SecItemOutcome {
    engine.delete(query, context: callContext)
  }
}
