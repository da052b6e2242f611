import DeviceState
import Foundation
import ItemStore
import Keybag
import KeychainEngine

/// Passcode, lock, unlock, reboot and time: each checks the state machine first (on a copy),
/// then does the keybag's crypto, then commits and saves.
extension SimulatedDevice {
  /// Sets a passcode where none is set: creates the `akpu` class and protects classes A and C.
  public func setPasscode(_ passcode: String) -> DeviceOutcome {
    guard platform.canSetPasscode else {
      return .refused("passcode not set", .noPasscodeSetting(platform))
    }
    var next = securityState
    let commands: [KeybagCommand]
    do {
      commands = try next.handle(.passcodeSet)
      try keybag.setPasscode(passcode)
    } catch {
      // "passcode not set" would read as "the device has no passcode".
      return refusal("passcode unchanged", error)
    }
    commit(next, commands)
    return .done(
      "passcode set; class A and C keys are now protected by it, and "
        + "kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly items can be stored")
  }

  /// Changes the passcode. A wrong current passcode counts as a failed attempt.
  public func changePasscode(from current: String, to new: String) -> DeviceOutcome {
    var next = securityState
    let commands: [KeybagCommand]
    do {
      try securityState.checkPasscodeEntryAllowed()
      commands = try next.handle(.passcodeChanged)
      try keybag.changePasscode(from: current, to: new)
    } catch {
      return refusal("passcode not changed", error)
    }
    commit(next, commands)
    return .done("passcode changed; the items are untouched (class keys are rewrapped)")
  }

  /// Turns the passcode off: destroys the `akpu` class key and deletes its items, as iOS
  /// does ("Disabling the device passcode will cause all previously protected items to be
  /// deleted", SecItem.h; docs/evidence.md §6.4).
  public func removePasscode(current: String) -> DeviceOutcome {
    var next = securityState
    let commands: [KeybagCommand]
    do {
      try securityState.checkPasscodeEntryAllowed()
      commands = try next.handle(.passcodeRemoved)
      try keybag.removePasscode(current: current)
    } catch {
      return refusal("passcode not removed", error)
    }
    commit(next, commands)
    let purged: Int
    do {
      purged = try purgePasscodeOnlyItems()
    } catch {
      return .refused(
        "passcode removed, but its kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly items were "
          + "not deleted", .storeFailed(detail: "\(error)"))
    }
    return .done(
      "passcode removed; \(purged) kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly item(s) "
        + "deleted with their class key",
      note: Explanation(
        cause: "with no passcode, every class key is protected by the device UID alone: "
          + "locking the device no longer protects any item"))
  }

  /// Presses the side button. Class A keys survive a grace period before being discarded.
  public func lock() -> DeviceOutcome {
    guard securityState.lock == .unlocked else {
      return .done("device already locked (\(LockDescription.of(securityState)))")
    }
    var next = securityState
    let commands: [KeybagCommand]
    do {
      commands = try next.handle(.lockButtonPressed)
    } catch {
      return refusal("device not locked", error)
    }
    commit(next, commands)
    guard securityState.passcode.isSet else {
      guard platform.canSetPasscode else {
        return .done(
          "screen locked",
          note: Explanation(
            cause: "the \(platform.displayName) has no passcode, so it enforces no data "
              + "protection: every class key stays available and every item readable, "
              + "unlike a user's phone",
            fix: "play the same steps on an iPhone with a passcode to see data protection"))
      }
      return .done(
        "screen locked",
        note: Explanation(
          cause: "no passcode is set, so locking protects nothing: every class key stays "
            + "available and every item stays readable",
          fix: "set a passcode (device passcode <digits>) to see data protection at work"))
    }
    return .done(
      "device locked; class A keys are discarded in \(SecurityState.classAGracePeriod) (grace "
        + "period), class C keys stay until reboot")
  }

