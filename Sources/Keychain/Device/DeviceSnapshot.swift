/// The device state as `show device`, prompts and `expect device ...` see it.
public struct DeviceSnapshot: Sendable, Hashable, CustomStringConvertible {
  public var lock: LockState
  public var passcodeSet: Bool
  public var failedPasscodeAttempts: Int
  /// When the running escalating passcode delay ends, if one runs.
  public var passcodeBlockedUntil: SimulatedInstant?
  public var now: SimulatedInstant
  /// The protection classes whose items can be read right now.
  public var availableClasses: Set<ProtectionClass>
  public var caller: Caller
  /// Face ID / Touch ID hardware, enrolments, failed matches.
  public var biometry: BiometryState = .fresh
  /// Whether the calling app is in the foreground.
  public var appState: AppExecutionState = .foreground
  /// Set when the device file could not be written after the last change.
  public var saveError: String?

  /// Several lines: lock state, passcode, clock, readable classes, caller.
  public var description: String {
    var lines: [String] = []
    switch lock {
    case .unlocked: lines.append("lock: unlocked")
    case .beforeFirstUnlock: lines.append("lock: before first unlock")
    case .locked(let since):
      lines.append("lock: locked since \(since) (for \(now.duration(since: since)))")
    }
    var passcode = passcodeSet ? "set" : "not set (locking protects nothing)"
    if failedPasscodeAttempts > 0 { passcode += ", \(failedPasscodeAttempts) failed attempt(s)" }
    if let passcodeBlockedUntil { passcode += ", entry disabled until \(passcodeBlockedUntil)" }
    lines.append("passcode: \(passcode)")
    lines.append("biometry: " + Self.describe(biometry))
    lines.append("clock: \(now)")
    let classes = ProtectionClass.allCases.filter(availableClasses.contains).map(\.rawValue)
    lines.append("readable classes: \(classes.isEmpty ? "none" : classes.joined(separator: ", "))")
    let app = caller.app
    lines.append(
      "caller: \(app.bundleID) (team \(app.teamID)), access groups: "
        + (app.accessGroups.isEmpty ? "none" : app.accessGroups.joined(separator: ", "))
        + (appState == .background ? "; in the background (no prompt can be shown)" : ""))
    if let saveError { lines.append("warning: the device file could not be saved: \(saveError)") }
    return lines.joined(separator: "\n")
  }
}

extension DeviceSnapshot {
  /// `Face ID, enrolled: alice, bob; 2 failed matches`.
  static func describe(_ biometry: BiometryState) -> String {
    guard biometry.type != .none else { return "none (no Face ID or Touch ID hardware)" }
    var text = "\(biometry.type), "
    text +=
      biometry.enrolled.isEmpty
      ? "nothing enrolled" : "enrolled: " + biometry.enrolled.joined(separator: ", ")
    if biometry.isLockedOut {
      text += "; locked out after \(biometry.failedMatches) failed matches (passcode required)"
    } else if biometry.failedMatches > 0 {
      text += "; \(biometry.failedMatches) failed match(es) in a row"
    }
    return text
  }
}

extension SimulatedDevice {
  /// The current state, for `show device`.
  public var state: DeviceSnapshot {
    DeviceSnapshot(
      lock: device.lock, passcodeSet: device.passcode.isSet,
      failedPasscodeAttempts: device.passcode.failedAttempts,
      passcodeBlockedUntil: device.passcode.blockedUntil, now: device.clock.now,
      availableClasses: keybag.loadedClasses, caller: caller, biometry: device.biometry,
      appState: appState, saveError: lastSaveError)
  }
}
