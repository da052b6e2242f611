extension SecurityState {
  /// Whether `protectionClass`'s key is usable in the current state.
  ///
  /// Rules (docs/evidence.md §6.2 and §10): D always; C once unlocked since boot or with no
  /// passcode; A with no passcode, while unlocked, or within ``classAGracePeriod`` of locking;
  /// `akpu` additionally needs a passcode. With no passcode the keybag is protected by the UID
  /// alone, so nothing is ever locked, even before first unlock (docs/fidelity.md, "No
  /// passcode: nothing is ever locked").
  public func availability(of protectionClass: ProtectionClass) -> ClassAvailability {
    if protectionClass == .akpu, !passcode.isSet { return .unavailable(.noPasscode) }
    guard passcode.isSet else { return .available }
    switch (protectionClass.tier, lock) {
    case (.d, _), (_, .unlocked):
      return .available
    case (.a, .beforeFirstUnlock), (.c, .beforeFirstUnlock):
      return .unavailable(.beforeFirstUnlock)
    case (.c, .locked):
      return .available
    case (.a, .locked(let since)):
      let lockedFor = clock.now.duration(since: since)
      return lockedFor < Self.classAGracePeriod
        ? .available : .unavailable(.lockedPastGrace(lockedFor: lockedFor))
    }
  }

  /// The classes available right now.
  public var availableClasses: Set<ProtectionClass> {
    Set(ProtectionClass.allCases.filter { availability(of: $0).isAvailable })
  }
}