  /// Unlocks the screen. With a passcode set, `passcode` is checked by the keybag (a wrong
  /// one is counted and may start an escalating delay); with none set, it is a swipe.
  public func unlock(passcode: String? = nil) -> DeviceOutcome {
    guard securityState.passcode.isSet else {
      var next = securityState
      let commands: [KeybagCommand]
      do {
        commands = try next.handle(.unlockSucceeded)
      } catch {
        return refusal("device still locked", error)
      }
      commit(next, commands)
      return .done("device unlocked (no passcode is set)")
    }
    guard let passcode else {
      return .refused("device still locked", .passcodeNeeded)
    }
    var next = securityState
    let commands: [KeybagCommand]
    do {
      try securityState.checkPasscodeEntryAllowed()
      // The state machine is asked first (on a copy) so that a refusal changes nothing.
      commands = try next.handle(.unlockSucceeded)
      try keybag.unlock(passcode: passcode)
    } catch {
      return refusal("device still locked", error)
    }
    commit(next, commands)
    return .done("device unlocked; class A and C keys are available")
  }

  /// Power cycles the device: it comes back before first unlock.
  public func reboot() -> DeviceOutcome {
    var next = securityState
    let commands: [KeybagCommand]
    do {
      commands = try next.handle(.rebooted)
    } catch {
      return refusal("device not restarted", error)
    }
    commit(next, commands)
    guard securityState.passcode.isSet else {
      return .done("device restarted; no passcode is set, so every class key is available")
    }
    return .done(
      "device restarted, before first unlock: only class D (kSecAttrAccessibleAlways) items "
        + "are readable until the passcode is entered")
  }

  /// Moves the simulated clock forward; class A keys go once the grace period after a lock
  /// has run out, and escalating passcode delays end.
  public func advanceClock(by duration: SimulatedDuration) -> DeviceOutcome {
    var next = securityState
    let commands: [KeybagCommand]
    do {
      commands = try next.handle(.timeAdvanced(milliseconds: duration.milliseconds))
    } catch {
      return refusal("clock not moved", error)
    }
    commit(next, commands)
    var summary = "clock advanced by \(duration) to \(securityState.clock.now)"
    for case .discardClassKeys(let classes) in commands {
      let names = ProtectionClass.allCases.filter(classes.contains).map(\.appleName)
      summary += "; unreadable until the next unlock: \(names.joined(separator: ", "))"
    }
    return .done(summary)
  }

  // MARK: - Helpers

  private func commit(_ next: SecurityState, _ commands: [KeybagCommand]) {
    for command in commands { keybag.apply(command) }
    securityState = next
    saveRecordingFailure()
  }

  /// A refused operation. A wrong passcode is recorded as a failed attempt (and saved); a
  /// damaged keybag is not a wrong passcode and counts nothing.
  private func refusal(_ summary: String, _ error: any Error) -> DeviceOutcome {
    switch error {
    case KeybagError.wrongPasscode:
      var next = securityState
      do {
        _ = try next.handle(.unlockFailed)
      } catch {
        return .refused(summary, .deviceRule(error))
      }
      securityState = next
      saveRecordingFailure()
      return .refused(
        summary,
        .wrongPasscode(
          failedAttempts: securityState.passcode.failedAttempts,
          blockedUntil: securityState.passcode.blockedUntil, now: securityState.clock.now))
    case KeybagError.corrupt(let detail):
      return .refused(summary, .damagedKeybag(detail: detail))
    case KeybagError.emptyPasscode:
      return .refused(summary, .emptyPasscode)
    case let error as DeviceError:
      return .refused(summary, .deviceRule(error))
    default:
      return .refused(summary, .keybag("\(error)"))
    }
  }

  /// Has the engine delete every `akpu` item: their key no longer exists. Records how many,
  /// and when, so that a later errSecItemNotFound can mention them (``PasscodeRemoval``).
  private func purgePasscodeOnlyItems() throws(ItemStoreError) -> Int {
    let deleted = try engine.purgeItems(protectedBy: .akpu)
    if !deleted.isEmpty {
      passcodeRemovals.append(PasscodeRemoval(at: securityState.clock.now, deleted: deleted))
      passcodeRemovals = Array(passcodeRemovals.suffix(PasscodeRemoval.remembered))
      saveRecordingFailure()
    }
    return deleted.values.reduce(0, +)
  }
}

/// "unlocked", "locked for 3h", "before first unlock".
package enum LockDescription {
  static func of(_ securityState: SecurityState) -> String {
    switch securityState.lock {
    case .unlocked: "unlocked"
    case .beforeFirstUnlock: "before first unlock"
    case .locked(let since): "locked for \(securityState.clock.now.duration(since: since))"
    }
  }
}
